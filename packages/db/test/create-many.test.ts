/**
 * Set-based creates (RegistryRepository.createMany / WriteUnit.createMany, write-many-sql.ts;
 * the import's path, issue 9 §4): a batch writes exactly what one `create` per row writes —
 * columns, children, the roll-ups kept on the parent, the history rows — in input order; a
 * refused batch (a missing reference) writes nothing inside its savepoint, and the unit goes on.
 */
import { containerResource, createSchema } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValidationError, WritePipeline } from '../src/index';
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
