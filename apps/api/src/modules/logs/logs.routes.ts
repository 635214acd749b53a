/**
 * The change history on the wire (issue 3 §8; spec 03 "System logs"; shapes in contract
 * routes/logs.ts):
 *   GET /api/logs/                      system log, permission `system-logs:view`; filters
 *                                       user, resource, object, action, from, to; paged
 *   GET {registry path}{id}/history/    one object's history, view permission on that registry,
 *                                       for every registry of `resources`; 404 when the object
 *                                       neither exists nor has history, or is outside the
 *                                       user's row scope
 * Both newest first, `{count, next, previous, results}`; a page past the last → 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@tko/contract';
import { DEFAULT_PAGE_SIZE, isUnrestricted, logsRoute, MSG, objectHistoryRoute } from '@tko/contract';
import type { RegistryRepository } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { pageLinks, parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import type { LogFilters, LogsRepository } from './logs.repository';

export interface LogsDeps {
  logs: LogsRepository;
  guards: AuthGuards;
  /** The registries whose cards get a history route. */
  registries: { def: ResourceDef; repo: RegistryRepository }[];
}

export function registerLogRoutes(app: FastifyInstance, deps: LogsDeps): void {
  async function page(request: FastifyRequest, f: LogFilters, q: { page?: number; page_size?: number }) {
    const pageNo = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await deps.logs.list(f, pageNo, pageSize);
    if (pageNo > 1 && (pageNo - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, pageNo, pageSize, out.count), results: out.rows };
  }

  registerRoute(app, logsRoute, ({ request, query: q }) =>
    page(request, { user: q.user, resource: q.resource, object: q.object, action: q.action, from: q.from, to: q.to }, q), deps);

  for (const { def, repo } of deps.registries) {
    registerRoute(app, objectHistoryRoute(def), async ({ request, params, query }) => {
      const id = parseId(params.id);
      if (id === null) throw notFound();
      // A row outside the user's row scope has no history for them either (deleted rows' history
      // stays with the unrestricted users).
      const scope = request.authUser?.scope;
      if (def.rowScope && !isUnrestricted(scope)) {
        if (!(await repo.get(id, { scope }))) throw notFound();
      } else if (!(await repo.get(id)) && !(await deps.logs.hasHistory(def.name, id))) throw notFound();
      return page(request, { resource: [def.name], object: id }, query);
    }, deps);
  }
}
