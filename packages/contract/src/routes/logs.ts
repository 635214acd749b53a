/**
 * The change history (issue 3 §8; spec 03 "System logs" `GET /api/logs/` with page): one entry
 * per create, update or delete of a registry row, written in the transaction of the change.
 *
 * - GET /api/logs/ — every registry (permission `system-logs:view`), newest first, paged;
 *   filters `user` (user id), `resource` (registry permission names, comma-separated),
 *   `object` (object id), `action`, `from` / `to` (YYYY-MM-DD, both days included, or ISO
 *   date-times);
 * - GET {registry path}{id}/history/ — one object's history (view permission on its registry),
 *   also after the object was deleted.
 * The system log is a big table: its `count` is PostgreSQL's estimate above the registries'
 * threshold (`count_is_estimate`), and `cursor` pages it by keyset (issue 7 §6).
 * Entry: id, created_at (ISO), user ({id, name} or null), user_name (as it was), resource and
 * resource_label, object_id, action, fields (changed keys), before / after (those fields' wire
 * values; null before a create, after a delete).
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { DateOrDateTimeSchema } from '../common/dates';
import { MAX_ID } from '../common/ids';
import { defineRoute } from '../common/route';
import { ListPageQuerySchema, PageQuerySchema, pageSchema } from '../common/pagination';
import { ChangeActionSchema } from '../resources/history-field';

export const LOGS_PATH = '/api/logs/';
export const HISTORY_SUFFIX = 'history/';

// Calendar-checked (common/dates.ts): `2026-02-31` is a 400 on the parameter.
const dateOrDateTime = DateOrDateTimeSchema;
const positiveInt = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number({ error: MSG.integer }).int(MSG.integer).positive(MSG.integer).max(MAX_ID, MSG.max(MAX_ID)));

export const LogsQuerySchema = z.strictObject({
  // `cursor`: keyset paging newest first (issue 7 §6), as the registry lists.
  ...ListPageQuerySchema.shape,
  user: positiveInt.optional(),
  resource: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.string().max(100))).optional(),
  object: positiveInt.optional(),
  action: ChangeActionSchema.optional(),
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
});
export type LogsQuery = z.infer<typeof LogsQuerySchema>;

export const HistoryQuerySchema = z.strictObject({ ...PageQuerySchema.shape });

export const ChangeLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  user_name: z.string(),
  resource: z.string(),
  resource_label: z.string(),
  object_id: z.number().int(),
  action: ChangeActionSchema,
  /** The workflow action of an update (common/actions.ts), e.g. 'liquidate'; null for plain writes. */
  step: z.string().nullable(),
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntrySchema>;

export const ChangeLogPageSchema = pageSchema(ChangeLogEntrySchema);

export const logsRoute = defineRoute({
  method: 'GET', path: LOGS_PATH, permission: 'system-logs:view', tags: ['logs'], summary: 'Системный журнал: история изменений реестров',
  query: LogsQuerySchema, response: { 200: ChangeLogPageSchema },
});

/** Most entries one xlsx of the log holds (newest first); narrow the filters for older ones. */
export const LOGS_XLSX_MAX_ROWS = 100000;
/** The log as xlsx (issue 14 §5): the list's filters in the query, `system-logs:export`. */
export const logsXlsxRoute = defineRoute({
  method: 'POST', path: `${LOGS_PATH}xlsx/`, permission: 'system-logs:export', tags: ['logs'],
  summary: `Системный журнал: выгрузка в xlsx (фильтры списка; не более ${LOGS_XLSX_MAX_ROWS} записей, новые первыми)`,
  query: LogsQuerySchema.omit({ page: true, page_size: true, cursor: true }),
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

const historyRoutes = new Map<string, ReturnType<typeof defineHistoryRoute>>();
function defineHistoryRoute(registry: { name: string; path: string; label: string }) {
  return defineRoute({
    method: 'GET', path: `${registry.path}:id/${HISTORY_SUFFIX}`, permission: { resource: registry.name, action: 'view' },
    tags: [registry.name], summary: `${registry.label}: история изменений`,
    params: z.object({ id: z.string() }), query: HistoryQuerySchema, response: { 200: ChangeLogPageSchema },
  });
}
/** `GET {registry path}{id}/history/` of one registry (view permission on it); one object per registry. */
export function objectHistoryRoute(registry: { name: string; path: string; label: string }) {
  let route = historyRoutes.get(registry.name);
  if (!route) historyRoutes.set(registry.name, (route = defineHistoryRoute(registry)));
  return route;
}
