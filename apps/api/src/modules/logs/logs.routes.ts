/**
 * The change history on the wire (issue 3 §8; spec 03 "System logs"; shapes in contract
 * routes/logs.ts):
 *   GET /api/logs/                      system log, permission `system-logs:view`; filters
 *                                       user, resource, object, action, from, to; paged
 *   GET {registry path}{id}/history/    one object's history, view permission on that registry,
 *                                       for every registry of `resources`; 404 when the object
 *                                       neither exists nor has history
 * Both newest first, `{count, next, previous, results}`; a page past the last → 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResourceDef } from '@tko/contract';
import { ChangeLogPageSchema, DEFAULT_PAGE_SIZE, HISTORY_SUFFIX, HistoryQuerySchema, LOGS_PATH, LogsQuerySchema, MSG } from '@tko/contract';
import type { LogsQuery } from '@tko/contract';
import type { RegistryRepository } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { pageLinks, parseId } from '../../crud/paging';
import type { LogFilters, LogsRepository } from './logs.repository';

export interface LogsDeps {
  logs: LogsRepository;
  guards: AuthGuards;
  /** The registries whose cards get a history route. */
  registries: { def: ResourceDef; repo: RegistryRepository }[];
}

const IdParams = z.object({ id: z.string() });

export function registerLogRoutes(app: FastifyInstance, deps: LogsDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function page(request: FastifyRequest, f: LogFilters, q: { page?: number; page_size?: number }) {
    const pageNo = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await deps.logs.list(f, pageNo, pageSize);
    if (pageNo > 1 && (pageNo - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, pageNo, pageSize, out.count), results: out.rows };
  }

  r.get(LOGS_PATH, {
    preHandler: deps.guards.requirePermission('system-logs', 'view'),
    schema: { tags: ['logs'], summary: 'Системный журнал: история изменений реестров', querystring: LogsQuerySchema, response: { 200: ChangeLogPageSchema } },
  }, (request) => {
    const q = request.query as LogsQuery;
    return page(request, { user: q.user, resource: q.resource, object: q.object, action: q.action, from: q.from, to: q.to }, q);
  });

  for (const { def, repo } of deps.registries) {
    r.get(`${def.path}:id/${HISTORY_SUFFIX}`, {
      preHandler: deps.guards.requirePermission(def.name, 'view'),
      schema: { tags: [def.name], summary: `${def.label}: история изменений`, params: IdParams, querystring: HistoryQuerySchema, response: { 200: ChangeLogPageSchema } },
    }, async (request) => {
      const id = parseId(request.params.id);
      if (id === null || (!(await repo.get(id)) && !(await deps.logs.hasHistory(def.name, id)))) throw notFound();
      return page(request, { resource: [def.name], object: id }, request.query);
    });
  }
}
