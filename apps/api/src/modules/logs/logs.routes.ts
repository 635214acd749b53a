/**
 * The change history on the wire (issue 3 §8; spec 03 "System logs"; shapes in contract
 * routes/logs.ts):
 *   GET /api/logs/                      system log, permission `system-logs:view`; filters
 *                                       user, resource, object, action, from, to; paged
 *   GET {registry path}{id}/history/    one object's history, view permission on that registry,
 *                                       for every registry of `resources`; 404 when the object
 *                                       neither exists nor has history, or is outside the
 *                                       user's row scope
 * Both newest first, `{count, count_is_estimate, next, previous, results}`; a page after the
 * first with no rows → 404; `cursor` (empty to start) pages by keyset (issue 7 §6).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@tko/contract';
import { CHANGE_ACTION_LABELS, DEFAULT_PAGE_SIZE, LOGS_XLSX_MAX_ROWS, logsRoute, logsXlsxRoute, MSG, objectHistoryRoute, scopeRestricts } from '@tko/contract';
import type { ChangeLogEntry } from '@tko/contract';
import { sendSheet } from '../users/sheet';
import type { RegistryRepository } from '@tko/db';
import { decodeCursor, encodeCursor } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { cursorLinks, pageLinks, parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import type { LogFilters, LogsRepository } from './logs.repository';

export interface LogsDeps {
  logs: LogsRepository;
  guards: AuthGuards;
  /** The registries whose cards get a history route. */
  registries: readonly { def: ResourceDef; repo: RegistryRepository }[];
}

export function registerLogRoutes(app: FastifyInstance, deps: LogsDeps): void {
  async function page(request: FastifyRequest, f: LogFilters, q: { page?: number; page_size?: number; cursor?: string }) {
    const keyset = typeof q.cursor === 'string';
    const pageNo = keyset ? 1 : (q.page ?? 1);
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    // Keyset (issue 7 §6): newest first, so the cursor is the last id answered (the same opaque format as the registries').
    const before = q.cursor ? decodeCursor(q.cursor, [{ field: 'id', expr: 'l.id', desc: true }]).id : undefined;
    const out = await deps.logs.list(f, pageNo, pageSize, before);
    let { count, estimate } = out;
    const seen = (pageNo - 1) * pageSize + out.rows.length;
    if (estimate && !keyset && out.rows.length < pageSize && (out.rows.length || pageNo === 1)) [count, estimate] = [seen, false];
    else if (estimate && !keyset && out.rows.length === pageSize) count = Math.max(count, seen + 1);
    if (pageNo > 1 && !out.rows.length) throw new HttpError(404, MSG.page, 'invalid_page');
    const last = out.rows.at(-1);
    const links = keyset
      ? cursorLinks(request, out.rows.length === pageSize && last ? encodeCursor({ k: [], id: last.id }) : null)
      : pageLinks(request, pageNo, pageSize, count);
    return { count, count_is_estimate: estimate, ...links, results: out.rows };
  }

  // A restricted reader sees only the entries of rows they can read (docs/ARCHITECTURE.md "Row scope").
  registerRoute(app, logsRoute, ({ request, query: q }) =>
    page(request, { user: q.user, resource: q.resource, object: q.object, action: q.action, from: q.from, to: q.to, scope: request.authUser?.scope }, q), deps);

  // xlsx of the filtered log (issue 14 §5), newest first, at most LOGS_XLSX_MAX_ROWS entries.
  registerRoute(app, logsXlsxRoute, async ({ request, query: q, reply }) => {
    const { rows } = await deps.logs.list({ user: q.user, resource: q.resource, object: q.object, action: q.action, from: q.from, to: q.to, scope: request.authUser?.scope }, 1, LOGS_XLSX_MAX_ROWS);
    return sendSheet<ChangeLogEntry>(reply, 'system-logs', 'Системный журнал', [
      { label: 'Дата и время', kind: 'datetime', value: (e) => e.created_at },
      { label: 'Пользователь', value: (e) => e.user?.name ?? e.user_name },
      { label: 'Раздел', value: (e) => e.resource_label },
      { label: 'Объект', value: (e) => String(e.object_id) },
      { label: 'Действие', value: (e) => (e.step ? `${CHANGE_ACTION_LABELS[e.action]} (${e.step})` : CHANGE_ACTION_LABELS[e.action]) },
      { label: 'Поля', value: (e) => e.fields.join(', ') },
    ], rows);
  }, deps);

  for (const { def, repo } of deps.registries) {
    if (def.ownHistory || def.readOnly) continue; // its {id}/history/ is its own call (ResourceDef.ownHistory); a read-only registry has none
    registerRoute(app, objectHistoryRoute(def), async ({ request, params, query }) => {
      const id = parseId(params.id);
      if (id === null) throw notFound();
      // A row outside the user's row scope has no history for them either (deleted rows' history
      // stays with the unrestricted users).
      const scope = request.authUser?.scope;
      if (scopeRestricts(def.rowScope, scope)) {
        if (!(await repo.get(id, { scope }))) throw notFound();
      } else if (!(await repo.get(id)) && !(await deps.logs.hasHistory(def.name, id))) throw notFound();
      return page(request, { resource: [def.name], object: id }, query);
    }, deps);
  }
}
