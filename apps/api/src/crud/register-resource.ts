/**
 * Registers every route of one registry from its ResourceDef (docs/ARCHITECTURE.md):
 *   GET    {path}            list (view)          POST {path}          create (add) → 201
 *   GET    {path}{id}/       read (view)          PUT/PATCH {path}{id}/ update (change)
 *   DELETE {path}{id}/       delete (delete) → 204
 *   POST   {path}search/     filters in the body, answers like the list (view)
 *   POST   {path}xlsx/       filters in the body (and query), streams an xlsx (export);
 *                            above XLSX_ASYNC_THRESHOLD rows or with ?async=true it is queued
 *                            for the worker and answers 202 {job_id, status_url}
 *   GET    {publicPath}, {publicPath}{id}/  anonymous read-only variants without private fields
 * Validation errors answer 400 per field (plugins/errors.ts); a bad or unknown id 404, and
 * so does a page past the last one (DRF: «Неправильная страница.»).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListQuery, ResourceDef } from '@tko/contract';
import { createSchema, DEFAULT_PAGE_SIZE, MSG, entitySchema, listQuerySchema, listResponseSchema, updateSchema } from '@tko/contract';
import type { RegistryRepository } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import { announceRegistryChange, nullPublisher } from '@tko/realtime';
import type { AuthGuards } from '../plugins/auth';
import { HttpError, notFound } from '../plugins/http-errors';
import type { ExportService } from '../modules/jobs/export-service';
import { pageLinks, parseId } from './paging';

export interface CrudDeps {
  repo: RegistryRepository;
  guards: AuthGuards;
  exports: ExportService;
  /** Live registry changes (create/update/delete + id) on DESTINATIONS.registry(name); none = not announced. */
  publisher?: RealtimePublisher;
}

const IdParams = z.object({ id: z.string() });

export function registerResource(app: FastifyInstance, def: ResourceDef, deps: CrudDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { repo, guards } = deps;
  const publisher = deps.publisher ?? nullPublisher;
  const announce = (request: FastifyRequest, action: 'create' | 'update' | 'delete', id: number) =>
    announceRegistryChange(publisher, def.name, action, id, request.authUser?.id ?? null);
  const tags = [def.name];
  const query = listQuerySchema(def);
  const entity = entitySchema(def);
  const publicEntity = entity.partial();
  const listResponse = listResponseSchema(def);
  const create = createSchema(def);
  const put = updateSchema(def, false);
  const patch = updateSchema(def, true);
  const can = (action: 'view' | 'add' | 'change' | 'delete' | 'export') => guards.requirePermission(def.name, action);

  async function listAnswer(request: FastifyRequest, q: ListQuery, publicOnly: boolean) {
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await repo.list(q, { publicOnly });
    if (page > 1 && (page - 1) * pageSize >= out.count) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, page, pageSize, out.count), ...out.aggregates, results: out.rows };
  }

  async function readOr404(id: string, publicOnly = false) {
    const n = parseId(id);
    const row = n === null ? null : await repo.get(n, { publicOnly });
    if (!row) throw notFound();
    return row;
  }

  const userName = (request: FastifyRequest) => {
    const u = guards.user(request);
    return [u.last_name, u.first_name].filter(Boolean).join(' ') || u.email;
  };
  /** Who writes: stamped on the row (last_update_person) and recorded in the change history. */
  const writeCtx = (request: FastifyRequest) => ({ userName: userName(request), userId: guards.user(request).id });

  r.get(def.path, {
    preHandler: can('view'),
    schema: { tags, summary: `${def.label}: список`, querystring: query, response: { 200: listResponse } },
  }, (request) => listAnswer(request, request.query as ListQuery, false));

  r.post(`${def.path}search/`, {
    preHandler: can('view'),
    schema: { tags, summary: `${def.label}: поиск (фильтры в теле)`, body: query, response: { 200: listResponse } },
  }, (request) => listAnswer(request, request.body as ListQuery, false));

  r.post(def.path, {
    preHandler: can('add'),
    schema: { tags, summary: `${def.label}: создать`, body: create, response: { 201: entity } },
  }, async (request, reply) => {
    const row = await repo.create(request.body as Record<string, unknown>, writeCtx(request));
    announce(request, 'create', Number(row.id));
    return reply.status(201).send(row as never);
  });

  r.get(`${def.path}:id/`, {
    preHandler: can('view'),
    schema: { tags, summary: `${def.label}: карточка`, params: IdParams, response: { 200: entity } },
  }, (request) => readOr404(request.params.id) as never);

  const update = (_partial: boolean) => async (request: FastifyRequest) => {
    const id = parseId((request.params as { id: string }).id);
    const row = id === null ? null : await repo.update(id, request.body as Record<string, unknown>, writeCtx(request));
    if (!row) throw notFound();
    announce(request, 'update', id!);
    return row as never;
  };
  r.put(`${def.path}:id/`, {
    preHandler: can('change'),
    schema: { tags, summary: `${def.label}: изменить`, params: IdParams, body: put, response: { 200: entity } },
  }, update(false));
  r.patch(`${def.path}:id/`, {
    preHandler: can('change'),
    schema: { tags, summary: `${def.label}: изменить часть полей`, params: IdParams, body: patch, response: { 200: entity } },
  }, update(true));

  r.delete(`${def.path}:id/`, {
    preHandler: can('delete'),
    schema: { tags, summary: `${def.label}: удалить`, params: IdParams },
  }, async (request, reply: FastifyReply) => {
    const id = parseId((request.params as { id: string }).id);
    if (id === null || !(await repo.delete(id, writeCtx(request)))) throw notFound();
    announce(request, 'delete', id);
    return reply.status(204).send();
  });

  const ExportQuery = z.object({ async: z.enum(['true', 'false']).optional() });
  r.post(`${def.path}xlsx/`, {
    preHandler: can('export'),
    schema: { tags, summary: `${def.label}: выгрузка в xlsx`, querystring: ExportQuery, body: query.optional() },
  }, async (request, reply) => {
    const filters = (request.body ?? {}) as ListQuery;
    const user = guards.user(request);
    return deps.exports.export(def, repo, filters, { userId: user.id, forceAsync: request.query.async === 'true' }, reply);
  });

  if (def.publicPath) {
    r.get(def.publicPath, {
      schema: { tags: [...tags, 'public'], summary: `${def.label}: открытый список`, querystring: query, response: { 200: listResponse } },
    }, (request) => listAnswer(request, request.query as ListQuery, true));
    r.get(`${def.publicPath}:id/`, {
      schema: { tags: [...tags, 'public'], summary: `${def.label}: открытая карточка`, params: IdParams, response: { 200: publicEntity } },
    }, (request) => readOr404(request.params.id, true) as never);
  }
}
