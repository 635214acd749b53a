/**
 * Sites placed by the region's administrative boundaries (docs/ANALYTICS.md
 * «Места накопления по границам муниципальных образований (ОКТМО)»): a tiny OSM extract written here by hand
 * — admin_level 6 and 8 relations around the points below, one cut open by the extract, one of admin_level 4
 * — goes through the region loader's boundary part for real (osmium, osm2pgsql), the boundaries are matched
 * to ОКТМО units inserted here (by the relation's oktmo:user tag, by name, by name within the district), and
 * each site's formation is checked by hand: the problems' `oktmo`, the dashboard's sites per ОКТМО and its
 * notice. A recorded settlement is never overwritten by coordinates; a site outside every matched boundary
 * stays without a formation and is counted in the notice.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegion, type RegionLoadResult } from '@tko/geocoding';
import { forecastGeneration, matchAdminBoundaries, refreshDashboard, runProblemDetector } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';

/** A lon/lat box [lon0, lat0, lon1, lat1]. */
type Box = [number, number, number, number];
interface Rel { id: number; box: Box | null; tags: Record<string, string> }

/** OSM XML of closed square ways and one relation around each (box null: the relation names a way the extract lacks). */
function extract(rels: Rel[]): string {
  const nodes: string[] = [];
  const ways: string[] = [];
  const relations: string[] = [];
  for (const r of rels) {
    const wayId = r.id * 10;
    if (r.box) {
      const [x0, y0, x1, y1] = r.box;
      const corners = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
      const ids = corners.map((_, i) => r.id * 10 + i);
      corners.forEach(([x, y], i) => nodes.push(`<node id="${ids[i]}" version="1" lat="${y}" lon="${x}"/>`));
      ways.push(`<way id="${wayId}" version="1">${[...ids, ids[0]].map((n) => `<nd ref="${n}"/>`).join('')}</way>`);
    }
    const tags = Object.entries({ type: 'boundary', boundary: 'administrative', ...r.tags }).map(([k, v]) => `<tag k="${k}" v="${v}"/>`).join('');
    relations.push(`<relation id="${r.id}" version="1"><member type="way" ref="${wayId}" role="outer"/>${tags}</relation>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="hand">\n${[...nodes, ...ways, ...relations].join('\n')}\n</osm>\n`;
}

let db: TestDatabase;
let dir: string;
let loaded: RegionLoadResult;
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
const site: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'tko-boundaries-'));
  const file = path.join(dir, 'boundaries.osm');
  writeFileSync(file, extract([
    // Иркутский район: no ОКТМО tag, matched by name among the formations.
    { id: 1, box: [104.0, 52.0, 104.2, 52.2], tags: { admin_level: '6', name: 'Иркутский район' } },
    // Марковское: its name is a settlement of two districts; inside Иркутский район it is 25612's.
    { id: 2, box: [104.05, 52.05, 104.1, 52.1], tags: { admin_level: '8', name: 'Марковское муниципальное образование' } },
    // Ангарский городской округ: by its ОКТМО tag (written as OSM Russia writes it, 11 digits of the centre).
    { id: 3, box: [103.8, 52.4, 103.99, 52.6], tags: { admin_level: '6', name: 'Ангарск (округ)', 'oktmo:user': '25703000001' } },
    // A settlement no loaded unit names: unmatched; its sites fall back to the district.
    { id: 4, box: [104.15, 52.15, 104.19, 52.19], tags: { admin_level: '8', name: 'Нигдеевское сельское поселение' } },
    // Cut open by the extract: no polygon, reported.
    { id: 5, box: null, tags: { admin_level: '8', name: 'Обрезанное поселение' } },
    // The oblast: not a level the loader reads.
    { id: 6, box: [103.0, 51.0, 106.0, 54.0], tags: { admin_level: '4', name: 'Иркутская область' } },
  ]));
  await q(`INSERT INTO administrative_unit (code, name) VALUES
    ('25612000', 'Иркутский муниципальный район'), ('25612151', 'Марковское'),
    ('25650000', 'Шелеховский муниципальный район'), ('25650151', 'Марковское'),
    ('25703000', 'Ангарский городской округ'), ('25703000001', 'г Ангарск')`);
  loaded = await loadRegion({ file, databaseUrl: db.url, dataDir: dir, parts: { boundaries: true } });
  await matchAdminBoundaries(db.pool);
  const add = async (key: string, lng: number, lat: number, settlement: string | null) => {
    site[key] = (await q<{ id: number }>(`INSERT INTO waste_area (kind, location, coordinates, structured_address)
      VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326), $4) RETURNING id`,
    [`Площадка ${key}`, lng, lat, settlement ? JSON.stringify({ settlement }) : null]))[0]!.id;
  };
  await add('markovo', 104.07, 52.07, null); // inside 2 (and 1)
  await add('angarsk', 103.9, 52.5, null); // inside 3
  await add('recorded', 104.1, 52.15, 'г. Ангарск'); // inside 1, but its address names Ангарск
  await add('outside', 105.5, 52.5, null); // in no loaded boundary (only the oblast)
  await add('nowhere', 104.17, 52.17, null); // inside 4 (unmatched) and 1
}, 120_000);
afterAll(async () => {
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('sites placed by admin boundaries', () => {
  it('loads the level 6 and 8 relations with polygons and names the one cut open', async () => {
    expect(loaded.boundaries).toBe(4);
    expect(loaded.boundariesOpen).toEqual([{ osm_id: 5, name: 'Обрезанное поселение' }]);
    expect(await q(`SELECT osm_id::int, admin_level, oktmo, matched_by, ST_SRID(geom) AS srid FROM osm.admin_boundary ORDER BY osm_id`)).toEqual([
      { osm_id: 1, admin_level: 6, oktmo: '25612000', matched_by: 'name', srid: 4326 },
      { osm_id: 2, admin_level: 8, oktmo: '25612000', matched_by: 'name', srid: 4326 },
      { osm_id: 3, admin_level: 6, oktmo: '25703000', matched_by: 'tag', srid: 4326 },
      { osm_id: 4, admin_level: 8, oktmo: null, matched_by: null, srid: 4326 },
    ]);
    // The polygon is the box: 0.2° × 0.2° around Иркутский район.
    expect((await q<{ a: number }>(`SELECT ST_Area(geom) AS a FROM osm.admin_boundary WHERE osm_id = 1`))[0]!.a).toBeCloseTo(0.04, 9);
  });

  it('gives each site its formation: the recorded settlement first, else the covering boundary, else none', async () => {
    await runProblemDetector(db.pool, { trigger: 'MANUAL' });
    // Every site here lacks its surveyed facts: one P000 each, carrying the site's ОКТМО.
    const byId = new Map((await q<{ object_id: number; oktmo: string | null }>(
      `SELECT object_id, oktmo FROM problem WHERE code = 'P000' AND closed_at IS NULL`)).map((r) => [r.object_id, r.oktmo]));
    expect(Object.fromEntries(Object.entries(site).map(([k, id]) => [k, byId.get(id)]))).toEqual({
      markovo: '25612000', angarsk: '25703000', recorded: '25703000', outside: null, nowhere: '25612000',
    });
  });

  it('the dashboard counts the sites per formation and flags the one outside every boundary', async () => {
    const { widgets } = await refreshDashboard(db.pool);
    const w = widgets.sites_by_oktmo as unknown as { table: { rows: { code: string; sites: number }[] }; notice: string | null; areas: { features: { properties: { code: string } }[] } };
    expect(w.table.rows.map((r) => [r.code, r.sites])).toEqual([['25612000', 2], ['25703000', 2], ['', 1]]);
    expect(w.notice).toContain('ОКТМО не определено для 1 из 5 мест накопления');
    expect(w.notice).toContain('размещены по границам муниципальных образований (сопоставлено 3 из 4)');
    // The choropleth draws the formations' level-6 boundaries.
    expect(w.areas.features.map((f) => f.properties.code).sort()).toEqual(['25612000', '25703000']);
  });

  it('the forecast places a waste source without a settlement by its point the same way', async () => {
    const unit = (await q<{ id: number }>(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('BND', 'Жильё', 'чел.', 400, 2) RETURNING id`))[0]!.id;
    // 100 units × 400 kg = 40 t a year inside Ангарский округ (relation 3); 50 units = 20 t outside every boundary.
    await q(`INSERT INTO waste_source (name, location, category, normative_unit_id, normative_value, coordinates) VALUES
      ('Дом А', 'Ангарск', 'MULTI_APARTMENT', $1, 100, ST_SetSRID(ST_MakePoint(103.9, 52.45), 4326)),
      ('Дом Б', 'Где-то', 'MULTI_APARTMENT', $1, 50, ST_SetSRID(ST_MakePoint(105.5, 52.5), 4326))`, [unit]);
    const year = new Date().getFullYear();
    const rows = (await forecastGeneration(db.pool, [year])).rows.map((r) => [r.oktmo, r.tonnes]);
    expect(rows).toEqual([['', 20], ['25703000', 40]]);
  });
});
