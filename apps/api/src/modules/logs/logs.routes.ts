/**
 * The change history on the wire (issue 3 §8; spec 03 "System logs"; issue 21 §4):
 *   GET /api/logs/, POST /api/logs/search/, GET /api/logs/{id}/
 *                                       the system log, a read-only registry (contract
 *                                       resources/system-log.ts) served by the generic routes
 *                                       (crud/register-resource.ts): permission
 *                                       `system-logs:view`, filters, keyset `cursor`,
 *                                       `count_is_estimate`, the reader's row scope
 *   POST /api/logs/xlsx/                the filtered log as xlsx (`system-logs:export`), newest
 *                                       first, at most LOGS_XLSX_MAX_ROWS entries
 *   GET {registry path}{id}/history/    one object's history, view permission on that registry,
 *                                       for every registry of `registries`; 404 when the object
 *                                       neither exists nor has history, or is outside the
 *                                       user's row scope
 * Every read goes through the log's RegistryRepository (one reader of `change_log`). Pages:
 * `{count, count_is_estimate, next, previous, results}`; a page after the first with no rows → 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListQuery, ResourceDef } from '@tko/contract';
import { CHANGE_ACTION_LABELS, DEFAULT_PAGE_SIZE, LOGS_XLSX_MAX_ROWS, logsXlsxRoute, MSG, objectHistoryRoute, scopeRestricts, systemLogResource } from '@tko/contract';
import type { ChangeLogEntry } from '@tko/contract';
import { sendSheet } from '../users/sheet';
import type { RegistryRepository } from '@tko/db';
import { withScope } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { pageLinks, parseId } from '../../crud/paging';
import { registerResource, type CrudDeps } from '../../crud/register-resource';
import { registerRoute } from '../../routing/register-route';

export interface LogsDeps {
  guards: AuthGuards;
  /** The registries whose cards get a history route (the log itself among them: it has none). */
  registries: readonly { def: ResourceDef; repo: RegistryRepository }[];
  /** The generic routes' other needs (the log is read-only: no write or export route uses them). */
  crud: Omit<CrudDeps, 'repo' | 'guards'>;
}

export async function registerLogRoutes(app: FastifyInstance, deps: LogsDeps): Promise<void> {
  const found = deps.registries.find((r) => r.def.name === systemLogResource.name)?.repo;
  if (!found) throw new Error('logs: the domain has no repository of the system log (contract moduleResources)');
  const log = found;

  // The list, search and card: the generic routes, recorded as CRUD routes (the typed-routes test tells them apart).
  await app.register(async (crud) => {
    crud.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') crud.routeRegistry.crud.push({ method, url: route.url });
    });
    registerResource(crud, systemLogResource, { ...deps.crud, repo: log, guards: deps.guards });
  });

  // xlsx of the filtered log (issue 14 §5), newest first; the reader's row scope as the list's.
  registerRoute(app, logsXlsxRoute, async ({ request, query, reply }) => {
    const q = withScope({ ...(query as ListQuery), page: 1, page_size: LOGS_XLSX_MAX_ROWS }, request.authUser?.scope ?? null);
    const { rows } = await log.list(q);
    return sendSheet<ChangeLogEntry>(reply, 'system-logs', 'Системный журнал', [
      { label: 'Дата и время', kind: 'datetime', value: (e) => e.created_at },
      { label: 'Пользователь', value: (e) => e.user?.name ?? e.user_name },
      { label: 'Раздел', value: (e) => e.resource_label },
      { label: 'Объект', value: (e) => String(e.object_id) },
      { label: 'Действие', value: (e) => (e.step ? `${CHANGE_ACTION_LABELS[e.action]} (${e.step})` : CHANGE_ACTION_LABELS[e.action]) },
      { label: 'Поля', value: (e) => e.fields.join(', ') },
    ], rows as unknown as ChangeLogEntry[]);
  }, deps);

  /** One page of object `id`'s history in registry `name`, newest first (unscoped: the caller checked the row). */
  async function historyPage(request: FastifyRequest, name: string, id: number, q: { page?: number; page_size?: number }) {
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await log.list({ resource: [name], object: [id], page, page_size: pageSize });
    if (page > 1 && !out.rows.length) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, count_is_estimate: out.countIsEstimate, ...pageLinks(request, page, pageSize, out.count), results: out.rows as unknown as ChangeLogEntry[] };
  }
  const hasHistory = async (name: string, id: number) => (await log.list({ resource: [name], object: [id], page: 1, page_size: 1 })).rows.length > 0;

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
      } else if (!(await repo.get(id)) && !(await hasHistory(def.name, id))) throw notFound();
      return historyPage(request, def.name, id, query);
    }, deps);
  }
}
