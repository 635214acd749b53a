/**
 * Dictionary calls that are not registries:
 * - GET /api/dicts/mf/, /api/dicts/vehicle-models/, /api/dicts/positions/,
 *   /api/dicts/driving-licence-categories/ — read-only pages `{count, next, previous, results}`
 *   (page_size up to 500, `search`), for any signed-in user (401 otherwise); shapes in
 *   @tko/contract routes/dicts.ts.
 * - GET and POST /api/dicts/administrative-unit/export/ (spec 03 §7) — the xlsx export of the
 *   administrative-unit registry with the filters of its list (query for GET, body for POST),
 *   `administrative-unit:export`; the same export as its POST …/xlsx/ (streamed, or queued
 *   above XLSX_ASYNC_THRESHOLD rows or with ?async=true).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DictQuery, ListQuery } from '@tko/contract';
import { administrativeUnitResource, DEFAULT_PAGE_SIZE, DICTIONARIES, DictQuerySchema, listQuerySchema, MSG, pageSchema } from '@tko/contract';
import { RegistryRepository } from '@tko/db';
import type { Pool } from 'pg';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError } from '../../plugins/http-errors';
import { pageLinks } from '../../crud/paging';
import type { ExportService } from '../jobs/export-service';
import { DICT_SPECS, listDict } from './dicts.repository';
import type { DictName } from './dicts.repository';

export interface DictDeps {
  pool: Pool;
  guards: AuthGuards;
  exports: ExportService;
}

const AsyncParam = { async: z.enum(['true', 'false']).optional() };

export function registerDictRoutes(app: FastifyInstance, deps: DictDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { pool, guards } = deps;

  for (const [name, dict] of Object.entries(DICTIONARIES) as [DictName, (typeof DICTIONARIES)[DictName]][]) {
    r.get(dict.path, {
      preHandler: guards.requireUser,
      schema: { tags: ['dicts'], summary: `${dict.label}: список`, querystring: DictQuerySchema, response: { 200: pageSchema(dict.item) } },
    }, async (request: FastifyRequest) => {
      const q = request.query as DictQuery;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
      const out = await listDict(pool, DICT_SPECS[name], q);
      if (page > 1 && (page - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
      return { count: out.count, ...pageLinks(request, page, pageSize, out.count), results: out.rows } as never;
    });
  }

  const def = administrativeUnitResource;
  const repo = new RegistryRepository(pool, def);
  const filters = listQuerySchema(def);
  const exportPath = `${def.path}export/`;
  const exportTo = (request: FastifyRequest, reply: Parameters<ExportService['export']>[4], q: ListQuery, forceAsync: boolean) =>
    deps.exports.export(def, repo, q, { userId: guards.user(request).id, forceAsync }, reply);

  r.get(exportPath, {
    preHandler: guards.requirePermission(def.name, 'export'),
    schema: { tags: [def.name], summary: `${def.label}: выгрузка в xlsx (фильтры в строке запроса)`, querystring: filters.extend(AsyncParam) },
  }, async (request, reply) => {
    const { async: forceAsync, ...q } = request.query as ListQuery & { async?: string };
    return exportTo(request, reply, q, forceAsync === 'true');
  });
  r.post(exportPath, {
    preHandler: guards.requirePermission(def.name, 'export'),
    schema: { tags: [def.name], summary: `${def.label}: выгрузка в xlsx (фильтры в теле)`, querystring: z.object(AsyncParam), body: filters.optional() },
  }, async (request, reply) => exportTo(request, reply, (request.body ?? {}) as ListQuery, request.query.async === 'true'));
}
