/**
 * The change history (issue 3 §8; spec 03 "System logs"): one entry per create, update or delete
 * of a registry row, written in the transaction of the change.
 *
 * - GET /api/logs/ — the system log, a read-only registry described in resources/system-log.ts
 *   (list, search, card by the generic machinery; filters, entry shape and row scope there);
 * - POST /api/logs/xlsx/ — the filtered log as xlsx (below);
 * - GET {registry path}{id}/history/ — one object's history (view permission on its registry),
 *   also after the object was deleted; entries in the log's shape (ChangeLogEntry).
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { listQuerySchema } from '../common/resource';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { ChangeActionSchema } from '../resources/history-field';
import { systemLogResource } from '../resources/system-log';

export const LOGS_PATH = systemLogResource.path;
export const HISTORY_SUFFIX = 'history/';

/** The log's filters without paging and ordering: the xlsx's query (the list's are the registry's). */
export const LogsFilterQuerySchema = listQuerySchema(systemLogResource).omit({ page: true, page_size: true, cursor: true, ordering: true });
export type LogsFilterQuery = z.infer<typeof LogsFilterQuerySchema>;

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

/** Most entries one xlsx of the log holds (newest first); narrow the filters for older ones. */
export const LOGS_XLSX_MAX_ROWS = 100000;
/** The log as xlsx (issue 14 §5): the list's filters in the query, `system-logs:export`. */
export const logsXlsxRoute = defineRoute({
  method: 'POST', path: `${LOGS_PATH}xlsx/`, permission: 'system-logs:export', tags: ['logs'],
  summary: `Системный журнал: выгрузка в xlsx (фильтры списка; не более ${LOGS_XLSX_MAX_ROWS} записей, новые первыми)`,
  query: LogsFilterQuerySchema,
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
