/**
 * Waste sources at the database level (migration 20261122090100_waste_areas_sources): the
 * seeded normative units, the derived figures read through the generic repository, what
 * deletes do to links and references, the category CHECK, and that the 300 000-row list
 * (bench/) can walk its indexes for the default ordering and the category filter.
 */
import { normativeUnitResource, specialResource, wasteSourceResource } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistryRepository } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const ctx = { userName: 'Тест' };

describe('normative_unit seed', () => {
  it('holds the eleven units of the regional norm with kg and m³ per unit per year', async () => {
    const { rows } = await db.pool.query('SELECT code, unit, kg_per_unit_year, m3_per_unit_year FROM normative_unit ORDER BY id');
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({ code: 'MKD_RESIDENT', unit: '1 проживающий', kg_per_unit_year: '413.700', m3_per_unit_year: '2.1000' });
    expect(rows.find((r) => r.code === 'CAR_SERVICE_PLACE')).toMatchObject({ kg_per_unit_year: '1053.220', m3_per_unit_year: '5.6100' });
    await expect(db.pool.query(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('MKD_RESIDENT', 'x', 'x', 1, 1)`)).rejects.toThrow(/normative_unit_code_key/);
  });
});

describe('waste_source through the generic repository', () => {
  const sources = () => new RegistryRepository(db.pool, wasteSourceResource);

  it('computes the normative figures in SQL and links both ways through one join table', async () => {
    const unitId = (await db.pool.query(`SELECT id FROM normative_unit WHERE code = 'OFFICE_EMPLOYEE'`)).rows[0].id;
    const special = await new RegistryRepository(db.pool, specialResource).create(
      { location: 'Ангарск, КГО', coordinates: { lat: 52.5, lng: 103.9 }, volume: '0' }, ctx);
    const src = await sources().create({
      name: 'Офис', location: 'Ангарск, 1', coordinates: { lat: 52.5, lng: 103.9 }, category: 'ADMINISTRATIVE',
      normative_unit: unitId, normative_value: '25.000', waste_areas: [special.id],
    }, ctx);
    // 25 employees × 620.84 kg and × 3.32 m³ per employee per year.
    expect(src).toMatchObject({ normative_year_kg: '15521.000', normative_year_m3: '83.000' });
    const site = await new RegistryRepository(db.pool, specialResource).get(special.id as number);
    expect(site!.waste_sources).toEqual([{ id: src.id, name: 'Офис' }]);
    expect((await db.pool.query('SELECT waste_source_id, waste_area_id FROM waste_source_waste_area')).rows).toEqual([{ waste_source_id: src.id, waste_area_id: special.id }]);
  });

  it('deleting a waste area drops its links; deleting a legal entity or a unit clears the reference', async () => {
    const le = (await db.pool.query(`INSERT INTO legal_entity (name) VALUES ('УК') RETURNING id`)).rows[0].id;
    const unit = await new RegistryRepository(db.pool, normativeUnitResource).create({ code: 'T', name: 'Тест', unit: '1', kg_per_unit_year: '1.000', m3_per_unit_year: '1.0000', source: null }, ctx);
    const area = (await db.pool.query(`INSERT INTO waste_area (kind, location) VALUES ('BULK', 'x') RETURNING id`)).rows[0].id;
    const src = await sources().create({
      name: 'Дом', location: 'Ангарск, 2', coordinates: { lat: 52.5, lng: 103.9 }, category: 'HOUSE',
      service_org: le, organizations: [le], waste_areas: [area], normative_unit: unit.id, normative_value: '2.000',
    }, ctx);
    await db.pool.query('DELETE FROM waste_area WHERE id = $1', [area]);
    await db.pool.query('DELETE FROM legal_entity WHERE id = $1', [le]);
    await db.pool.query('DELETE FROM normative_unit WHERE id = $1', [unit.id]);
    expect(await sources().get(src.id as number)).toMatchObject({ service_org: null, organizations: [], waste_areas: [], normative_unit: null, normative_year_kg: null });
  });

  it('refuses a category outside the contract’s enumeration', async () => {
    await expect(db.pool.query(`INSERT INTO waste_source (name, location, category) VALUES ('x', 'x', 'FACTORY')`)).rejects.toThrow(/waste_source_category_check/);
  });
});

describe('indexes of the 300 000-row list', () => {
  beforeAll(async () => {
    await db.pool.query(`
      INSERT INTO waste_source (name, location, category, coordinates)
      SELECT 'Дом ' || g, 'Ангарск, квартал ' || (g % 997) || ', дом ' || g,
             (ARRAY['MULTI_APARTMENT', 'HOUSE', 'ENTERPRISE', 'ADMINISTRATIVE', 'OTHER'])[1 + g % 5],
             ST_SetSRID(ST_MakePoint(103.8 + (g % 300) * 0.001, 52.4 + (g / 300) * 0.001), 4326)
        FROM generate_series(1, 30000) g`);
    await db.pool.query('ANALYZE waste_source');
  });

  /** Index names the plan of `sql` uses; `noSeqScan` asks whether an index can serve it at all. */
  async function indexesOf(sql: string, noSeqScan = false): Promise<string[]> {
    const c = await db.pool.connect();
    try {
      await c.query('BEGIN');
      if (noSeqScan) await c.query('SET LOCAL enable_seqscan = off');
      const { rows } = await c.query(`EXPLAIN (FORMAT JSON) ${sql}`);
      return [...JSON.stringify(rows[0]['QUERY PLAN']).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]!);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  }

  // The statements below have the shape RegistryRepository.list builds (where-sql.ts: one enum
  // value as `=`, the id as tie-breaker in the direction of the first key).
  it('the default ordering (location, id) walks waste_source_location_id_idx', async () => {
    expect(await indexesOf('SELECT id FROM waste_source t WHERE TRUE ORDER BY t.location ASC, t.id ASC LIMIT 20 OFFSET 0')).toContain('waste_source_location_id_idx');
  });

  it('one category with that ordering walks waste_source_category_location_id_idx', async () => {
    expect(await indexesOf(`SELECT id FROM waste_source t WHERE t.category = 'OTHER' ORDER BY t.location ASC, t.id ASC LIMIT 20 OFFSET 0`)).toEqual(['waste_source_category_location_id_idx']);
  });

  it('the text search can use the four trigram indexes', async () => {
    const cols = ['name', 'location', 'cadastral_number', 'external_identifier'];
    const used = await indexesOf(`SELECT count(*) FROM waste_source t WHERE (${cols.map((c) => `t.${c} ILIKE '%дом 2999%'`).join(' OR ')})`, true);
    // Each column's ILIKE is served by one of its trigram indexes (GIN, or the GiST one the
    // address matching added on location — the planner may take either).
    expect(used).toHaveLength(cols.length);
    for (const c of cols) expect(used.some((name) => name.startsWith(`waste_source_${c}_`) && name.includes('trgm')), c).toBe(true);
  });
});
