/**
 * One OSM extract gives the region its addresses, road graph and base map (issue 9 §2, §3):
 * `loadRegion` (the code of `pnpm region:load`) runs the Debian tools (osm2pgsql, osm2pgrouting,
 * tilemaker, osmium) on the St Petersburg extract (also its administrative boundaries) of shared/data once for this file, into this
 * file's database and a temporary BASEMAP_DIR; then
 * - the OSM geocoder places addresses written the registries' way, with their quality;
 * - the address tools (suggest / clean) find the region's own addresses;
 * - pgr_dijkstra finds a route between two points snapped to the road graph;
 * - the base map routes: style.json, tiles (content type, gzip), 404 for missing tiles and
 *   without a loaded base map; /api/config/ names the style.
 * The DaData and Nominatim geocoders against local stand-ins of those services.
 */
import http from 'node:http';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Pbf } from 'pbf';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, loadRegion, OsmGeocoder, RegionLoadError } from '@tko/geocoding';
import type { RegionLoadResult } from '@tko/geocoding';
import { dataDir } from '@tko/db';
import { startFakeDadata, SECRET, TOKEN } from './fixtures/fake-dadata';
import type { FakeDadata } from './fixtures/fake-dadata';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

/** The extract, read from shared/data (never copied into the repository). */
const SPB = path.join(dataDir(), 'osm_spb_center_nevsky_2019.osm');

let t: TestApp;
let dir: string;
let loaded: RegionLoadResult;
let geocoder: OsmGeocoder;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tko-region-'));
  t = await startTestApp({ overrides: { basemapDir: dir } });
  loaded = await loadRegion({ file: SPB, databaseUrl: t.url, dataDir: dir });
  geocoder = new OsmGeocoder(t.pool);
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Metres between two WGS 84 points (PostGIS geography). */
async function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): Promise<number> {
  const { rows } = await t.pool.query<{ d: number }>(
    'SELECT ST_Distance(ST_MakePoint($1, $2)::geography, ST_MakePoint($3, $4)::geography) AS d', [a.lng, a.lat, b.lng, b.lat]);
  return rows[0]!.d;
}

describe('region load', () => {
  it('indexes the extract’s addresses, streets, road graph and base map', async () => {
    expect(loaded.addresses).toBeGreaterThan(200);
    expect(loaded.streets).toBeGreaterThan(20);
    expect(loaded.roadEdges).toBeGreaterThan(100);
    expect(loaded.city).toBe('Санкт-Петербург');
    expect(loaded.basemap).toBe(path.join(dir, 'basemap.mbtiles'));
    // The API's bbox export cuts the three municipal okrugs (admin_level 8) open: named, none stored.
    expect(loaded.boundaries).toBe(0);
    expect(loaded.boundariesOpen.map((b) => b.name)).toEqual(['Дворцовый округ', 'Владимирский округ', 'округ № 78']);
    const { rows } = await t.pool.query<{ label: string; house: string; street_name: string; street_type: string }>(
      `SELECT label, house, street_name, street_type FROM osm.address WHERE street = 'Невский проспект' AND housenumber = '60'`);
    expect(rows[0]).toEqual({ label: 'Санкт-Петербург, Невский проспект, 60', house: '60', street_name: 'невский', street_type: 'пр-кт' });
  });

  it('refuses a file that is not an OSM extract, naming it', async () => {
    await expect(loadRegion({ file: path.join(dir, 'basemap.mbtiles'), databaseUrl: t.url, dataDir: dir })).rejects.toThrow(RegionLoadError);
    await expect(loadRegion({ file: path.join(dir, 'missing.osm'), databaseUrl: t.url, dataDir: dir })).rejects.toThrow(/not found/);
  });
});

describe('OSM geocoder', () => {
  it('places registry-style addresses at house quality, at the building', async () => {
    const exact = await t.pool.query<{ lat: number; lng: number }>(
      `SELECT ST_Y(geom) AS lat, ST_X(geom) AS lng FROM osm.address WHERE street = 'Итальянская улица' AND housenumber = '25'`);
    for (const text of ['ул. Итальянская, д. 25', 'Итальянская ул 25', 'г. Санкт-Петербург, улица Итальянская, дом № 25', 'ИТАЛЬЯНСКАЯ,25']) {
      const r = await geocoder.geocode(text);
      expect(r, text).toMatchObject({ quality: 'house', provider: 'osm', label: 'Санкт-Петербург, Итальянская улица, 25' });
      expect(await metres(r!, exact.rows[0]!)).toBeLessThan(1);
    }
    expect(await geocoder.geocode('Невский пр., 60')).toMatchObject({ quality: 'house', label: 'Санкт-Петербург, Невский проспект, 60' });
  });

  it('answers street or settlement quality when the house or the street is unknown, null for nothing', async () => {
    expect(await geocoder.geocode('Невский пр-т, д. 999')).toMatchObject({ quality: 'street', label: 'Санкт-Петербург, Невский проспект' });
    expect(await geocoder.geocode('Санкт-Петербург, ул. Несуществующая, 1')).toMatchObject({ quality: 'settlement', label: 'Санкт-Петербург' });
    expect(await geocoder.geocode('ул. Жердева, 56')).toBeNull();
  });

  it('is what createGeocoder gives by default (GEOCODER=osm)', async () => {
    const g = createGeocoder({}, t.pool);
    expect(await g.geocode('Итальянская 25')).toMatchObject({ quality: 'house' });
    expect(() => createGeocoder({ GEOCODER: 'yandex' }, t.pool)).toThrow(/GEOCODER=yandex/);
    expect(() => createGeocoder({ GEOCODER: 'nominatim' }, t.pool)).toThrow(/NOMINATIM_URL/);
  });
});

describe('address tools over the OSM index', () => {
  const get = (p: string, query: Record<string, string>) => request(t.app.server).get(p).query(query).set(t.auth('viewer'));

  it('suggests the region’s own addresses to a registry user', async () => {
    const res = await get('/api/address/suggest/', { query: 'Невский пр 60' });
    expect(res.status).toBe(200);
    expect(res.body.suggestions[0]).toMatchObject({ value: 'Санкт-Петербург, Невский проспект, 60', data: { source: 'osm' } });
    expect(res.body.suggestions[0].data.geo_lat).toBeCloseTo(59.9346, 3);
  });

  it('cleans an address to its building with qc_geo 0, a street with qc_geo 2', async () => {
    const res = await get('/api/address/clean/', { location: 'Итальянская ул., д. 25' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'Санкт-Петербург, Итальянская улица, 25', provider: 'osm', qc_geo: 0, quality: 'house' });
    const street = await get('/api/address/clean/', { location: 'Невский проспект, 999' });
    expect(street.body).toMatchObject({ provider: 'osm', qc_geo: 2 });
    expect((await request(t.app.server).get('/api/address/clean/').query({ location: 'Невский 60' })).status).toBe(401);
  });
});

describe('road graph', () => {
  it('finds a route between two points snapped to the graph (pgr_dijkstra)', async () => {
    // The vertices nearest to Невский пр., 60 and Итальянская ул., 25 on the main connected
    // part of the graph (a courtyard's service road is a component of its own).
    const { rows } = await t.pool.query<{ edges: number; metres: number }>(`
      WITH a AS (SELECT geom FROM osm.address WHERE street = 'Невский проспект' AND housenumber = '60' LIMIT 1),
           b AS (SELECT geom FROM osm.address WHERE street = 'Итальянская улица' AND housenumber = '25' LIMIT 1),
           cc AS (SELECT node, component FROM pgr_connectedComponents('SELECT gid AS id, source, target, cost, reverse_cost FROM osm.ways')),
           main AS (SELECT component FROM cc GROUP BY component ORDER BY count(*) DESC LIMIT 1),
           graph AS (SELECT v.id, v.the_geom FROM osm.ways_vertices_pgr v JOIN cc ON cc.node = v.id JOIN main USING (component)),
           va AS (SELECT g.id FROM graph g, a ORDER BY g.the_geom <-> a.geom LIMIT 1),
           vb AS (SELECT g.id FROM graph g, b ORDER BY g.the_geom <-> b.geom LIMIT 1)
      SELECT count(*)::int AS edges, coalesce(sum(w.length_m), 0) AS metres
        FROM pgr_dijkstra('SELECT gid AS id, source, target, cost_s AS cost, reverse_cost_s AS reverse_cost FROM osm.ways',
                          (SELECT id FROM va), (SELECT id FROM vb), true) r
        JOIN osm.ways w ON w.gid = r.edge`);
    expect(rows[0]!.edges).toBeGreaterThan(0);
    // Straight line ≈ 150 m; by road more, but not a detour across the city.
    expect(rows[0]!.metres).toBeGreaterThan(100);
    expect(rows[0]!.metres).toBeLessThan(3000);
  });

  it('keeps the extract’s turn restrictions (osm2pgrouting drops them): all 28, each with its from/via/to', async () => {
    // The file holds 28 relations type=restriction, each with one from way, one via node, one to way
    // (grep of the file); relation 86294 (shared/data) is no_left_turn 683105294 → 1570984835 → 4457512.
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM osm.turn_restrictions');
    expect(rows[0]!.n).toBe(28);
    const one = await t.pool.query(`SELECT kind FROM osm.turn_restrictions WHERE from_way = 683105294 AND via_node = 1570984835 AND to_way = 4457512`);
    expect(one.rows).toEqual([{ kind: 'no_left_turn' }]);
  });
});

describe('base map routes', () => {
  it('serves the MapLibre style with its tiles on this host; /api/config/ names it', async () => {
    const res = await request(t.app.server).get('/api/basemap/style.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.version).toBe(8);
    expect(res.body.sources.basemap.tiles[0]).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?\/api\/basemap\/tiles\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
    expect(res.body.layers.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining(['background', 'building', 'road-2']));
    expect(res.body.glyphs).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?\/api\/basemap\/fonts\/\{fontstack\}\/\{range\}\.pbf$/);
    expect(res.body.layers.find((l: { id: string }) => l.id === 'road-label').layout['text-font']).toEqual(['Noto Sans Regular']);
    expect(res.body.sprite).toBeUndefined();
    expect((await request(t.app.server).get('/api/config/')).body).toEqual({ map_style_url: '/api/basemap/style.json', road_graph: true });
  });

  it('serves vector tiles with streets and buildings, gzip-encoded; 404 outside the region', async () => {
    // The z14 tile over Невский пр. at Караванная ул. (30.3395, 59.9345).
    const z = 14; const x = 9572; const y = 4763;
    const raw = await request(t.app.server).get(`/api/basemap/tiles/${z}/${x}/${y}.pbf`).set('Accept-Encoding', 'gzip')
      .buffer(true).parse((res, cb) => { const c: Buffer[] = []; res.on('data', (b: Buffer) => c.push(b)); res.on('end', () => cb(null, Buffer.concat(c))); });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/x-protobuf');
    expect(raw.headers['content-encoding']).toBe('gzip');
    // superagent may have inflated the body already.
    const bytes = raw.body as Buffer;
    const tile = new VectorTile(new Pbf(bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes));
    expect(Object.keys(tile.layers)).toEqual(expect.arrayContaining(['transportation', 'building']));
    const missing = await request(t.app.server).get('/api/basemap/tiles/14/0/0.pbf');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Плитки подложки нет.', code: 'tile_not_found' });
    expect((await request(t.app.server).get('/api/basemap/tiles/99/0/0.pbf')).status).toBe(400);
  });

  it('serves the style’s glyphs (SDF protobuf) from the product; 404 for an unknown font, 400 for a bad range', async () => {
    const res = await request(t.app.server).get(`/api/basemap/fonts/${encodeURIComponent('Нет такого,Noto Sans Regular')}/1024-1279.pbf`)
      .buffer(true).parse((r, cb) => { const c: Buffer[] = []; r.on('data', (b: Buffer) => c.push(b)); r.on('end', () => cb(null, Buffer.concat(c))); });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    // glyphs { stacks(1) { name(1), range(2), glyphs(3) { id(1), bitmap(2), width(3), height(4), … } } }
    const stack = new Pbf(res.body as Buffer).readFields((tag, acc: { name?: string; range?: string; ids: number[] }, pbf) => {
      if (tag !== 1) return;
      pbf.readMessage((t2, a: typeof acc, p2) => {
        if (t2 === 1) a.name = p2.readString();
        else if (t2 === 2) a.range = p2.readString();
        else if (t2 === 3) p2.readMessage((t3, a3: typeof acc, p3) => { if (t3 === 1) a3.ids.push(p3.readVarint()); }, a);
      }, acc);
    }, { ids: [] as number[] });
    expect(stack.name).toBe('Noto Sans Regular');
    expect(stack.range).toBe('1024-1279');
    expect(stack.ids).toEqual(expect.arrayContaining(['Н'.codePointAt(0)!, 'е'.codePointAt(0)!, 'ё'.codePointAt(0)!]));
    const empty = await request(t.app.server).get('/api/basemap/fonts/Noto%20Sans%20Regular/256-511.pbf');
    expect(empty.status).toBe(200);
    expect((await request(t.app.server).get('/api/basemap/fonts/Comic%20Sans/0-255.pbf')).status).toBe(404);
    expect((await request(t.app.server).get('/api/basemap/fonts/..%2F..%2Fetc/0-255.pbf')).status).toBe(404);
    expect((await request(t.app.server).get('/api/basemap/fonts/Noto%20Sans%20Regular/abc.pbf')).status).toBe(400);
  });

  it('answers 404 without a loaded base map, and the config falls back to the plain style', async () => {
    const file = path.join(dir, 'basemap.mbtiles');
    renameSync(file, `${file}.away`);
    try {
      const res = await request(t.app.server).get('/api/basemap/style.json');
      expect(res.status).toBe(404);
      expect(res.body.detail).toMatch(/«Администрирование → Регион»/);
      expect((await request(t.app.server).get('/api/basemap/tiles/14/9572/4763.pbf')).status).toBe(404);
      expect((await request(t.app.server).get('/api/config/')).body).toEqual({ map_style_url: null, road_graph: true });
    } finally {
      renameSync(`${file}.away`, file);
    }
    expect((await request(t.app.server).get('/api/basemap/style.json')).status).toBe(200);
  });
});

describe('DaData and Nominatim geocoders', () => {
  let dadata: FakeDadata;
  let nominatim: http.Server;
  let nominatimUrl: string;
  const asked: string[] = [];
  beforeAll(async () => {
    dadata = await startFakeDadata();
    nominatim = http.createServer((req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      asked.push(`${req.url}|${req.headers['user-agent']}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (q.startsWith('Невский 60')) res.end(JSON.stringify([{ lat: '59.9346', lon: '30.3394', display_name: '60, Невский проспект, Санкт-Петербург', category: 'building', address: { house_number: '60', road: 'Невский проспект' } }]));
      else if (q.startsWith('Невский')) res.end(JSON.stringify([{ lat: '59.93', lon: '30.33', display_name: 'Невский проспект', category: 'highway', address: { road: 'Невский проспект' } }]));
      else res.end('[]');
    });
    await new Promise<void>((r) => nominatim.listen(0, '127.0.0.1', r));
    nominatimUrl = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await dadata?.close();
    await new Promise((r) => nominatim?.close(r));
  });

  it('DaData: qc_geo 0 is house quality; no coordinates is null', async () => {
    const g = createGeocoder({ GEOCODER: 'dadata', DADATA_TOKEN: TOKEN, DADATA_SECRET: SECRET, DADATA_CLEAN_URL: `${dadata.url}/clean` }, t.pool);
    expect(await g.geocode('кв-л 47, д. 60', { city: 'Ангарск' })).toEqual({ lat: 52.5468417, lng: 103.8701022, quality: 'house', label: 'г Ангарск, кв-л 47-й, д 60', provider: 'dadata' });
    expect(dadata.requests.at(-1)!.body).toEqual(['Ангарск, кв-л 47, д. 60']);
    expect(await g.geocode('нет такого адреса')).toBeNull();
  });

  it('Nominatim: house with a house number, street for a road, null for none; identifies itself', async () => {
    const g = createGeocoder({ GEOCODER: 'nominatim', NOMINATIM_URL: nominatimUrl }, t.pool);
    expect(await g.geocode('Невский 60', { city: 'Санкт-Петербург' })).toMatchObject({ lat: 59.9346, lng: 30.3394, quality: 'house', provider: 'nominatim' });
    expect(await g.geocode('Невский')).toMatchObject({ quality: 'street' });
    expect(await g.geocode('ничего')).toBeNull();
    expect(asked[0]).toMatch(/\/search\?q=%D0%9D.*format=jsonv2.*\|tko-registry geocoder$/);
  });
});
