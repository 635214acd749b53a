/**
 * The Angarsk route plan imported from the real file (DATA_DIR, shared/data/SOURCES.md §3)
 * into a real database: the counts of docs/DATA.md, the values of the sites, idempotence.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANGARSK_SOURCE, ANGARSK_ZONE, dataDir, importAngarsk, type AngarskImportCounts } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const TABLES = ['waste_area', 'garage', 'vehicle', 'vehicle_waste_area', 'contract_zone'];

let db: TestDatabase;
let first: AngarskImportCounts;

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await db.pool.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n;
  return out;
}

beforeAll(async () => {
  db = await createTestDatabase();
  first = await importAngarsk(db.pool, FILE);
});
afterAll(async () => { await db?.drop(); });

describe('importAngarsk on the real file', () => {
  it('creates 1 692 sites, 3 garages, 91 vehicles and 6 514 links (docs/DATA.md)', async () => {
    expect(first).toMatchObject({
      rows: 20626,
      sites: { total: 1692, created: 1692, updated: 0, unchanged: 0 },
      garages: { total: 3, created: 3 },
      vehicles: { total: 91, created: 91, updated: 0 },
      links: { total: 6514, created: 6514, removed: 0 },
    });
    expect(await tableCounts()).toEqual({ waste_area: 1692, garage: 3, vehicle: 91, vehicle_waste_area: 6514, contract_zone: 1 });
  });

  it('writes through the domain pipeline: every created garage, vehicle, site and schedule has its history by «Система»', async () => {
    const { rows } = await db.pool.query<{ resource: string; action: string; n: number; names: string[] }>(
      `SELECT resource, action, count(*)::int AS n, array_agg(DISTINCT user_name) AS names FROM change_log GROUP BY resource, action ORDER BY resource`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.resource, r]));
    // One 'create' entry per row the import made (counts of docs/DATA.md; 3 garage schedules, 1 landfill, 1 zone).
    expect(by['container']).toMatchObject({ action: 'create', n: 1692, names: ['Система'] });
    expect(by['vehicles']).toMatchObject({ action: 'create', n: 91, names: ['Система'] });
    expect(by['garages']?.n).toBe(3);
    expect(by['schedules']?.n).toBe(3);
    expect(rows.every((r) => r.action === 'create' && r.names.length === 1 && r.names[0] === 'Система')).toBe(true);
  });

  it('stores each site as an ACTIVE open container site, the facts the file does not carry left unknown (never defaulted to compliant), its zone and ON_MONTHDAYS days', async () => {
    const { rows } = await db.pool.query(
      `SELECT count(*) FILTER (WHERE kind = 'CONTAINER' AND status = 'ACTIVE' AND type = 'OPENED'
               AND access IS NULL AND platform_basement IS NULL AND fence IS NULL AND coverage_type IS NULL AND has_cover IS NULL
               AND section_for_kgo = 'NOT_PROVIDED' AND arrival_time = '06:00' AND leave_time = '22:00'
               AND periodicity = 'ON_MONTHDAYS' AND cardinality(periodicity_on_monthdays) > 0
               AND periodicity_on_monthdays = ARRAY(SELECT unnest(periodicity_on_monthdays) ORDER BY 1)
               AND data_import_source = $1 AND z.name = $2
               AND external_id = to_char(ST_Y(coordinates)::numeric, 'FM990.000000') || ',' || to_char(ST_X(coordinates)::numeric, 'FM990.000000')
             ) AS good, count(*) AS total
         FROM waste_area w JOIN contract_zone z ON z.id = w.contract_zone_id`,
      [ANGARSK_SOURCE, ANGARSK_ZONE],
    );
    expect(rows[0]).toEqual({ good: 1692, total: 1692 });
  });

  it('restores the address commas, sets the city and the served days', async () => {
    const { rows } = await db.pool.query(
      `SELECT location, structured_address, periodicity_on_monthdays, location_needs_checking, ST_AsText(coordinates) AS wkt
         FROM waste_area WHERE external_id = '52.546842,103.870102'`,
    );
    expect(rows[0]).toEqual({
      location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)',
      structured_address: { city: 'Ангарск' },
      periodicity_on_monthdays: [1, 8, 15, 22, 29],
      location_needs_checking: false,
      wkt: 'POINT(103.870102 52.546842)',
    });
  });

  it('flags the 19 points that the plan gives two addresses, keeping the other one as landmark', async () => {
    const { rows } = await db.pool.query("SELECT location, landmark FROM waste_area WHERE location_needs_checking ORDER BY location");
    expect(rows).toHaveLength(19);
    expect(rows).toContainEqual({ location: 'Ангарск, 107 квл, 10', landmark: 'Другие адреса этой точки в плане вывоза: Ангарск, 107 квл, 16' });
  });

  it('merges the two spellings of one plate and links vehicles to their garage', async () => {
    const { rows } = await db.pool.query(
      `SELECT v.license_plate, g.name AS garage FROM vehicle v JOIN garage g ON g.id = v.garage_id WHERE replace(v.license_plate, ' ', '') = 'Е529НУ138'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].license_plate).toBe('Е 529 НУ 138');
    const orphans = await db.pool.query('SELECT count(*) AS n FROM vehicle WHERE garage_id IS NULL');
    expect(orphans.rows[0].n).toBe(0);
  });

  it('changes nothing when run again', async () => {
    const before = await tableCounts();
    const stamp = await db.pool.query('SELECT max(updated_at) AS t FROM waste_area');
    const again = await importAngarsk(db.pool, FILE);
    expect(again).toMatchObject({
      sites: { total: 1692, created: 0, updated: 0, unchanged: 1692 },
      garages: { total: 3, created: 0 },
      vehicles: { total: 91, created: 0, updated: 0 },
      links: { total: 6514, created: 0, removed: 0 },
      contractZoneId: first.contractZoneId,
    });
    expect(await tableCounts()).toEqual(before);
    expect((await db.pool.query('SELECT max(updated_at) AS t FROM waste_area')).rows[0].t).toEqual(stamp.rows[0].t);
  });

  it('repairs an edited imported value and drops a link the plan does not have', async () => {
    await db.pool.query("UPDATE waste_area SET location = 'испорчено', periodicity_on_monthdays = '{2}' WHERE external_id = '52.546842,103.870102'");
    await db.pool.query(
      `INSERT INTO vehicle_waste_area (vehicle_id, waste_area_id)
       SELECT v.id, w.id FROM vehicle v, waste_area w WHERE w.external_id = '52.546842,103.870102'
          AND NOT EXISTS (SELECT 1 FROM vehicle_waste_area x WHERE x.vehicle_id = v.id AND x.waste_area_id = w.id) LIMIT 1`,
    );
    const again = await importAngarsk(db.pool, FILE);
    expect(again.sites).toEqual({ total: 1692, created: 0, updated: 1, unchanged: 1691 });
    expect(again.links).toEqual({ total: 6514, created: 0, removed: 1 });
    const { rows } = await db.pool.query("SELECT location, periodicity_on_monthdays FROM waste_area WHERE external_id = '52.546842,103.870102'");
    expect(rows[0]).toEqual({ location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)', periodicity_on_monthdays: [1, 8, 15, 22, 29] });
  });
});
