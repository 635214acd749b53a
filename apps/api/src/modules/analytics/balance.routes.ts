/**
 * The simulated balance (issue 12 §3; contract resources/balance.ts, routes/analytics.ts):
 * - the generic registry routes of balanceResource (list with the totals, search, create, card,
 *   PUT/PATCH/DELETE by id, xlsx/, public /api/public/v1/balance/), recorded as CRUD routes;
 * - PUT/DELETE /api/balance/simulated/{year}/{fkko_id}/ — the row of that key (PUT creates it when
 *   missing); a year outside 2015–2030 or a ФККО id that does not exist is 404;
 * - GET export/ — xlsx of the chosen years, hazard classes (1–5 by default) and quantities;
 * - GET/DELETE simulated-file/ — the balance files; deleting one deletes every row it brought
 *   (one unit of work: each row's history, then the file), 409 while its import runs.
 * Every write goes through the WritePipeline.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import type { ResourceDef } from '@tko/contract';
import {
  BALANCE_QUANTITIES, BALANCE_YEARS, HAZARD_CLASSES, balanceDeleteRoute, balanceExportRoute, balanceFileDeleteRoute,
  balanceFilesRoute, balancePutRoute, balanceResource,
} from '@tko/contract';
import type { ImportFileStore } from '@tko/import';
import type { Writer } from '@tko/db';
import { writerFor } from '@tko/db';
import { writeXlsx } from '@tko/xlsx';
import { registerResource } from '../../crud/register-resource';
import { parseId } from '../../crud/paging';
import { pageAnswer } from '../../crud/page-answer';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { datedName, sendFile } from '../../http/file-reply';
import type { ModuleDeps } from '../module';
import { BalanceRepository } from './balance.repository';

const def = balanceResource as unknown as ResourceDef;

/** Who writes (history, stamps) and their row scope. */
function writerOf(d: ModuleDeps, request: FastifyRequest): Writer {
  return writerFor(d.guards.user(request));
}

/** The (year, ФККО id) of the path, or 404. */
async function keyOf(repo: BalanceRepository, params: { year: string; fkko_id: string }): Promise<{ year: number; fkkoId: number }> {
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : NaN;
  const fkkoId = parseId(params.fkko_id);
  if (!(year >= BALANCE_YEARS[0] && year <= BALANCE_YEARS[1]) || fkkoId === null || !(await repo.fkkoExists(fkkoId))) throw notFound();
  return { year, fkkoId };
}

export async function registerBalanceRoutes(app: FastifyInstance, d: ModuleDeps, store: ImportFileStore): Promise<void> {
  const registry = d.domain.registries.repo(def);
  const repo = new BalanceRepository(d.pool);

  // The generic routes, recorded as CRUD routes (the typed-routes test tells them apart).
  await app.register(async (crud) => {
    crud.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') crud.routeRegistry.crud.push({ method, url: route.url });
    });
    registerResource(crud, def, { repo: registry, guards: d.guards, exports: d.exports, pipeline: d.pipeline });
  });

  registerRoute(app, balancePutRoute, async ({ params, body, request }) => {
    const { year, fkkoId } = await keyOf(repo, params);
    const writer = writerOf(d, request);
    const values = body as Record<string, unknown>;
    return d.pipeline.run(async (unit) => {
      const id = await repo.idOf(year, fkkoId, unit.db, true);
      if (id !== null) return (await unit.update(def, id, values, writer))!;
      const fresh: Record<string, unknown> = { year, fkko: fkkoId, file: null };
      for (const k of BALANCE_QUANTITIES) fresh[k] = values[k] ?? null;
      return unit.create(def, fresh, writer);
    }) as never;
  }, d);

  registerRoute(app, balanceDeleteRoute, async ({ params, request, reply }) => {
    const { year, fkkoId } = await keyOf(repo, params);
    const id = await repo.idOf(year, fkkoId);
    if (id === null || !(await d.pipeline.delete(def, id, writerOf(d, request)))) throw notFound();
    return reply.status(204).send();
  }, d);

  registerRoute(app, balanceExportRoute, async ({ query, reply }) => {
    const q = {
      year: query.year?.length ? query.year : undefined,
      hazard_class: query.hazard_class?.length ? query.hazard_class : [...HAZARD_CLASSES],
      ordering: ['year', 'hazard_class', 'id'],
    };
    const fields = ['year', 'fkko', 'hazard_class', ...(query.fields?.length ? BALANCE_QUANTITIES.filter((k) => query.fields!.includes(k)) : BALANCE_QUANTITIES), 'identity_broken'];
    const out = new PassThrough();
    writeXlsx(def, registry.stream(q), out, { fields }).catch((err: unknown) => out.destroy(err as Error));
    return sendFile(reply, { name: datedName('balance', 'xlsx'), body: out });
  }, d);

  registerRoute(app, balanceFilesRoute, ({ request, query }) => pageAnswer(request, query, (p) => repo.files(p)), d);

  registerRoute(app, balanceFileDeleteRoute, async ({ params, request, reply }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const writer = writerOf(d, request);
    const key = await d.pipeline.run(async (unit) => {
      const file = await repo.lockFile(unit.db, id);
      if (!file) throw notFound();
      if (file.status === 'QUEUED' || file.status === 'PROCESSING') throw new HttpError(409, 'Файл ещё импортируется: удалите его после окончания импорта.', 'conflict');
      for (const rowId of await repo.rowsOfFile(unit.db, id)) await unit.delete(def, rowId, writer);
      await repo.deleteFile(unit.db, id);
      return file.storage_key;
    });
    // The bytes go after the commit; a failure leaves only an orphan file in IMPORT_DIR.
    await store.delete(key).catch((e: unknown) => request.log.warn({ err: e }, 'balance file bytes not removed'));
    return reply.status(204).send();
  }, d);
}
