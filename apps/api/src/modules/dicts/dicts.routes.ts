/**
 * Dictionary calls that are not registry routes (the read-only dictionaries /api/dicts/mf/,
 * vehicle-models/, positions/, driving-licence-categories/ are registries: contract
 * resources/read-only-dicts.ts):
 * - GET and POST /api/dicts/administrative-unit/export/ (spec 03 §7) — the xlsx export of the
 *   administrative-unit registry with the filters of its list (query for GET, body for POST),
 *   `administrative-unit:export`; the same export as its POST …/xlsx/ (streamed, or queued
 *   above XLSX_ASYNC_THRESHOLD rows or with ?async=true). Its two descriptions live here, not in
 *   the contract: their query is the registry's list filters (listQuerySchema), and the web
 *   exports through POST {path}xlsx/.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ListQuery } from '@tko/contract';
import { administrativeUnitResource, defineRoute, listQuerySchema } from '@tko/contract';
import type { Registries } from '@tko/db';
import type { Pool } from 'pg';
import type { AuthGuards } from '../../plugins/auth';
import type { ExportService } from '../jobs/export-service';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';

export interface DictDeps {
  pool: Pool;
  guards: AuthGuards;
  exports: ExportService;
  /** The process's repositories (domain runtime). */
  registries: Registries;
}

const AsyncParam = { async: z.enum(['true', 'false']).optional() };
const unitDef = administrativeUnitResource;
const unitFilters = listQuerySchema(unitDef);
const UNIT_EXPORT_PATH = `${unitDef.path}export/`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET …/administrative-unit/export/: the filters in the query string (spec 03 §7). */
export const unitExportGetRoute = defineRoute({
  method: 'GET', path: UNIT_EXPORT_PATH, permission: { resource: unitDef.name, action: 'export' }, tags: [unitDef.name],
  summary: `${unitDef.label}: выгрузка в xlsx (фильтры в строке запроса)`, query: unitFilters.extend(AsyncParam), produces: XLSX_TYPE,
});
/** POST …/administrative-unit/export/: the filters in the body. */
export const unitExportPostRoute = defineRoute({
  method: 'POST', path: UNIT_EXPORT_PATH, permission: { resource: unitDef.name, action: 'export' }, tags: [unitDef.name],
  summary: `${unitDef.label}: выгрузка в xlsx (фильтры в теле)`, query: z.object(AsyncParam), body: unitFilters.optional(), produces: XLSX_TYPE,
});

export function registerDictRoutes(app: FastifyInstance, deps: DictDeps): void {
  const { guards } = deps;
  const repo = deps.registries.repo(unitDef);
  const exportTo = (request: FastifyRequest, reply: FastifyReply, q: ListQuery, forceAsync: boolean) =>
    deps.exports.export(unitDef, repo, q, { userId: guards.user(request).id, forceAsync }, reply);

  registerRoute(app, unitExportGetRoute, ({ request, reply, query }) => {
    const { async: forceAsync, ...q } = query as ListQuery & { async?: string };
    return exportTo(request, reply, q, forceAsync === 'true');
  }, deps);
  registerRoute(app, unitExportPostRoute, ({ request, reply, query, body }) => exportTo(request, reply, (body ?? {}) as ListQuery, query.async === 'true'), deps);
}

export const dictsModule = apiModule('dicts', (app, d) => registerDictRoutes(app, { pool: d.pool, guards: d.guards, exports: d.exports, registries: d.domain.registries }));
