/**
 * Loads a region from one OpenStreetMap extract (.osm or .osm.pbf from any extract service;
 * issue 9 §3, docs/REGION.md), with maintained Debian tools:
 * 1. the address index (osm2pgsql flex, region/address.lua → osm.address_raw, street_raw,
 *    place_raw), rebuilt here as osm.address / osm.street / osm.place with names normalised by
 *    normalize.ts and pg_trgm indexes (the OSM geocoder and the address tools read them);
 * 2. the road graph for routing (osm2pgrouting with its car profile → osm.ways,
 *    osm.ways_vertices_pgr; pgRouting's pgr_dijkstra runs on them);
 * 3. the base map (tilemaker with its OpenMapTiles profile → <dataDir>/basemap.mbtiles,
 *    served by the API's /api/basemap/ routes) and its fonts (region/glyphs.ts → <dataDir>/fonts/);
 * 4. the administrative boundaries of admin_level 6 and 8 (osmium tags-filter, then osm2pgsql flex,
 *    region/boundaries.lua → osm.admin_boundary, the table of migration 20261129040000): the
 *    sites' ОКТМО by coordinates (@tko/db oktmo/boundaries.ts matches them to ОКТМО units).
 * Everything lives in the schema `osm` (derived data: a reload replaces it whole). Needs a role
 * that may create the extensions (or have them created beforehand: postgis, pg_trgm,
 * pgrouting — scripts/lib/services.sh does so for the product's database).
 * Throws RegionLoadError when a tool fails or the file is not an OSM extract.
 */
import { copyFile, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import pg from 'pg';
import { parseStreet, normalizeHouse, normalizeAddress } from '../normalize';
import { writeGlyphs } from './glyphs';
import { loadRestrictions } from './restrictions';
import { RegionLoadError, run } from './tools';

/**
 * The files of the Debian packages used. Images that drop /usr/share/doc (Docker's slim Debian)
 * lose tilemaker's profile: OSM2PGROUTING_PROFILE, TILEMAKER_CONFIG and TILEMAKER_PROCESS point
 * elsewhere.
 */
export const TOOL_FILES = {
  addressStyle: resolve(import.meta.dirname, '../../region/address.lua'),
  boundaryStyle: resolve(import.meta.dirname, '../../region/boundaries.lua'),
  routingProfile: process.env.OSM2PGROUTING_PROFILE || '/usr/share/osm2pgrouting/mapconfig_for_cars.xml',
  tilemakerConfig: process.env.TILEMAKER_CONFIG || '/usr/share/doc/tilemaker/examples/config-openmaptiles.json',
  tilemakerProcess: process.env.TILEMAKER_PROCESS || '/usr/share/doc/tilemaker/examples/process-openmaptiles.lua',
};

/** RegionLoadError naming `file` (and the variable that moves it) when it is missing. */
function needFile(file: string, variable: string): void {
  if (!existsSync(file)) throw new RegionLoadError(`${file} not found: install the Debian package (scripts/lib/services.sh ensure_region_tools) or set ${variable}`);
}

/** The base map file name in the data dir. */
export const BASEMAP_FILE = 'basemap.mbtiles';

export interface RegionLoadOptions {
  /** The extract: .osm (XML) or .osm.pbf / .pbf. */
  file: string;
  /** The database (the product's or a test's). */
  databaseUrl: string;
  /** Where basemap.mbtiles is written (DATA_DIR of the API). */
  dataDir: string;
  /** The settlement of addresses without addr:city; default: the commonest addr:city of the extract. */
  city?: string;
  /** Which parts to load: all without it; with it, those set true. */
  parts?: { addresses?: boolean; roads?: boolean; basemap?: boolean; boundaries?: boolean };
  /** Progress lines (the command prints them). */
  log?: (line: string) => void;
}

export interface RegionLoadResult {
  addresses: number;
  streets: number;
  places: number;
  roadEdges: number;
  /** Boundaries of admin_level 6 and 8 stored with their polygon. */
  boundaries: number;
  /** Boundary relations the extract cuts open (no closed outline): not stored, named here. */
  boundariesOpen: { osm_id: number; name: string | null }[];
  basemap: string | null;
  city: string | null;
  seconds: number;
}

function isPbf(file: string): boolean {
  return /\.pbf$/i.test(file);
}

/** Loads the parts of the region named in `opts.parts` (all by default); see the module comment. */
export async function loadRegion(opts: RegionLoadOptions): Promise<RegionLoadResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => undefined);
  const parts = opts.parts ?? { addresses: true, roads: true, basemap: true, boundaries: true };
  const file = resolve(opts.file);
  try {
    await stat(file);
  } catch {
    throw new RegionLoadError(`extract not found: ${file}`);
  }
  if (!/\.(osm|pbf)$/i.test(file)) throw new RegionLoadError(`not an OSM extract (.osm or .osm.pbf): ${file}`);
  const tmp = await mkdtemp(join(tmpdir(), 'tko-region-'));
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  const out: RegionLoadResult = { addresses: 0, streets: 0, places: 0, roadEdges: 0, boundaries: 0, boundariesOpen: [], basemap: null, city: null, seconds: 0 };
  try {
    await pool.query(`SET client_min_messages = warning;
      CREATE EXTENSION IF NOT EXISTS postgis; CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE SCHEMA IF NOT EXISTS osm`);
    // tilemaker reads PBF only, osm2pgrouting XML only: osmium converts the other way.
    const pbf = isPbf(file) ? file : join(tmp, 'extract.osm.pbf');
    const xml = isPbf(file) ? join(tmp, 'extract.osm') : file;
    if (parts.basemap && !isPbf(file)) await run('osmium', ['cat', file, '-o', pbf, '--overwrite']);
    if (parts.roads && isPbf(file)) await run('osmium', ['cat', file, '-o', xml, '--overwrite']);

    if (parts.addresses) {
      log('адреса: osm2pgsql');
      await run('osm2pgsql', ['-O', 'flex', '-S', TOOL_FILES.addressStyle, '-d', opts.databaseUrl, file]);
      Object.assign(out, await buildAddressIndex(pool, opts.city));
      log(`адреса: ${out.addresses} домов, ${out.streets} улиц, ${out.places} населённых пунктов`);
    }
    if (parts.roads) {
      log('дорожный граф: osm2pgrouting');
      needFile(TOOL_FILES.routingProfile, 'OSM2PGROUTING_PROFILE');
      await pool.query('CREATE EXTENSION IF NOT EXISTS pgrouting');
      const u = new URL(opts.databaseUrl);
      await run('osm2pgrouting', [
        '-f', xml, '-c', TOOL_FILES.routingProfile, '--schema', 'osm', '--clean',
        '-d', decodeURIComponent(u.pathname.slice(1)), '-U', decodeURIComponent(u.username),
        '-h', u.hostname, '-p', u.port || '5432',
      ], { PGPASSWORD: decodeURIComponent(u.password) });
      out.roadEdges = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM osm.ways')).rows[0]!.n);
      // Turn restrictions: osm2pgrouting drops them; osmium keeps the relations only.
      const restrictionsXml = join(tmp, 'restrictions.osm');
      await run('osmium', ['tags-filter', xml, 'r/type=restriction,restriction:hgv', '-R', '-f', 'osm', '-o', restrictionsXml, '--overwrite']);
      const tr = await loadRestrictions(pool, restrictionsXml);
      log(`дорожный граф: ${out.roadEdges} рёбер, ${tr.written} запретов поворота (пропущено ${tr.skipped})`);
    }
    if (parts.boundaries) {
      log('границы: osm2pgsql');
      const only = join(tmp, 'boundaries.osm.pbf');
      await run('osmium', ['tags-filter', file, 'r/boundary=administrative', '-o', only, '--overwrite']);
      await run('osm2pgsql', ['-O', 'flex', '-S', TOOL_FILES.boundaryStyle, '-d', opts.databaseUrl, only]);
      Object.assign(out, await storeBoundaries(pool));
      log(`границы: ${out.boundaries} муниципальных образований (уровни 6 и 8), без замкнутого контура ${out.boundariesOpen.length}`);
    }
    if (parts.basemap) {
      log('подложка: tilemaker');
      // The OpenMapTiles profile of the package, without its layers from shapefiles
      // (coastline, Natural Earth): an extract needs none of them.
      needFile(TOOL_FILES.tilemakerConfig, 'TILEMAKER_CONFIG');
      needFile(TOOL_FILES.tilemakerProcess, 'TILEMAKER_PROCESS');
      const config = JSON.parse(readFileSync(TOOL_FILES.tilemakerConfig, 'utf8')) as { layers: Record<string, { source?: string }>; settings: Record<string, unknown> };
      for (const [k, v] of Object.entries(config.layers)) if (v.source) delete config.layers[k];
      config.settings.compress = 'gzip';
      const configFile = join(tmp, 'config.json');
      writeFileSync(configFile, JSON.stringify(config));
      const target = join(tmp, BASEMAP_FILE);
      await run('tilemaker', ['--input', pbf, '--output', target, '--config', configFile, '--process', TOOL_FILES.tilemakerProcess], {}).catch(async (e) => {
        if (!existsSync(target)) throw e;
      });
      const dest = join(resolve(opts.dataDir), BASEMAP_FILE);
      await copyFile(target, `${dest}.tmp`);
      await rename(`${dest}.tmp`, dest);
      out.basemap = dest;
      // The style's fonts, once per BASEMAP_DIR (they do not depend on the region).
      writeGlyphs(resolve(opts.dataDir));
      log(`подложка: ${dest}, шрифты: ${join(resolve(opts.dataDir), 'fonts')}`);
    }
  } finally {
    await pool.end();
    await rm(tmp, { recursive: true, force: true });
  }
  out.seconds = Math.round((performance.now() - t0) / 100) / 10;
  return out;
}

/**
 * osm.admin_boundary from osm2pgsql's osm.admin_boundary_raw, in one transaction (the previous
 * region's rows are replaced; the ОКТМО match is made afresh by @tko/db matchAdminBoundaries);
 * relations without a polygon are returned, not stored.
 */
async function storeBoundaries(pool: pg.Pool): Promise<Pick<RegionLoadResult, 'boundaries' | 'boundariesOpen'>> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('DELETE FROM osm.admin_boundary');
    const stored = await db.query(`INSERT INTO osm.admin_boundary (osm_id, admin_level, name, oktmo_tag, geom)
      SELECT osm_id, admin_level, nullif(btrim(name), ''), nullif(btrim(oktmo_tag), ''), ST_Multi(geom) FROM osm.admin_boundary_raw
       WHERE geom IS NOT NULL AND NOT ST_IsEmpty(geom)`);
    const open = (await db.query<{ osm_id: string; name: string | null }>(
      `SELECT osm_id::text, name FROM osm.admin_boundary_raw WHERE geom IS NULL OR ST_IsEmpty(geom) ORDER BY osm_id`)).rows;
    await db.query('DROP TABLE osm.admin_boundary_raw; ANALYZE osm.admin_boundary');
    await db.query('COMMIT');
    return { boundaries: stored.rowCount ?? 0, boundariesOpen: open.map((r) => ({ osm_id: Number(r.osm_id), name: r.name })) };
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}

interface RawAddress { osm_type: string; osm_id: string; street: string; housenumber: string; city: string | null; postcode: string | null; lat: number; lng: number }

/**
 * osm.address / osm.street / osm.place from the osm2pgsql tables, in one transaction (readers
 * see the old index until it commits); the raw tables are dropped.
 */
async function buildAddressIndex(pool: pg.Pool, cityOption?: string): Promise<Pick<RegionLoadResult, 'addresses' | 'streets' | 'places' | 'city'>> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const raw = (await db.query<RawAddress>(
      `SELECT osm_type, osm_id::text, street, housenumber, city, postcode, ST_Y(geom) AS lat, ST_X(geom) AS lng FROM osm.address_raw`,
    )).rows;
    const common = (await db.query<{ city: string }>(
      `SELECT city FROM osm.address_raw WHERE city IS NOT NULL GROUP BY city ORDER BY count(*) DESC, city LIMIT 1`,
    )).rows[0]?.city ?? null;
    const city = cityOption ?? common;
    await db.query(`DROP TABLE IF EXISTS osm.address, osm.street, osm.place;
      CREATE TABLE osm.address (
        id serial PRIMARY KEY, osm_type text NOT NULL, osm_id bigint NOT NULL,
        street text NOT NULL, housenumber text NOT NULL, city text, postcode text,
        street_name text NOT NULL, street_type text, house text NOT NULL, city_name text,
        label text NOT NULL, search text NOT NULL, geom geometry(Point, 4326) NOT NULL);
      CREATE TABLE osm.street (id serial PRIMARY KEY, name text NOT NULL, street_name text NOT NULL, street_type text,
        city text, city_name text, label text NOT NULL, search text NOT NULL, geom geometry(Point, 4326) NOT NULL);
      CREATE TABLE osm.place (id serial PRIMARY KEY, name text NOT NULL, name_norm text NOT NULL, kind text NOT NULL,
        geom geometry(Point, 4326) NOT NULL)`);
    const cols = { osm_type: [] as string[], osm_id: [] as string[], street: [] as string[], housenumber: [] as string[], city: [] as (string | null)[],
      postcode: [] as (string | null)[], street_name: [] as string[], street_type: [] as (string | null)[], house: [] as string[],
      city_name: [] as (string | null)[], label: [] as string[], search: [] as string[], lat: [] as number[], lng: [] as number[] };
    for (const r of raw) {
      const s = parseStreet(r.street);
      const house = normalizeHouse(r.housenumber);
      if (!s.name || !house) continue;
      const c = r.city ?? city;
      cols.osm_type.push(r.osm_type); cols.osm_id.push(r.osm_id); cols.street.push(r.street); cols.housenumber.push(r.housenumber);
      cols.city.push(c); cols.postcode.push(r.postcode); cols.street_name.push(s.name); cols.street_type.push(s.type); cols.house.push(house);
      cols.city_name.push(c ? normalizeAddress(c) : null);
      const label = [c, r.street, r.housenumber].filter(Boolean).join(', ');
      cols.label.push(label);
      cols.search.push(normalizeAddress(label));
      cols.lat.push(r.lat); cols.lng.push(r.lng);
    }
    await db.query(
      `INSERT INTO osm.address (osm_type, osm_id, street, housenumber, city, postcode, street_name, street_type, house, city_name, label, search, geom)
       SELECT t.osm_type, t.osm_id, t.street, t.housenumber, t.city, t.postcode, t.street_name, t.street_type, t.house, t.city_name, t.label,
              t.search, ST_SetSRID(ST_MakePoint(t.lng, t.lat), 4326)
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::float8[], $14::float8[])
           AS t(osm_type, osm_id, street, housenumber, city, postcode, street_name, street_type, house, city_name, label, search, lat, lng)`,
      [cols.osm_type, cols.osm_id, cols.street, cols.housenumber, cols.city, cols.postcode, cols.street_name, cols.street_type, cols.house, cols.city_name, cols.label, cols.search, cols.lat, cols.lng],
    );
    // Streets: named highways (one point on the middle of each name's lines) and the streets of addresses.
    const streets = (await db.query<{ name: string; lat: number; lng: number }>(
      `SELECT name, ST_Y(p) AS lat, ST_X(p) AS lng FROM (
         SELECT name, ST_ClosestPoint(ST_Collect(geom), ST_Centroid(ST_Collect(geom))) AS p FROM (
           SELECT name, geom FROM osm.street_raw
           UNION ALL SELECT street, geom FROM osm.address WHERE street NOT IN (SELECT name FROM osm.street_raw)) s
         GROUP BY name) g`,
    )).rows;
    const sn = streets.map((r) => ({ ...r, parsed: parseStreet(r.name) })).filter((r) => r.parsed.name);
    await db.query(
      `INSERT INTO osm.street (name, street_name, street_type, city, city_name, label, search, geom)
       SELECT t.n, t.sn, t.st, $4, $5, t.label, t.search, ST_SetSRID(ST_MakePoint(t.lng, t.lat), 4326)
         FROM unnest($1::text[], $2::text[], $3::text[], $6::float8[], $7::float8[], $8::text[], $9::text[]) AS t(n, sn, st, lat, lng, label, search)`,
      [sn.map((r) => r.name), sn.map((r) => r.parsed.name), sn.map((r) => r.parsed.type), city, city ? normalizeAddress(city) : null, sn.map((r) => r.lat), sn.map((r) => r.lng),
        sn.map((r) => [city, r.name].filter(Boolean).join(', ')), sn.map((r) => normalizeAddress([city, r.name].filter(Boolean).join(', ')))],
    );
    // Settlements: place=* objects and, for each addr:city, the middle of its addresses.
    await db.query(
      `INSERT INTO osm.place (name, name_norm, kind, geom)
       SELECT name, lower(replace(name, 'ё', 'е')), kind, geom FROM osm.place_raw
       UNION ALL
       SELECT city, city_name, 'city', ST_Centroid(ST_Collect(geom)) FROM osm.address WHERE city IS NOT NULL
        GROUP BY city, city_name`,
    );
    await db.query(`CREATE INDEX address_street_trgm ON osm.address USING gist (street_name gist_trgm_ops);
      CREATE INDEX address_house ON osm.address (house);
      CREATE INDEX address_search_trgm ON osm.address USING gist (search gist_trgm_ops);
      CREATE INDEX street_search_trgm ON osm.street USING gist (search gist_trgm_ops);
      CREATE INDEX street_name_trgm ON osm.street USING gist (street_name gist_trgm_ops);
      CREATE INDEX place_name_trgm ON osm.place USING gist (name_norm gist_trgm_ops);
      DROP TABLE osm.address_raw, osm.street_raw, osm.place_raw;
      ANALYZE osm.address; ANALYZE osm.street; ANALYZE osm.place`);
    const n = (await db.query<{ a: string; s: string; p: string }>(
      'SELECT (SELECT count(*) FROM osm.address) AS a, (SELECT count(*) FROM osm.street) AS s, (SELECT count(*) FROM osm.place) AS p',
    )).rows[0]!;
    await db.query('COMMIT');
    return { addresses: Number(n.a), streets: Number(n.s), places: Number(n.p), city };
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}
