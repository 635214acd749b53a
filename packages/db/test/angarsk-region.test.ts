/**
 * What the route plan import adds for a region's first start (issue 23 §1, docs/DATA.md «What the
 * first start creates»), on the real Angarsk file (DATA_DIR, shared/data/SOURCES.md §3): one
 * schedule per garage with its trucks and the sites the plan gives it, each site in one schedule;
 * the garages' points = the median of their trucks' sites, recomputed here from the file without
 * the importer's code; the landfill of the territorial scheme at the median of all sites; every
 * estimate flagged; a second import changes nothing, keeps what an operator fixed or added, and a
 * moved point clears its flag (effects/estimated-point.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANGARSK_LANDFILL, ANGARSK_SOURCE, clearEstimateOnMove, dataDir, importAngarsk, PLAN_SCHEDULE_PREFIX, type AngarskImportCounts } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');

/** The file as plain records (the test's own reading: no code of the importer). */
const records = parse(iconv.decode(readFileSync(FILE), 'win1251'), { delimiter: ';', columns: true, trim: true }) as Record<string, string>[];
const keyOf = (r: Record<string, string>) => `${Number(r.Lat).toFixed(6)},${Number(r.Lon).toFixed(6)}`;
const plateOf = (r: Record<string, string>) => r['Столбец2']!.replace(/\s+/g, '').toUpperCase();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

let db: TestDatabase;
let first: AngarskImportCounts;
let second: AngarskImportCounts;

beforeAll(async () => {
  db = await createTestDatabase();
  first = await importAngarsk(db.pool, FILE);
  second = await importAngarsk(db.pool, FILE);
}, 180000);
afterAll(async () => { await db?.drop(); });

const q = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query<R>(sql, params)).rows;

describe('schedules of the route plan', () => {
  it('makes one schedule per garage with its trucks (28, 19, 44 vehicles) and every site in exactly one of them', async () => {
    const rows = await q<{ name: string; external_id: string; vehicles: number; points: number; vehicles_count: number; points_count: number; facility: string; zone: string }>(
      `SELECT s.name, s.external_id, s.vehicles_count, s.points_count,
              (SELECT count(*) FROM schedule_vehicle v WHERE v.schedule_id = s.id) AS vehicles,
              (SELECT count(*) FROM schedule_point p WHERE p.schedule_id = s.id) AS points,
              f.name AS facility, z.name AS zone
         FROM schedule s JOIN waste_management_facility f ON f.id = s.waste_management_facility_id JOIN contract_zone z ON z.id = s.contract_zone_id
        WHERE s.data_import_source = $1 ORDER BY s.id`,
      [ANGARSK_SOURCE],
    );
    // the garages' trucks as the file lists them
    const trucks = new Map<string, Set<string>>();
    for (const r of records) trucks.set(r.Descr!, (trucks.get(r.Descr!) ?? new Set()).add(plateOf(r)));
    expect(rows.map((r) => [r.external_id, r.vehicles])).toEqual([...trucks].map(([g, p]) => [g, p.size]));
    expect(rows.map((r) => r.vehicles)).toEqual([28, 19, 44]);
    for (const r of rows) {
      expect(r.name).toBe(PLAN_SCHEDULE_PREFIX + r.external_id);
      expect([r.vehicles_count, r.points_count]).toEqual([r.vehicles, r.points]);
      expect(r.facility).toBe(ANGARSK_LANDFILL);
      expect(r.zone).toBe('Ангарский городской округ');
    }
    expect(rows.reduce((a, r) => a + r.points, 0)).toBe(1692);
    const distinct = await q<{ n: number }>('SELECT count(DISTINCT waste_area_id) AS n FROM schedule_point');
    expect(distinct[0]!.n).toBe(1692);
  });

  it('gives each site to the garage whose trucks list it on the most (truck, day) pairs, ties to the first garage of the file', async () => {
    const garages = [...new Set(records.map((r) => r.Descr!))];
    const pairs = new Map<string, Map<string, Set<string>>>();
    for (const r of records) {
      const byGarage = pairs.get(keyOf(r)) ?? new Map<string, Set<string>>();
      pairs.set(keyOf(r), byGarage);
      const set = byGarage.get(r.Descr!) ?? new Set<string>();
      byGarage.set(r.Descr!, set);
      for (const d of r.Sub!.split(';').map((x) => x.trim()).filter(Boolean)) set.add(`${plateOf(r)}|${d}`);
    }
    const expected = new Map<string, number>();
    for (const byGarage of pairs.values()) {
      const g = [...byGarage].sort(([a, x], [b, y]) => y.size - x.size || garages.indexOf(a) - garages.indexOf(b))[0]![0];
      expected.set(g, (expected.get(g) ?? 0) + 1);
    }
    const rows = await q<{ external_id: string; points: number }>(
      `SELECT s.external_id, count(p.id) AS points FROM schedule s JOIN schedule_point p ON p.schedule_id = s.id GROUP BY s.id ORDER BY s.id`,
    );
    expect(rows.map((r) => [r.external_id, r.points])).toEqual(garages.map((g) => [g, expected.get(g)]));
    expect(rows.map((r) => r.points)).toEqual([591, 668, 433]);
  });

  it('serves a site on the days of the file (hand count of its rows)', async () => {
    // 52.492126,103.820482: rows «Гараж АМП; А 910 ЕК 138; 1;10;20», «Гараж АМП; Х 267 ЕН 138; 1;10;20»,
    // «Генерала Доватора; У 759 ВВ 138; 1;10;20» → days 1, 10, 20; АМП 6 (truck, day) pairs against 3 → АМП's schedule
    // 52.577691,103.890697: «Гараж АМП; М 565 ВН 138; 1;13», «Генерала Доватора; В 775 АК 138; 1;13» → 1, 13; tie 2:2 → АМП (first in the file)
    // 52.546842,103.870102: one row of «А 186 ВА 138» (Гараж АМП) → 1, 8, 15, 22, 29
    const rows = await q<{ key: string; days: number[]; periodicity: string; schedule: string }>(
      `SELECT w.external_id AS key, w.periodicity_on_monthdays AS days, w.periodicity, s.external_id AS schedule
         FROM waste_area w JOIN schedule_point p ON p.waste_area_id = w.id JOIN schedule s ON s.id = p.schedule_id
        WHERE w.external_id = ANY($1::text[]) ORDER BY w.external_id`,
      [['52.492126,103.820482', '52.577691,103.890697', '52.546842,103.870102']],
    );
    expect(rows).toEqual([
      { key: '52.492126,103.820482', days: [1, 10, 20], periodicity: 'ON_MONTHDAYS', schedule: 'Гараж АМП' },
      { key: '52.546842,103.870102', days: [1, 8, 15, 22, 29], periodicity: 'ON_MONTHDAYS', schedule: 'Гараж АМП' },
      { key: '52.577691,103.890697', days: [1, 13], periodicity: 'ON_MONTHDAYS', schedule: 'Гараж АМП' },
    ]);
  });
});

describe('estimated points', () => {
  it('places each garage at the median of its trucks\' sites, flagged', async () => {
    const sites = new Map<string, Map<string, [number, number]>>();
    for (const r of records) {
      const m = sites.get(r.Descr!) ?? new Map<string, [number, number]>();
      sites.set(r.Descr!, m);
      m.set(keyOf(r), [Number(Number(r.Lat).toFixed(6)), Number(Number(r.Lon).toFixed(6))]);
    }
    const rows = await q<{ name: string; lat: number; lng: number; flagged: boolean }>(
      'SELECT name, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, coordinates_needs_checking AS flagged FROM garage ORDER BY id',
    );
    expect(rows).toHaveLength(3);
    for (const g of rows) {
      const pts = [...sites.get(g.name)!.values()];
      expect(g.flagged).toBe(true);
      expect(g.lat).toBeCloseTo(median(pts.map((p) => p[0])), 6);
      expect(g.lng).toBeCloseTo(median(pts.map((p) => p[1])), 6);
    }
    expect(first.region.garagesEstimated).toHaveLength(3);
  });

  it('creates the landfill of the territorial scheme at the median of every site, its address and point flagged', async () => {
    const all = [...new Map(records.map((r) => [keyOf(r), [Number(Number(r.Lat).toFixed(6)), Number(Number(r.Lon).toFixed(6))]])).values()];
    const rows = await q<{ name: string; status: string; purpose: string; lat: number; lng: number; c: boolean; l: boolean; landmark: string }>(
      `SELECT name, status, purpose, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, coordinates_needs_checking AS c, location_needs_checking AS l, landmark
         FROM waste_management_facility`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: ANGARSK_LANDFILL, status: 'ACTIVE', purpose: 'DISPOSING', c: true, l: true });
    expect(rows[0]!.landmark).toContain('43-мпр');
    expect(rows[0]!.lat).toBeCloseTo(median(all.map((p) => p[0]!)), 6);
    expect(rows[0]!.lng).toBeCloseTo(median(all.map((p) => p[1]!)), 6);
  });
});

describe('a second import', () => {
  it('creates and moves nothing', () => {
    expect(first.region.schedules.created).toHaveLength(3);
    expect(first.region.landfill.created).toBe(true);
    expect(first.region.points).toEqual({ added: 1692, removed: 0 });
    expect(first.region.vehicles).toEqual({ added: 91, removed: 0 });
    expect(second.region).toMatchObject({
      garagesEstimated: [], landfill: { created: false, moved: false }, schedules: { created: [] },
      points: { added: 0, removed: 0 }, vehicles: { added: 0, removed: 0 },
    });
  });

  it('keeps a point an operator set and a site an operator added, and puts back a plan site taken out', async () => {
    const [g] = await q<{ id: number }>(`SELECT id FROM garage WHERE name = 'Гараж АМП'`);
    await db.pool.query(`UPDATE garage SET coordinates = ST_SetSRID(ST_MakePoint(103.9, 52.55), 4326), coordinates_needs_checking = false WHERE id = $1`, [g!.id]);
    const [s] = await q<{ id: number }>(`SELECT id FROM schedule WHERE external_id = 'Гараж АМП'`);
    const [extra] = await q<{ id: number }>(`INSERT INTO waste_area (kind, location, coordinates) VALUES ('CONTAINER', 'Ангарск, добавлена вручную', ST_SetSRID(ST_MakePoint(103.88, 52.54), 4326)) RETURNING id`);
    await db.pool.query('INSERT INTO schedule_point (schedule_id, waste_area_id) VALUES ($1, $2)', [s!.id, extra!.id]);
    const [taken] = await q<{ id: number }>(`DELETE FROM schedule_point WHERE id = (SELECT min(id) FROM schedule_point WHERE schedule_id = $1) RETURNING id`, [s!.id]);
    expect(taken).toBeDefined();
    const again = await importAngarsk(db.pool, FILE);
    expect(again.region).toMatchObject({ garagesEstimated: [], points: { added: 1, removed: 0 } });
    const [after] = await q<{ lat: number; flagged: boolean; has_extra: boolean; points_count: number }>(
      `SELECT ST_Y(g.coordinates) AS lat, g.coordinates_needs_checking AS flagged,
              EXISTS (SELECT 1 FROM schedule_point p WHERE p.schedule_id = $2 AND p.waste_area_id = $3) AS has_extra,
              (SELECT points_count FROM schedule WHERE id = $2) AS points_count
         FROM garage g WHERE g.id = $1`,
      [g!.id, s!.id, extra!.id],
    );
    expect(after).toEqual({ lat: 52.55, flagged: false, has_extra: true, points_count: 592 });
  });
});

describe('a moved point clears its flag (the card\'s save)', () => {
  it('clears the flag when the point changes, keeps it otherwise or when the write sets the flag itself', () => {
    const before = { coordinates: { lat: 52.5, lng: 103.9 }, coordinates_needs_checking: true };
    expect(clearEstimateOnMove({ coordinates: { lat: 52.51, lng: 103.9 } }, before)).toEqual({ coordinates: { lat: 52.51, lng: 103.9 }, coordinates_needs_checking: false });
    expect(clearEstimateOnMove({ coordinates: { lat: 52.51, lng: 103.9 }, coordinates_needs_checking: true }, before).coordinates_needs_checking).toBe(false);
    expect(clearEstimateOnMove({ coordinates: { lat: 52.5, lng: 103.9 }, name: 'x' }, before)).toEqual({ coordinates: { lat: 52.5, lng: 103.9 }, name: 'x' });
    expect(clearEstimateOnMove({ name: 'x' }, before)).toEqual({ name: 'x' });
    expect(clearEstimateOnMove({ coordinates: { lat: 52.51, lng: 103.9 } }, null)).toEqual({ coordinates: { lat: 52.51, lng: 103.9 } });
    expect(clearEstimateOnMove({ coordinates: { lat: 52.51, lng: 103.9 } }, { ...before, coordinates_needs_checking: false })).toEqual({ coordinates: { lat: 52.51, lng: 103.9 } });
  });
});
