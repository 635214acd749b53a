/**
 * Set-based creates (RegistryRepository.createMany / WriteUnit.createMany, write-many-sql.ts;
 * the import's path, issue 9 §4): a batch writes exactly what one `create` per row writes —
 * columns, children, the roll-ups kept on the parent, the history rows — in input order; a
 * refused batch (a missing reference) writes nothing inside its savepoint, and the unit goes on.
 * The import's `slim` batch writes its history in SQL (history-sql.ts): the same `after` as
 * diffRows gives for the row read back, for every kind of field.
 */
import type { ResourceDef } from '@tko/contract';
import { containerResource, createSchema, dispatcherEventResource, juridicalPersonResource, reportResource, vehicleResource, wasteManagementFacilityResource } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffRows, FieldValidationError, RegistryRepository, WritePipeline } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const writer = { userName: 'Пакет', userId: null };
const site = (i: number, extra: Record<string, unknown> = {}) =>
  createSchema(containerResource).parse({
    location: `Ангарск, 7 мкр, ${i}`, coordinates: `52.5${i}, 103.9${i}`, identifier: `КП-${i}`,
    // Every kind the set-based INSERT turns into text (write-many-sql.ts valueText): quotes and a
    // backslash, a list, a date list, a date, a time, a person (JSON), a decimal.
    landmark: `у «дома» "${i}" \\ за углом`, periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [1, 3 + (i % 3)],
    periodicity_on_dates: ['2026-01-1' + i], register_inclusion_decision_date: '2025-12-0' + i, arrival_time: '07:30:00',
    responsible_person: { full_name: `Иванов "${i}"` }, waste_area_width: '2.5',
    containers: Array.from({ length: i % 3 }, () => ({ type: 'EURO', volume: '1.1', loading: 'REAR' })),
    ...extra,
  }) as Record<string, unknown>;
const history = async (id: number) =>
  (await db.pool.query('SELECT action, user_name, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id', [containerResource.name, id])).rows;
/** A row without what differs between two writes of the same values. */
const comparable = (row: Record<string, unknown>) => {
  const { id: _id, created_at: _c, last_update_at: _u, params_history: _h, containers, ...rest } = row;
  return { ...rest, containers: (containers as Record<string, unknown>[]).map(({ id: _cid, ...c }) => c) };
};

describe('createMany', () => {
  it('writes what create writes, row for row, in input order, with history and roll-ups', async () => {
    const pipeline = new WritePipeline(db.pool);
    const inputs = [1, 2, 3, 4, 5].map((i) => site(i));
    const one = await pipeline.run((u) => Promise.all([u.create(containerResource, inputs[0]!, writer)]));
    const many = await pipeline.run((u) => u.createMany(containerResource, inputs, writer));
    expect(many.map((r) => r.identifier)).toEqual(['КП-1', 'КП-2', 'КП-3', 'КП-4', 'КП-5']);
    expect(comparable(many[0]!)).toEqual(comparable(one[0]!));
    expect(many.map((r) => [r.count_containers, Number(r.volume)])).toEqual([[1, 1.1], [2, 2.2], [0, 0], [1, 1.1], [2, 2.2]]);
    const stored = await db.pool.query('SELECT count(*)::int AS n FROM waste_area_container WHERE waste_area_id = ANY($1::int[])', [many.map((r) => r.id)]);
    expect(stored.rows[0].n).toBe(1 + 2 + 0 + 1 + 2);
    const [h1, hMany] = [await history(Number(one[0]!.id)), await history(Number(many[0]!.id))];
    // Equal but for the children's own ids.
    const noChildIds = (h: Record<string, unknown>[]) => h.map((x) => ({ ...x, after: comparable({ ...(x.after as Record<string, unknown>), containers: (x.after as { containers: unknown[] }).containers ?? [] }) }));
    expect(noChildIds(hMany)).toEqual(noChildIds(h1));
    expect(hMany[0]).toMatchObject({ action: 'create', user_name: 'Пакет', before: null });
    for (const r of many) expect(await history(Number(r.id))).toHaveLength(1);
  });

  it('refuses a batch with a missing reference as a whole inside a savepoint; the unit goes on', async () => {
    const pipeline = new WritePipeline(db.pool);
    const before = (await db.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n;
    const created = await pipeline.run(async (u) => {
      const bad = [site(7), site(8, { contract_zone: 999999 })];
      const err = await u.savepoint(() => u.createMany(containerResource, bad, writer)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FieldValidationError);
      expect((err as FieldValidationError).fields.contract_zone?.[0]).toMatch(/999999/);
      expect(u.changes).toHaveLength(0);
      return u.createMany(containerResource, [site(7)], writer);
    });
    const after = (await db.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n;
    expect(after - before).toBe(1);
    expect(created[0]!.identifier).toBe('КП-7');
  });
});

/** The history rows of `def`'s object `id`, oldest first. */
const historyOf = async (def: ResourceDef, id: number) =>
  (await db.pool.query('SELECT action, user_name, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id', [def.name, id])).rows as Record<string, unknown>[];
/** A history `after` without what differs between two writes: the children's own ids, updated_at. */
const noChildIds = (def: ResourceDef, after: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(after).filter(([k]) => k !== 'updated_at').map(([k, v]) => [k, def.fields[k]?.kind === 'children' ? (v as Record<string, unknown>[]).map(({ id: _id, ...c }) => c) : v]));

/**
 * createMany(…, { slim: true }) of `inputs` (create-schema output) against `create` of the first
 * one and against diffRows of every row as read: history `after` equal, `before` null, one row
 * per object; the slim answer is the id and the row-scope keys as the card reads them.
 */
async function expectSlimHistory(def: ResourceDef, inputs: Record<string, unknown>[]) {
  const pipeline = new WritePipeline(db.pool);
  const repo = new RegistryRepository(db.pool, def);
  const one = await pipeline.run((u) => u.create(def, inputs[0]!, writer));
  const [hOne] = await historyOf(def, Number(one.id));
  // Gone again (its history stays), so a unique column (a plate) can take the same value.
  await db.pool.query(`DELETE FROM "${repo.def.table}" WHERE id = $1`, [one.id]);
  const slim = await pipeline.run((u) => u.createMany(def, inputs, writer, { slim: true }));
  expect(slim).toHaveLength(inputs.length);
  const scopeKeys = def.rowScope ? [...(def.rowScope.organization ?? []), ...(def.rowScope.oktmo ? [def.rowScope.oktmo] : [])] : [];
  for (const [i, r] of slim.entries()) {
    const row = (await repo.get(Number(r.id)))!;
    expect(row, `${def.name} #${i}`).toBeTruthy();
    expect(r).toEqual({ id: row.id, ...Object.fromEntries(scopeKeys.map((k) => [k, row[k]])) });
    const h = await historyOf(def, Number(r.id));
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ action: 'create', user_name: 'Пакет', before: null });
    // The Node path's `after` for the same row read back (diffRows' own result, children ids included).
    expect(h[0]!.after, `${def.name} #${i}`).toEqual(diffRows(repo.def, null, row).after);
  }
  expect(noChildIds(def, (await historyOf(def, Number(slim[0]!.id)))[0]!.after as Record<string, unknown>)).toEqual(noChildIds(def, hOne!.after as Record<string, unknown>));
  return slim;
}

describe('createMany slim: the history written in SQL', () => {
  let operator = 0;
  let fkko: number[] = [];
  beforeAll(async () => {
    const pipeline = new WritePipeline(db.pool);
    const je = await pipeline.run((u) => u.create(juridicalPersonResource, createSchema(juridicalPersonResource).parse(juridicalPersonResource.example) as Record<string, unknown>, writer));
    operator = Number(je.id);
    const { rows } = await db.pool.query<{ id: number }>(`INSERT INTO fkko (code, name) VALUES ('73111001724', 'Отходы из жилищ «несортированные»'), ('73310001724', 'Мусор от уборки') RETURNING id`);
    fkko = rows.map((r) => r.id);
  });

  it('container sites: quotes, lists, dates, time, person JSON, decimal, point, children', async () => {
    const inputs = [1, 2, 3, 4, 5].map((i) => site(i));
    // A site with the blanks diffRows leaves out: no lists, no children, no person.
    inputs.push(site(6, { periodicity: undefined, periodicity_on_weekdays: [], periodicity_on_dates: [], responsible_person: null, containers: [], landmark: '' }));
    await expectSlimHistory(containerResource, inputs);
  });

  it('facilities: ref, refs, date ranges (open upper bound), boolean, enum lists, address JSON', async () => {
    const ex = wasteManagementFacilityResource.example!;
    const parse = (v: Record<string, unknown>) => createSchema(wasteManagementFacilityResource).parse({ ...ex, ...v }) as Record<string, unknown>;
    await expectSlimHistory(wasteManagementFacilityResource, [
      parse({ operator, fkko }),
      parse({ name: 'Полигон 2', operator, fkko: [fkko[1]], has_negative_impact: false, environment_monitoring: [], building_period: null }),
      parse({ name: 'Полигон 3', fkko: [], coordinates: '52.5, 103.9', structured_address: null }),
    ]);
  });

  it('reports: JSON data, ref and the row-scope keys answered; vehicles: numeric range; events: datetime', async () => {
    const parse = (def: ResourceDef, v: Record<string, unknown>) => createSchema(def).parse({ ...def.example, ...v }) as Record<string, unknown>;
    const reports = await expectSlimHistory(reportResource, [
      parse(reportResource, { organization: operator, oktmo: '25703000' }),
      parse(reportResource, { name: 'Без данных', data: null, number: '' }),
    ]);
    expect(reports[0]).toMatchObject({ organization: { id: operator }, oktmo: '25703000' });
    await expectSlimHistory(vehicleResource, [
      parse(vehicleResource, { license_plate: 'АМ1235138' }),
      parse(vehicleResource, { license_plate: 'АМ1236138', compression_ratio: { lower: '1.25', upper: null }, body_m3: '7.50' }),
    ]);
    await expectSlimHistory(dispatcherEventResource, [
      parse(dispatcherEventResource, {}),
      parse(dispatcherEventResource, { event_date: '2026-01-02T03:04:05.678Z', coordinates: '-33.123456, -70.654321' }),
    ]);
  });
});
