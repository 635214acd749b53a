/**
 * Deletes that keep documents whole (registry/delete-references.ts): a row other registries'
 * records refer to is refused with 409 (ConflictError) naming them and their numbers, whichever
 * way they refer — their own column (vehicles of a garage, way-bills of a vehicle), a child row
 * (a route's stop, a contract's site) or a link (a site's owners); nothing is deleted or recorded
 * then, and a unit with a refused delete undoes its other deletes. References the description lets
 * go (`onDelete: 'clear'`) are cleared; the row's own children go with it. Real PostgreSQL.
 * A delete racing a write that refers to the row is interleaved with two real transactions, the
 * second observed blocked on the first's row lock (pg_blocking_pids) before the first commits.
 */
import type { ResourceDef } from '@tko/contract';
import {
  containerResource, contractResource, createSchema, dispatcherEventResource, garageResource, juridicalPersonResource, problemResource,
  resources, routeEventResource, routeResource, vehicleResource, waybillResource,
} from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, FieldValidationError, storedResources, WritePipeline } from '../src/index';
import type { Row } from '../src/index';
import { backendPid, blockedBy, createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
let pipeline: WritePipeline;
beforeAll(async () => {
  db = await createTestDatabase();
  pipeline = new WritePipeline(db.pool);
});
afterAll(async () => { await db?.drop(); });

const writer = { userName: 'Тест', userId: null };
const asDef = (d: unknown) => d as ResourceDef;
let plate = 100;
let n = 0;
/** A create body of `def`: its example with a fresh name, and `extra`. */
const inputOf = (d: ResourceDef, extra: Row = {}) =>
  createSchema(d).parse({ ...(d.example as Row), ...('name' in d.fields && d.fields.name!.kind === 'text' ? { name: `${String((d.example as Row).name ?? 'Запись')} ${++n}` } : {}), ...extra }) as Row;
const create = async (def: unknown, extra: Row = {}) => {
  const d = asDef(def);
  return Number((await pipeline.create(d, inputOf(d, extra), writer).catch((e: unknown) => {
    throw new Error(`${d.name}: ${JSON.stringify((e as { fields?: unknown }).fields ?? String(e))}`);
  })).id);
};
const vehicleInput = (extra: Row = {}) => ({ license_plate: `АМ1${plate++}38`, external_identifier: null, ...extra });
const newVehicle = (extra: Row = {}) => create(vehicleResource, vehicleInput(extra));
const exists = async (table: string, id: number) => (await db.pool.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rowCount === 1;
const deletes = async (resource: string, id: number) => (await db.pool.query(`SELECT 1 FROM change_log WHERE resource = $1 AND object_id = $2 AND action = 'delete'`, [resource, id])).rowCount;
const refusal = (e: unknown) => {
  expect(e).toBeInstanceOf(ConflictError);
  return (e as ConflictError).detail;
};

describe('refused while referred to', () => {
  it('a garage with vehicles and a route stopping at it: 409 naming both with their numbers; nothing deleted', async () => {
    const garage = await create(garageResource);
    const [v1, v2] = [await newVehicle({ garage }), await newVehicle({ garage })];
    await create(routeResource, { stops: [{ order_in_route: 1, stop_type: 'GARAGE', garage }] });
    const detail = refusal(await pipeline.delete(asDef(garageResource), garage, writer).catch((e: unknown) => e));
    expect(detail).toBe('Нельзя удалить запись: на неё ссылаются Транспортные средства — 2, Маршруты — 1. Сначала удалите эти записи или уберите из них ссылку.');
    expect(await exists('garage', garage)).toBe(true);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM vehicle WHERE garage_id = $1 AND id = ANY($2)', [garage, [v1, v2]])).rows[0].n).toBe(2);
    expect(await deletes('garages', garage)).toBe(0);
  });

  it('a vehicle on a way-bill (as the truck and as the trailer) is kept, and so is the way-bill’s reference', async () => {
    const vehicle = await newVehicle();
    const waybill = await create(waybillResource, { vehicle, trailer: vehicle });
    expect(refusal(await pipeline.delete(asDef(vehicleResource), vehicle, writer).catch((e: unknown) => e))).toMatch(/ссылаются Путевые листы — 2\./);
    expect((await pipeline.repo(asDef(waybillResource)).get(waybill))!.vehicle).toMatchObject({ id: vehicle });
  });

  it('a site in a contract (a child row) and owned by a legal entity (a link): each refused with the referring registry', async () => {
    const owner = await create(juridicalPersonResource, { inn: null, ogrn: null, kpp: null });
    const site = await create(containerResource, { owners: [owner] });
    await create(contractResource, { waste_areas: [{ waste_area: site }] });
    expect(refusal(await pipeline.delete(asDef(containerResource), site, writer).catch((e: unknown) => e))).toMatch(/ссылаются Договоры — 1\./);
    expect(refusal(await pipeline.delete(asDef(juridicalPersonResource), owner, writer).catch((e: unknown) => e))).toMatch(/ссылаются Контейнерные площадки — 1\./);
    expect([await exists('waste_area', site), await exists('legal_entity', owner)]).toEqual([true, true]);
  });

  it('a unit whose second delete is refused undoes the first (the batch transaction’s path)', async () => {
    const free = await create(garageResource);
    const used = await create(garageResource);
    await newVehicle({ garage: used });
    await expect(pipeline.run(async (u) => {
      await u.delete(asDef(garageResource), free, writer);
      await u.delete(asDef(garageResource), used, writer);
    })).rejects.toBeInstanceOf(ConflictError);
    expect([await exists('garage', free), await exists('garage', used)]).toEqual([true, true]);
    expect(await deletes('garages', free)).toBe(0);
  });
});

describe('allowed', () => {
  it('a row nobody refers to goes, with its own children', async () => {
    const route = await create(routeResource, { stops: [{ order_in_route: 1, stop_type: 'GARAGE', garage: await create(garageResource) }] });
    expect(await pipeline.delete(asDef(routeResource), route, writer)).toBe(true);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM route_stop WHERE route_id = $1', [route])).rows[0].n).toBe(0);
    expect(await deletes('routes', route)).toBe(1);
  });

  it('references the description lets go are cleared: a dispatcher event’s run, a run’s problem', async () => {
    const problem = await create(problemResource);
    const run = await create(routeEventResource, { problems: [problem] });
    const event = await create(dispatcherEventResource, { route_event: run });
    expect(await pipeline.delete(asDef(problemResource), problem, writer)).toBe(true);
    expect((await pipeline.repo(asDef(routeEventResource)).get(run))!.problems).toEqual([]);
    expect(await pipeline.delete(asDef(routeEventResource), run, writer)).toBe(true);
    expect((await pipeline.repo(asDef(dispatcherEventResource)).get(event))!.route_event).toBeNull();
  });

  it('every reference marked clearable has a foreign key that clears it (SET NULL or CASCADE), never one that refuses', async () => {
    const marked: string[] = [];
    for (const reg of storedResources(resources)) {
      for (const fd of Object.values(reg.fields)) {
        if (fd.kind === 'ref' && fd.ref?.onDelete === 'clear') marked.push(`${reg.table}.${fd.column}`);
        if (fd.kind === 'refs' && fd.ref?.onDelete === 'clear') marked.push(`${fd.join!.table}.${fd.join!.targetKey}`);
      }
    }
    expect(marked.length).toBeGreaterThan(0);
    const { rows } = await db.pool.query<{ key: string; action: string }>(
      `SELECT c.conrelid::regclass::text || '.' || a.attname AS key, c.confdeltype AS action
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] WHERE c.contype = 'f'`);
    const action = new Map(rows.map((r) => [r.key, r.action]));
    for (const k of new Set(marked)) expect([k, action.get(k)]).toEqual([k, expect.stringMatching(/^[nc]$/)]);
  });
});

describe('a delete racing a write that refers to the row (two real transactions)', () => {
  it('a truck of the garage being created: the delete waits on the garage’s lock until it commits, then is refused (409); the truck keeps its garage', async () => {
    const garage = await create(garageResource);
    const unit = await pipeline.begin();
    const truck = Number((await unit.create(asDef(vehicleResource), inputOf(asDef(vehicleResource), vehicleInput({ garage })), writer)).id);
    const deleting = pipeline.delete(asDef(garageResource), garage, writer).catch((e: unknown) => e);
    // The delete's row lock (FOR UPDATE) waits for the insert's foreign-key lock (KEY SHARE) on the garage.
    try {
      expect((await blockedBy(db.pool, await backendPid(unit.db)))[0]).toMatch(/FROM "garage" t WHERE t\.id = \$1 FOR UPDATE/);
      await unit.commit();
    } finally {
      await unit.rollback().catch(() => undefined); // a failed wait must not leave the garage locked
    }
    expect(refusal(await deleting)).toMatch(/ссылаются Транспортные средства — 1\./);
    expect((await db.pool.query('SELECT garage_id FROM vehicle WHERE id = $1', [truck])).rows[0]).toEqual({ garage_id: garage });
    expect(await deletes('garages', garage)).toBe(0);
  });

  it('a garage being deleted: a truck (its own column) or a site’s owner (a link) referring to it waits, then is refused with 400 on the field; nothing refers to a deleted row', async () => {
    const garage = await create(garageResource);
    const owner = await create(juridicalPersonResource, { inn: null, ogrn: null, kpp: null });
    const unit = await pipeline.begin();
    await unit.delete(asDef(garageResource), garage, writer);
    await unit.delete(asDef(juridicalPersonResource), owner, writer);
    const body = vehicleInput({ garage });
    const truck = pipeline.create(asDef(vehicleResource), inputOf(asDef(vehicleResource), body), writer).catch((e: unknown) => e);
    const site = pipeline.create(asDef(containerResource), inputOf(asDef(containerResource), { owners: [owner] }), writer).catch((e: unknown) => e);
    const pid = await backendPid(unit.db);
    // Both writes passed the existence check and wait on the deleted rows' locks (the foreign keys' KEY SHARE).
    try {
      const waiting = await blockedBy(db.pool, pid, 2);
      expect(waiting.map((q) => /INSERT INTO "(\w+)"/.exec(q)?.[1])).toEqual(['vehicle', 'waste_area_owner']);
      await unit.commit();
    } finally {
      await unit.rollback().catch(() => undefined);
    }
    const [truckError, siteError] = [await truck, await site];
    expect(truckError).toBeInstanceOf(FieldValidationError);
    expect((truckError as FieldValidationError).fields).toEqual({ garage: [`Недопустимый первичный ключ «${garage}» — объект не существует.`] });
    expect(siteError).toBeInstanceOf(FieldValidationError);
    expect((siteError as FieldValidationError).fields).toEqual({ owners: [`Недопустимый первичный ключ «${owner}» — объект не существует.`] });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM vehicle WHERE license_plate = $1', [body.license_plate])).rows[0].n).toBe(0);
    expect(await deletes('garages', garage)).toBe(1);
  });
});
