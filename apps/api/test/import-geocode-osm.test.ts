/**
 * Issue 9 §2 — an import of a registry without coordinates, geocoded offline through the region's
 * OSM address index, end to end: the St Petersburg extract of shared/data is loaded into this
 * file's database with the region command's `loadRegion` (addresses only, as region.test.ts
 * does for all parts), a CSV made here with registry-style spellings of the extract's own
 * addresses («ул.», «д.», «пр-т», no city, upper case, Latin look-alike letters) plus addresses
 * the extract does not place at a house is uploaded through the API, processed by the worker's
 * import processor (BullMQ, in-process) whose geocoder is the one the worker builds from the
 * environment (`importGeocoder`, GEOCODER=osm). Asserted:
 * - rows placed at house quality lie within a few tens of metres of their OSM building — the
 *   truth is computed independently of the index: osmium (Debian) exports the addressed objects
 *   of the extract as GeoJSON and PostGIS takes the centroid of the building outline (or the
 *   address node), and the point is nearer to its own building than to any other address;
 * - import_record.geocode_quality = 'house' and «Координаты требуют проверки» cleared for them;
 * - a street-quality row, a settlement-quality row and a row the extract does not know stay
 *   flagged (the last one without coordinates);
 * - the geocoding progress (geocode_done / geocode_total) reaches the total, status DONE.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegion } from '@tko/geocoding';
import type { ImportGeocoder } from '@tko/import';
import { importGeocoder } from '../../worker/src/import-worker';
import { csv, files, importFile, startImportHarness, waitFor } from './import-helpers';
import type { ImportHarness } from './import-helpers';

/** The extract, read from shared/data (never copied into the repository). */
const SPB = path.resolve(import.meta.dirname, '../../../../shared/data/osm_spb_center_nevsky_2019.osm');
const SITES = '/api/waste-area/container/';
const run = promisify(execFile);

/**
 * Registry spellings of addresses of the extract → the OSM address (addr:street, addr:housenumber)
 * each one must be placed at. Every address here belongs to exactly one OSM object.
 */
const AT_HOUSE: [string, { street: string; house: string }][] = [
  ['ул. Итальянская, д. 31', { street: 'Итальянская улица', house: '31' }],
  ['Невский пр-т, д.46', { street: 'Невский проспект', house: '46' }],
  ['пер. Мучной, 5', { street: 'Мучной переулок', house: '5' }],
  ['г. Санкт-Петербург, ул. Караванная, дом 22', { street: 'Караванная улица', house: '22' }],
  // A Latin «A» in the house number; Latin «C», «a», «o» in the street name.
  ['ул. Думская, д. 2A', { street: 'Думская улица', house: '2А' }],
  ['ул. Caдoвая, д. 25', { street: 'Садовая улица', house: '25' }],
  ['пл. Островского д 6', { street: 'площадь Островского', house: '6' }],
  ['наб. реки Фонтанки, д. 37', { street: 'набережная реки Фонтанки', house: '37' }],
  // The корпус / литера after a comma, as ГАР writes them.
  ['Садовая ул., д. 28-30, корп. 21', { street: 'Садовая улица', house: '28-30 к21' }],
  ['Невский пр-т, д. 30, литера Б', { street: 'Невский проспект', house: '30 литБ' }],
  // A landmark in parentheses whose number is another house of the street (Мучной 3 exists): still house 5.
  ['пер. Мучной, 5 (во дворе дома 3)', { street: 'Мучной переулок', house: '5' }],
  // An address node (no building outline), upper case.
  ['НЕВСКИЙ ПР-Т, Д. 66', { street: 'Невский проспект', house: '66' }],
];
/** A house the extract does not have on a street it has: street quality. */
const STREET = 'Невский пр-т, д. 999';
/** A street the extract does not have, in the region's city: settlement quality. */
const SETTLEMENT = 'Санкт-Петербург, ул. Несуществующая, д. 1';
/** An address of another region: not found. */
const MISSING = 'ул. Жердева, д. 56';

let h: ImportHarness;
let osmDir: string;
let geocoder: ImportGeocoder | null = null;

beforeAll(async () => {
  // The worker's geocoder reads this file's database, which exists only once the harness has started.
  h = await startImportHarness({ geocoder: { geocode: (address, opts) => geocoder!.geocode(address, opts) } });
  osmDir = mkdtempSync(path.join(tmpdir(), 'tko-import-osm-'));
  const loaded = await loadRegion({ file: SPB, databaseUrl: h.t.url, dataDir: osmDir, parts: { addresses: true, roads: false, basemap: false } });
  expect(loaded.addresses).toBeGreaterThan(200);
  geocoder = importGeocoder(h.t.pool, { GEOCODER: 'osm' }) ?? null;
  expect(geocoder).not.toBeNull();
  await loadTruth();
}, 180_000);
afterAll(async () => {
  await h?.close();
  if (osmDir) rmSync(osmDir, { recursive: true, force: true });
});

/**
 * The extract's addressed objects exported by osmium (nodes as points, closed ways and
 * multipolygon relations as areas, other ways as lines) into `truth` of this file's database:
 * one row per object — its area when osmium gives both an area and a line — with its centroid.
 */
async function loadTruth(): Promise<void> {
  const pbf = path.join(osmDir, 'addr.osm.pbf');
  const seq = path.join(osmDir, 'addr.geojsonseq');
  await run('osmium', ['tags-filter', SPB, 'nwr/addr:housenumber', '-o', pbf, '--overwrite']);
  await run('osmium', ['export', pbf, '-f', 'geojsonseq', '-x', 'print_record_separator=false', '-a', 'type,id', '-o', seq, '--overwrite']);
  const features = readFileSync(seq, 'utf8').split('\n').filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { geometry: { type: string }; properties: Record<string, string | number> })
    .filter((f) => f.properties['addr:street'] && f.properties['addr:housenumber']);
  await h.t.pool.query('CREATE TABLE truth (object text, street text, house text, geom geometry)');
  await h.t.pool.query(
    `INSERT INTO truth SELECT DISTINCT ON (object) object, street, house, ST_Centroid(ST_SetSRID(ST_GeomFromGeoJSON(g), 4326))
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS f(object, street, house, g)
      ORDER BY object, GeometryType(ST_GeomFromGeoJSON(g)) LIKE '%POLYGON' DESC`,
    [features.map((f) => `${f.properties['@type']}${f.properties['@id']}`), features.map((f) => String(f.properties['addr:street'])),
      features.map((f) => String(f.properties['addr:housenumber'])), features.map((f) => JSON.stringify(f.geometry))],
  );
}

const get = (p: string) => request(h.t.app.server).get(p).set(h.t.auth('admin'));

interface Geocoding { status: string; total: number; done: number; placed: number }

/** Polls the file until its geocoding is DONE; returns the end state and every `done` value seen on the way. */
async function geocoded(fileId: number): Promise<{ end: Geocoding; seen: number[] }> {
  const seen: number[] = [];
  const end = await waitFor(async () => {
    const g = (await get(files(fileId))).body.geocode as Geocoding;
    seen.push(g.done);
    return g.status === 'DONE' ? g : null;
  }, 60_000);
  return { end, seen };
}

interface Site { location: string; lat: number | null; lng: number | null; flagged: boolean; quality: string | null | undefined }

/** The sites the import created (list API, one page) with their import_record.geocode_quality. */
async function sitesOf(fileId: number): Promise<Site[]> {
  const list = (await get(`${SITES}?import_file=${fileId}&page_size=500`)).body as { count: number; results: { id: number; location: string; coordinates: { lat: number; lng: number } | null; coordinates_needs_checking: boolean }[] };
  expect(list.count).toBe(list.results.length);
  const quality = new Map((await h.t.pool.query<{ record_id: number; geocode_quality: string | null }>(
    'SELECT record_id, geocode_quality FROM import_record WHERE import_file_id = $1', [fileId])).rows.map((r) => [r.record_id, r.geocode_quality]));
  return list.results.map((r) => ({ location: r.location, lat: r.coordinates?.lat ?? null, lng: r.coordinates?.lng ?? null, flagged: r.coordinates_needs_checking, quality: quality.get(r.id) }));
}

/** Metres from the point to the nearest OSM object with the address, to the nearest object with another address, and how many carry the address. */
async function distances(s: Site, street: string, house: string): Promise<{ own: number; other: number; objects: number }> {
  const { rows } = await h.t.pool.query<{ own: number; other: number; objects: number }>(
    `WITH p AS (SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS g)
     SELECT (SELECT min(ST_Distance(t.geom::geography, p.g)) FROM truth t WHERE t.street = $3 AND t.house = $4) AS own,
            (SELECT count(*)::int FROM truth t WHERE t.street = $3 AND t.house = $4) AS objects,
            (SELECT min(ST_Distance(t.geom::geography, p.g)) FROM truth t WHERE NOT (t.street = $3 AND t.house = $4)) AS other
       FROM p`, [s.lng, s.lat, street, house]);
  return rows[0]!;
}

/** A registry's spelling of an OSM street: the type abbreviated and put first, no city. */
function registryStreet(street: string): string {
  const forms: [RegExp, string][] = [[/улица/, 'ул.'], [/проспект/, 'пр-т'], [/переулок/, 'пер.'], [/набережная/, 'наб.'], [/площадь/, 'пл.']];
  for (const [re, abbr] of forms) if (re.test(street)) return `${abbr} ${street.replace(re, '').replace(/\s+/g, ' ').trim()}`;
  return street;
}

describe('an import geocoded through the OSM index', () => {
  it('places registry-style addresses at their buildings at house quality, clears the check flag, keeps the rest flagged; progress reaches the total', async () => {
    const rows: string[][] = [['Адрес', 'Количество', 'Объём']];
    for (const [text] of AT_HOUSE) rows.push([text, '1', '0,75']);
    rows.push([STREET, '2', '1,1'], [SETTLEMENT, '1', '0,75'], [MISSING, '1', '0,75']);
    const file = await importFile(h.t, csv(rows), 'реестр-без-координат.csv');
    const total = AT_HOUSE.length + 3;
    expect(file.report).toMatchObject({ created: total, failed_rows: 0, without_coordinates: total });

    const { end } = await geocoded(file.id);
    expect(end).toEqual({ status: 'DONE', total, done: total, placed: AT_HOUSE.length });

    const sites = await sitesOf(file.id);
    expect(sites.map((s) => s.location).sort()).toEqual(rows.slice(1).map((r) => r[0]).sort());
    const by = Object.fromEntries(sites.map((s) => [s.location, s]));

    for (const [text, truth] of AT_HOUSE) {
      const s = by[text]!;
      expect(s, text).toMatchObject({ quality: 'house', flagged: false });
      const d = await distances(s, truth.street, truth.house);
      expect(d.objects, text).toBe(1);
      // Within a few tens of metres of the building's centroid, and nearer to it than to any other address.
      expect(d.own, text).toBeLessThan(30);
      expect(d.own, text).toBeLessThan(d.other);
    }

    expect(by[STREET]).toMatchObject({ quality: 'street', flagged: true });
    expect(by[STREET]!.lat).not.toBeNull();
    expect(by[SETTLEMENT]).toMatchObject({ quality: 'settlement', flagged: true });
    expect(by[SETTLEMENT]!.lat).not.toBeNull();
    expect(by[MISSING]).toMatchObject({ quality: null, flagged: true, lat: null, lng: null });

    // The list's «Координаты требуют проверки» filter shows exactly the three rows left to check.
    const flagged = (await get(`${SITES}?import_file=${file.id}&coordinates_needs_checking=true&page_size=100`)).body as { count: number; results: { location: string }[] };
    expect(flagged.results.map((r) => r.location).sort()).toEqual([MISSING, SETTLEMENT, STREET].sort());
  });

  it('geocodes 120 of the extract’s addresses across several blocks: every house answer at its building and unflagged, every other row flagged; progress only grows, to the total', async () => {
    const { rows: sample } = await h.t.pool.query<{ street: string; house: string }>(
      `SELECT street, house FROM (SELECT DISTINCT street, house FROM truth) t ORDER BY md5(street || '/' || house) LIMIT 120`);
    expect(sample).toHaveLength(120);
    const text = (a: { street: string; house: string }) => `${registryStreet(a.street)}, д. ${a.house}`;
    const file = await importFile(h.t, csv([['Адрес', 'Количество', 'Объём'], ...sample.map((a) => [text(a), '1', '0,75'])]), 'реестр-120.csv');
    expect(file.report).toMatchObject({ created: 120, failed_rows: 0, without_coordinates: 120 });
    const { end, seen } = await geocoded(file.id);
    expect(end).toMatchObject({ status: 'DONE', total: 120, done: 120 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const by = Object.fromEntries((await sitesOf(file.id)).map((s) => [s.location, s]));
    let house = 0;
    for (const a of sample) {
      const s = by[text(a)]!;
      expect(s, text(a)).toBeDefined();
      if (s.quality === 'house') {
        house++;
        expect(s.flagged, text(a)).toBe(false);
        const d = await distances(s, a.street, a.house);
        expect(d.own, text(a)).toBeLessThan(30);
        expect(d.own, text(a)).toBeLessThanOrEqual(d.other);
      } else {
        expect(s.flagged, text(a)).toBe(true);
      }
    }
    expect(end.placed).toBe(house);
    // The extract's own addresses, spelt without typos: every one is found at its house (before the
    // «28-30 к21» fix of normalize.ts, the eleven корпуса of Садовая 28-30 fell to street quality).
    expect(house).toBe(120);
  });
});
