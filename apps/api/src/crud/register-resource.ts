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
 *   POST   {path}{id}/{action}/  a workflow action (def.workflow; 409 from a wrong state)
 *   PUT    {path} (id in the body), POST {path}{id}/  the update again, with def.updateAliases
 * A read-only registry (def.readOnly) gets the list, search, card and public routes only; with
 * def.viewPermission 'user' any signed-in user reads it.
 * Writes go through the WritePipeline (transaction, history, announcement after commit); every
 * signed-in read and write is limited to the user's row scope (def.rowScope), public ones are not.
 * Validation errors answer 400 per field (plugins/errors.ts); a bad or unknown id 404, and
 * so does a page past the last one (DRF: «Неправильная страница.»).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListQuery, ResourceDef } from '@tko/contract';
import { actionBodySchema, actionPath, createSchema, DEFAULT_PAGE_SIZE, MSG, entitySchema, listQuerySchema, listResponseSchema, updateSchema } from '@tko/contract';
import type { RegistryRepository, WritePipeline, Writer } from '@tko/db';
import { FieldValidationError, withScope, writerFor } from '@tko/db';
import type { AuthGuards } from '../plugins/auth';
import { HttpError, notFound } from '../plugins/http-errors';
import type { ExportService } from '../modules/jobs/export-service';
import { cursorLinks, pageLinks, parseId } from './paging';

export interface CrudDeps {
  repo: RegistryRepository;
  guards: AuthGuards;
  exports: ExportService;
  /** Every write goes through it: transaction, history, then the live announcement (issue 7 §1). */
  pipeline: WritePipeline;
}

const IdParams = z.object({ id: z.string() });

export function registerResource(app: FastifyInstance, def: ResourceDef, deps: CrudDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { repo, guards } = deps;
  const { pipeline } = deps;
  /** The signed-in user's row scope (none for anonymous public calls). */
  const scopeOf = (request: FastifyRequest) => request.authUser?.scope ?? null;
  const tags = [def.name];
  const query = listQuerySchema(def);
  const entity = entitySchema(def);
  const publicEntity = entity.partial();
  const listResponse = listResponseSchema(def);
  const create = createSchema(def);
  const put = updateSchema(def, false);
  const patch = updateSchema(def, true);
  // Permission first (onRequest): 401/403 before the body or query is validated (issue 8 §2).
  // `viewPermission: 'user'` (the pickers' dictionaries): any signed-in user reads.
  const can = (action: 'view' | 'add' | 'change' | 'delete' | 'export') =>
    (action === 'view' && def.viewPermission === 'user' ? guards.requireUser : guards.requirePermission(def.name, action)) as unknown as onRequestHookHandler;
  /** The router of the write and export routes: none for a read-only registry (`def.readOnly`). */
  const w = def.readOnly ? null : r;

  async function listAnswer(request: FastifyRequest, q: ListQuery, publicOnly: boolean) {
    const keyset = typeof q.cursor === 'string';
    const page = keyset ? 1 : (q.page ?? 1);
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await repo.list(publicOnly ? q : withScope(q, scopeOf(request)), { publicOnly });
    // A page past the end is 404 (DRF); the count may be an estimate, so "past the end" = no rows.
    if (page > 1 && !out.rows.length) throw new HttpError(404, MSG.page, 'invalid_page');
    const links = keyset ? cursorLinks(request, out.nextCursor) : pageLinks(request, page, pageSize, out.count);
    return { count: out.count, count_is_estimate: out.countIsEstimate, ...links, ...out.aggregates, results: out.rows };
  }

  async function readOr404(request: FastifyRequest, id: string, publicOnly = false) {
    const n = parseId(id);
    const row = n === null ? null : await repo.get(n, { publicOnly, scope: publicOnly ? null : scopeOf(request) });
    if (!row) throw notFound();
    return row;
  }

  /** Who writes: stamped on the row (last_update_person), recorded in the history; their row scope. */
  const writeCtx = (request: FastifyRequest): Writer => writerFor(guards.user(request));

  r.get(def.path, {
    onRequest: can('view'),
    schema: { tags, summary: `${def.label}: список`, querystring: query, response: { 200: listResponse } },
  }, (request) => listAnswer(request, request.query as ListQuery, false));

  r.post(`${def.path}search/`, {
    onRequest: can('view'),
    schema: { tags, summary: `${def.label}: поиск (фильтры в теле)`, body: query, response: { 200: listResponse } },
  }, (request) => listAnswer(request, request.body as ListQuery, false));

  // With def.updateByPost a body carrying `id` updates that row (spec 03 §7, contracts): the raw
  // body is kept before zod's create schema drops the read-only id.
  const rawPostBody = new WeakMap<FastifyRequest, Record<string, unknown>>();
  w?.post(def.path, {
    onRequest: can('add'),
    ...(def.updateByPost
      ? {
          preValidation: async (request: FastifyRequest) => {
            const b = request.body;
            if (b && typeof b === 'object' && !Array.isArray(b) && (b as Record<string, unknown>).id != null) rawPostBody.set(request, b as Record<string, unknown>);
          },
        }
      : {}),
    schema: {
      tags,
      summary: `${def.label}: создать${def.updateByPost ? ' (с id в теле — изменить, ответ 200)' : ''}`,
      body: create,
      response: def.updateByPost ? { 200: entity, 201: entity } : { 201: entity },
    },
  }, async (request, reply) => {
    const raw = rawPostBody.get(request);
    if (raw) {
      const id = parseId(String(raw.id));
      if (id === null) throw notFound();
      const { id: _id, ...rest } = raw;
      const row = await pipeline.update(def, id, pipeline.parseUpdate(def, rest, false), writeCtx(request));
      if (!row) throw notFound();
      return reply.status(200).send(row as never);
    }
    const row = await pipeline.create(def, request.body as Record<string, unknown>, writeCtx(request));
    return reply.status(201).send(row as never);
  });

  r.get(`${def.path}:id/`, {
    onRequest: can('view'),
    schema: { tags, summary: `${def.label}: карточка`, params: IdParams, response: { 200: entity } },
  }, (request) => readOr404(request, request.params.id) as never);

  const update = (_partial: boolean) => async (request: FastifyRequest) => {
    const id = parseId((request.params as { id: string }).id);
    const row = id === null ? null : await pipeline.update(def, id, request.body as Record<string, unknown>, writeCtx(request));
    if (!row) throw notFound();
    return row as never;
  };
  w?.put(`${def.path}:id/`, {
    onRequest: can('change'),
    schema: { tags, summary: `${def.label}: изменить`, params: IdParams, body: put, response: { 200: entity } },
  }, update(false));
  w?.patch(`${def.path}:id/`, {
    onRequest: can('change'),
    schema: { tags, summary: `${def.label}: изменить часть полей`, params: IdParams, body: patch, response: { 200: entity } },
  }, update(true));

  if (def.updateAliases && w) {
    // The report forms' other update addresses (spec 03 §7; contract ResourceDef.updateAliases):
    // PUT on the list with the row's id in the body, POST on the row — both a full update.
    const rawPutBody = new WeakMap<FastifyRequest, Record<string, unknown>>();
    w.put(def.path, {
      onRequest: can('change'),
      preValidation: async (request: FastifyRequest) => {
        const b = request.body;
        if (b && typeof b === 'object' && !Array.isArray(b)) rawPutBody.set(request, b as Record<string, unknown>);
      },
      schema: { tags, summary: `${def.label}: изменить (id в теле)`, body: put, response: { 200: entity } },
    }, async (request) => {
      const rawId = rawPutBody.get(request)?.id;
      if (rawId === undefined || rawId === null || rawId === '') throw FieldValidationError.of('id', MSG.required);
      const id = parseId(String(rawId));
      if (id === null) throw FieldValidationError.of('id', MSG.integer);
      const row = await pipeline.update(def, id, request.body as Record<string, unknown>, writeCtx(request));
      if (!row) throw notFound();
      return row as never;
    });
    w.post(`${def.path}:id/`, {
      onRequest: can('change'),
      schema: { tags, summary: `${def.label}: изменить (POST)`, params: IdParams, body: put, response: { 200: entity } },
    }, update(false));
  }

  w?.delete(`${def.path}:id/`, {
    onRequest: can('delete'),
    schema: { tags, summary: `${def.label}: удалить`, params: IdParams },
  }, async (request, reply: FastifyReply) => {
    const id = parseId((request.params as { id: string }).id);
    if (id === null || !(await pipeline.delete(def, id, writeCtx(request)))) throw notFound();
    return reply.status(204).send();
  });

  const ExportQuery = z.object({ async: z.enum(['true', 'false']).optional() });
  w?.post(`${def.path}xlsx/`, {
    onRequest: can('export'),
    schema: { tags, summary: `${def.label}: выгрузка в xlsx`, querystring: ExportQuery, body: query.optional() },
  }, async (request, reply) => {
    const filters = (request.body ?? {}) as ListQuery;
    const user = guards.user(request);
    return deps.exports.export(def, repo, filters, { userId: user.id, scope: user.scope, forceAsync: request.query.async === 'true' }, reply);
  });

  // Workflow actions (contract common/actions.ts): POST {path}{id}/{action}/ → the row after the step.
  for (const [key, action] of Object.entries(def.workflow?.actions ?? {})) {
    const perm = action.permission;
    w?.post(`${def.path}:id/${actionPath(key, action)}`, {
      onRequest: guards.requirePermission(perm.resource ?? def.name, perm.action) as unknown as onRequestHookHandler,
      schema: {
        tags,
        summary: `${def.label}: ${action.label}`,
        description: `Переход состояния «${def.workflow!.field}»: из ${action.from.join(', ')} в ${action.to}. Из другого состояния — 409.`,
        params: IdParams,
        body: actionBodySchema(def.fields, action),
        response: { 200: entity },
      },
    }, async (request) => {
      const id = parseId(request.params.id);
      const row = id === null ? null : await pipeline.act(def, key, id, (request.body ?? {}) as Record<string, unknown>, writeCtx(request));
      if (!row) throw notFound();
      return row as never;
    });
  }

  if (def.publicPath) {
    // Anonymous variants: `security: []` in the OpenAPI document, as the typed public calls have.
    r.get(def.publicPath, {
      schema: { tags: [...tags, 'public'], summary: `${def.label}: открытый список`, querystring: query, response: { 200: listResponse }, security: [] },
    }, (request) => listAnswer(request, request.query as ListQuery, true));
    r.get(`${def.publicPath}:id/`, {
      schema: { tags: [...tags, 'public'], summary: `${def.label}: открытая карточка`, params: IdParams, response: { 200: publicEntity }, security: [] },
    }, (request) => readOr404(request, request.params.id, true) as never);
  }
}
