/**
 * The batch transaction (spec 01 §7 `POST /api/transaction/`, issue 3 §7): create / update /
 * delete operations on any registries of `resources`, run atomically in one database
 * transaction (the change history of each is written in the same transaction).
 *
 * Body `{operations: [{resource, action, id?, data?}]}`: `resource` = the registry's permission
 * name (e.g. 'container'); `id` for update and delete; `data` = the create body, or the
 * fields to change (PATCH semantics: fields left out keep their value).
 * Answer 200 `{results: [{index, resource, action, status, id, object?}]}` in operation order
 * (status 201 created, 200 updated, 204 deleted; `object` as the card reads it).
 * Refusals: no body → 400 {non_field_errors: [«Невозможно выполнить транзакцию без тела
 * запроса.»]} (spec 01 §8); a malformed operation or a failed one → 400 `{index, detail,
 * errors}` and nothing is written; a missing permission → 403 `{index, detail}`.
 */
import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { defineRoute } from '../common/route';

export const TRANSACTION_PATH = '/api/transaction/';
/** Most operations one transaction takes. */
export const TRANSACTION_MAX_OPERATIONS = 500;

export const TRANSACTION_MSG = {
  noBody: 'Невозможно выполнить транзакцию без тела запроса.',
  noOperations: 'Список операций пуст.',
  tooMany: `Не более ${TRANSACTION_MAX_OPERATIONS} операций в одной транзакции.`,
  unknownResource: (r: string) => `Реестра «${r}» нет.`,
  readOnly: (r: string) => `Реестр «${r}» только для чтения.`,
  idRequired: 'Для изменения и удаления нужен идентификатор объекта.',
  dataRequired: 'Нет данных объекта.',
  notFound: 'Объект не найден.',
  failed: (index: number) => `Операция № ${index + 1} не выполнена; транзакция отменена, ничего не сохранено.`,
  forbidden: (index: number) => `Операция № ${index + 1}: у вас недостаточно прав для выполнения данного действия.`,
} as const;

export const TransactionActionSchema = z.enum(['create', 'update', 'delete']);
export type TransactionAction = z.infer<typeof TransactionActionSchema>;

export const TransactionOperationSchema = z.object({
  resource: z.string().min(1).max(100),
  action: TransactionActionSchema,
  // Bounded to PostgreSQL's integer (common/ids.ts): a bigger id is a 400 on the operation, never a database error.
  id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), IdSchema).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TransactionOperation = z.infer<typeof TransactionOperationSchema>;

export const TransactionBodySchema = z.object({
  operations: z.array(TransactionOperationSchema).min(1, TRANSACTION_MSG.noOperations).max(TRANSACTION_MAX_OPERATIONS, TRANSACTION_MSG.tooMany),
});
export type TransactionBody = z.infer<typeof TransactionBodySchema>;

export const TransactionResultSchema = z.object({
  index: z.number().int(),
  resource: z.string(),
  action: TransactionActionSchema,
  status: z.number().int(),
  id: z.number().int(),
  object: z.record(z.string(), z.unknown()).optional(),
});
export const TransactionAnswerSchema = z.object({ results: z.array(TransactionResultSchema) });
export type TransactionAnswer = z.infer<typeof TransactionAnswerSchema>;

/** 400 / 403 of a failed operation: its index (from 0), a Russian detail and its field errors. */
export const TransactionErrorSchema = z.object({
  index: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TransactionError = z.infer<typeof TransactionErrorSchema>;

/**
 * The body is checked by the handler (no body schema): a missing body has its own message
 * (TRANSACTION_MSG.noBody) and a failed operation answers {index, detail, errors}.
 */
export const transactionRoute = defineRoute({
  method: 'POST', path: TRANSACTION_PATH, permission: 'user', tags: ['transaction'], summary: 'Пакет операций над реестрами в одной транзакции',
  description: 'Тело {operations: [{resource, action: create|update|delete, id?, data?}]}; ответ {results: [{index, resource, action, status, id, object?}]}; ошибка операции — 400/403 {index, detail, errors}.',
  response: { 200: TransactionAnswerSchema },
});
