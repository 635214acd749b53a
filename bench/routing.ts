/**
 * Road-graph travel times at city scale (the routing engine of @tko/db routing). In one run:
 * 1. the St Petersburg extract of shared/data loaded with the region command's roads part
 *    (osm2pgrouting + turn restrictions) into a scratch database on the DATABASE_URL server
 *    (an admin URL; dropped after); random points (seeded) in the extract's bounds;
 *    the matrix for 250 / 1 000 / 2 000 points with
 *    - old: the query the product used before (nearest vertex, one pgr_dijkstra many-to-many
 *      returning every edge of every path, grouped) — 250 points only unless --old-all;
 *    - pgr_dijkstraCostMatrix (pgRouting's own matrix function, nearest vertex, times only);
 *    - new: costMatrix (edge snapping, truck profile, in-memory arc Dijkstra), cold (graph read
 *      from the tables) and warm (cached graph);
 * 2. 20 trips between random points of the extract with checks independent of the engine:
 *    the reported distance against the drawn line's length (PostGIS geography), the share of
 *    the line whose segments lie on osm.ways (midpoint within 1 m), the driving direction on every one-way edge the line uses,
 *    the ratio to the straight distance, the mean speed; the street names along each path;
 * 3. a synthetic city-size grid (the same tables, 150 × 150 junctions 60 m apart, one-way and
 *    primary streets, ≈ 44 700 edges, the size of a city like Angarsk) for the matrix at
 *    1 000 / 2 000 points — the extract is too small to show scaling.
 * Run: `pnpm --filter @tko/bench exec tsx routing.ts [--old-all] [--no-grid | --grid-only] [--grid N] [--restrict SHARE]`;
 * JSON in bench/out/routing.json (routing-grid[-restricted].json with --grid-only). Each matrix
 * run states wall and CPU seconds and the load average when it began (the machine is shared);
 * the contraction hierarchy's build is timed on its own after the graph is read.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { costMatrix, dataDir, hierarchyOf, openGraph, trip, truckProfile } from '@tko/db';
import type { LngLat } from '@tko/db';
import { loadRegion } from '@tko/geocoding';
import { Rng } from './src/prng';

const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) throw new Error('DATABASE_URL (an admin URL of the test server) is required');
const OLD_ALL = process.argv.includes('--old-all');
const GRID_ONLY = process.argv.includes('--grid-only');
const NO_GRID = process.argv.includes('--no-grid');
const GRID = Number(process.argv[process.argv.indexOf('--grid') + 1]) || 150;
/** Share of the grid's inner junctions given a turn restriction (--restrict 0.02). */
const RESTRICT = process.argv.includes('--restrict') ? Number(process.argv[process.argv.indexOf('--restrict') + 1]) : 0;
const EXTRACT = path.join(dataDir(), 'osm_spb_center_nevsky_2019.osm');
// Bounds of the extract (its <bounds> element).
const BOX = { minLng: 30.3217, maxLng: 30.3417, minLat: 59.9297, maxLat: 59.9359 };

const dbUrl = (name: string) => { const u = new URL(ADMIN_URL); u.pathname = `/${name}`; return u.toString(); };
const secs = (t0: number) => Math.round((performance.now() - t0) / 10) / 100;

async function scratch(name: string): Promise<pg.Pool> {
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: dbUrl(name), max: 2 });
  await pool.query('CREATE EXTENSION postgis; CREATE EXTENSION pgrouting');
  return pool;
}
async function drop(pool: pg.Pool, name: string): Promise<void> {
  await pool.end();
  const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

function randomPoints(rng: Rng, n: number, box = BOX): LngLat[] {
  return Array.from({ length: n }, () => [box.minLng + rng.next() * (box.maxLng - box.minLng), box.minLat + rng.next() * (box.maxLat - box.minLat)] as LngLat);
}

/** The product's previous matrix query (before this engine): nearest vertex, pgr_dijkstra many-to-many with every path edge. */
async function oldMatrix(pool: pg.Pool, points: LngLat[]): Promise<number> {
  const { rows: v } = await pool.query<{ id: string }>(
    `SELECT (SELECT x.id FROM osm.ways_vertices_pgr x WHERE EXISTS (SELECT 1 FROM osm.ways w WHERE w.source = x.id OR w.target = x.id)
              ORDER BY x.the_geom <-> ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326) LIMIT 1) AS id
       FROM unnest($1::float8[], $2::float8[]) AS p(lng, lat)`,
    [points.map((p) => p[0]), points.map((p) => p[1])],
  );
  const ids = [...new Set(v.map((r) => r.id))];
  const { rows } = await pool.query(
    `SELECT d.start_vid, d.end_vid, sum(d.cost) AS seconds, sum(w.length_m) AS metres
       FROM pgr_dijkstra('SELECT gid AS id, source, target, cost_s AS cost, reverse_cost_s AS reverse_cost FROM osm.ways', $1::bigint[], $1::bigint[], true) d
       JOIN osm.ways w ON w.gid = d.edge GROUP BY d.start_vid, d.end_vid`,
    [ids],
  );
  return rows.length;
}

/** pgRouting's own matrix function on the nearest vertices (times only). */
async function pgrCostMatrix(pool: pg.Pool, points: LngLat[]): Promise<number> {
  const { rows } = await pool.query(
    `WITH v AS (SELECT DISTINCT (SELECT x.id FROM osm.ways_vertices_pgr x WHERE EXISTS (SELECT 1 FROM osm.ways w WHERE w.source = x.id OR w.target = x.id)
              ORDER BY x.the_geom <-> ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326) LIMIT 1) AS id
       FROM unnest($1::float8[], $2::float8[]) AS p(lng, lat))
     SELECT count(*) AS n FROM pgr_dijkstraCostMatrix('SELECT gid AS id, source, target, cost_s AS cost, reverse_cost_s AS reverse_cost FROM osm.ways',
       (SELECT array_agg(id) FROM v), true)`,
    [points.map((p) => p[0]), points.map((p) => p[1])],
  );
  return Number(rows[0].n);
}

interface MatrixRun { points: number; method: string; seconds: number; cpuSeconds?: number; load?: number; pairs?: number; unreachable?: number; recomputedStarts?: number; note?: string }

/** CPU seconds (user + system) of this process since `c0`. */
const cpuSecs = (c0: NodeJS.CpuUsage) => { const c = process.cpuUsage(c0); return Math.round((c.user + c.system) / 1e4) / 100; };

async function newMatrix(pool: pg.Pool, points: LngLat[], method: string): Promise<MatrixRun> {
  const load = Math.round(os.loadavg()[0]! * 10) / 10;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const m = await costMatrix(pool, points);
  const seconds = secs(t0);
  const cpuSeconds = cpuSecs(c0);
  let unreachable = 0;
  for (const row of m.durations) for (const x of row) if (x === null) unreachable++;
  return { points: points.length, method: `${method}, ${m.method}`, seconds, cpuSeconds, load, pairs: points.length ** 2, unreachable, recomputedStarts: m.recomputed };
}

/** Times the hierarchy's build on the cached graph (wall and CPU seconds). */
function buildHierarchyTimed(g: Awaited<ReturnType<typeof openGraph>>): Record<string, unknown> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const h = hierarchyOf(g);
  return { ...h.stats, seconds: secs(t0), cpuSeconds: cpuSecs(c0), load: Math.round(os.loadavg()[0]! * 10) / 10, nodes: h.nodeCount };
}

interface TripCheck {
  from: LngLat; to: LngLat; distance: number; duration: number; straight: number; ratio: number; kmh: number;
  lineLength: number; onRoads: number; wrongWay: number; oneWayEdges: number; streets: string;
}

/** A trip checked against the tables, not the engine (see the module comment). */
async function checkTrip(pool: pg.Pool, a: LngLat, b: LngLat): Promise<TripCheck> {
  const r = await trip(pool, [a, b], { roundtrip: false, source: 'first', destination: 'last', geometries: 'geojson', overview: 'full' });
  const t = r.trips[0]!;
  const line = (t.geometry as { coordinates: LngLat[] }).coordinates;
  const [sa, sb] = r.waypoints.map((w) => w.location);
  const { rows: [g] } = await pool.query<{ len: number; straight: number; on: number }>(
    `WITH l AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g)
     SELECT ST_Length(l.g::geography) AS len,
            ST_Distance(ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography, ST_SetSRID(ST_MakePoint($4, $5), 4326)::geography) AS straight,
            (SELECT coalesce(sum(ST_Length(s.geom::geography)), 0) FROM ST_DumpSegments(l.g) s
              WHERE EXISTS (SELECT 1 FROM osm.ways w WHERE ST_DWithin(w.the_geom::geography, ST_LineInterpolatePoint(s.geom, 0.5)::geography, 1))) AS on
       FROM l`,
    [JSON.stringify({ type: 'LineString', coordinates: line.length > 1 ? line : [line[0], line[0]] }), sa![0], sa![1], sb![0], sb![1]],
  );
  // Direction on one-way edges: each step of the line against the edge it lies on.
  const { rows: dir } = await pool.query<{ wrong: number; oneway: number; streets: string }>(
    `WITH l AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g),
          steps AS (SELECT (ST_DumpSegments(l.g)).geom AS s, (ST_DumpSegments(l.g)).path[1] AS k FROM l),
          hit AS (SELECT DISTINCT ON (k) k, w.gid, w.one_way, w.name, w.the_geom, s
                    FROM steps JOIN osm.ways w ON ST_DWithin(w.the_geom::geography, ST_LineInterpolatePoint(s, 0.5)::geography, 1)
                   WHERE ST_Length(s::geography) > 0.5
                   ORDER BY k, ST_Distance(w.the_geom, ST_LineInterpolatePoint(s, 0.5)))
     SELECT count(*) FILTER (WHERE one_way = 1 AND ST_LineLocatePoint(the_geom, ST_EndPoint(s)) < ST_LineLocatePoint(the_geom, ST_StartPoint(s)) - 1e-9)::int AS wrong,
            count(DISTINCT gid) FILTER (WHERE one_way = 1)::int AS oneway,
            (SELECT string_agg(n, ' → ') FROM (SELECT name AS n, min(k) AS k FROM hit WHERE name <> '' GROUP BY name ORDER BY 2) x) AS streets
       FROM hit`,
    [JSON.stringify({ type: 'LineString', coordinates: line.length > 1 ? line : [line[0], line[0]] })],
  );
  return {
    from: a, to: b, distance: t.distance, duration: t.duration, straight: Math.round(g!.straight), ratio: Math.round((t.distance / Math.max(g!.straight, 1)) * 100) / 100,
    kmh: Math.round((t.distance / Math.max(t.duration, 0.1)) * 3.6 * 10) / 10, lineLength: Math.round(g!.len), onRoads: Math.round((g!.on / Math.max(g!.len, 1e-9)) * 1000) / 10,
    wrongWay: dir[0]!.wrong, oneWayEdges: dir[0]!.oneway, streets: dir[0]!.streets ?? '',
  };
}

/** A synthetic city grid in osm2pgrouting's tables: n × n junctions `step` metres apart around Angarsk's latitude. */
async function synthGrid(pool: pg.Pool, n: number, step: number, restrict: number): Promise<number> {
  await pool.query(`CREATE SCHEMA osm;
    CREATE TABLE osm.configuration (id serial, tag_id integer PRIMARY KEY, tag_key text, tag_value text, priority float8, maxspeed float8);
    INSERT INTO osm.configuration (tag_id, tag_key, tag_value, priority, maxspeed) VALUES (106, 'highway', 'primary', 1.15, 90), (108, 'highway', 'secondary', 1.5, 90), (112, 'highway', 'residential', 2.5, 50);
    CREATE TABLE osm.ways_vertices_pgr (id bigint PRIMARY KEY, the_geom geometry(Point, 4326));
    CREATE TABLE osm.ways (gid bigserial PRIMARY KEY, osm_id bigint, tag_id integer, length_m float8, name text, source bigint, target bigint,
      source_osm bigint, target_osm bigint, cost_s float8, reverse_cost_s float8, one_way int, maxspeed_forward float8, maxspeed_backward float8,
      the_geom geometry(LineString, 4326));`);
  const lat0 = 52.54;
  const lng0 = 103.85;
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  await pool.query(
    `INSERT INTO osm.ways_vertices_pgr SELECT i * $1::int + j, ST_SetSRID(ST_MakePoint($2::float8 + j * $3::float8 / $4::float8, $5::float8 + i * $3::float8 / 110574.0), 4326)
       FROM generate_series(0, $1::int - 1) i, generate_series(0, $1::int - 1) j`,
    [n, lng0, step, kx, lat0],
  );
  // Horizontal streets (row i) and vertical ones (column j): every 10th primary, every 5th secondary,
  // every 3rd residential street one-way (alternating direction).
  for (const [dir, a, b] of [['h', 'i * $1 + j', 'i * $1 + j + 1'], ['v', 'i * $1 + j', '(i + 1) * $1 + j']] as const) {
    const line = dir === 'h' ? 'i' : 'j';
    await pool.query(
      `INSERT INTO osm.ways (osm_id, tag_id, length_m, name, source, target, source_osm, target_osm, cost_s, reverse_cost_s, one_way, maxspeed_forward, maxspeed_backward, the_geom)
       SELECT ${line} + ${dir === 'h' ? 0 : 100000}, t.tag, $2::float8, '${dir}' || ${line}, s.src, s.dst, s.src, s.dst, $2::float8 / 13.9,
              CASE WHEN t.tag = 112 AND ${line} % 3 = 0 THEN -1 ELSE $2::float8 / 13.9 END, CASE WHEN t.tag = 112 AND ${line} % 3 = 0 THEN 1 ELSE 0 END, 50, 50,
              ST_MakeLine(va.the_geom, vb.the_geom)
         FROM generate_series(0, $1::int - 1) i, generate_series(0, $1::int - 1) j,
              LATERAL (SELECT CASE WHEN ${line} % 10 = 0 THEN 106 WHEN ${line} % 5 = 0 THEN 108 ELSE 112 END AS tag) t,
              LATERAL (SELECT CASE WHEN ${line} % 6 = 3 THEN ${b} ELSE ${a} END AS src, CASE WHEN ${line} % 6 = 3 THEN ${a} ELSE ${b} END AS dst) s
         JOIN osm.ways_vertices_pgr va ON va.id = s.src JOIN osm.ways_vertices_pgr vb ON vb.id = s.dst
        WHERE ${dir === 'h' ? 'j < $1::int - 1' : 'i < $1::int - 1'}`,
      [n, step],
    );
  }
  if (restrict > 0) {
    // A share of the inner junctions: no turn from the vertical street into the horizontal one
    // (each street is one OSM way, so both directions' turns), seeded.
    const rng = new Rng(11);
    const via: number[] = [];
    for (let i = 1; i < n - 1; i++) for (let j = 1; j < n - 1; j++) if (rng.next() < restrict) via.push(i * n + j);
    await pool.query('CREATE TABLE osm.turn_restrictions (from_way bigint, via_node bigint, to_way bigint, kind text)');
    await pool.query(`INSERT INTO osm.turn_restrictions SELECT v % $1::int + 100000, v, v / $1::int, 'no_left_turn' FROM unnest($2::int[]) AS v`, [n, via]);
  }
  await pool.query('CREATE INDEX ON osm.ways (source); CREATE INDEX ON osm.ways (target); CREATE INDEX ON osm.ways_vertices_pgr USING gist (the_geom); ANALYZE osm.ways; ANALYZE osm.ways_vertices_pgr');
  return Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM osm.ways')).rows[0]!.n);
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const load0 = os.loadavg()[0];
  const results: Results = {
    started, machine: { cpu: os.cpus()[0]?.model, nproc: os.cpus().length, memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`, node: process.version, load: os.loadavg() },
    extract: {}, matrix: [], trips: [], synthetic: {},
  };
  const name = `bench_routing_${randomBytes(3).toString('hex')}`;
  if (!GRID_ONLY) await extractPart(results, name);
  if (!NO_GRID) await gridPart(results);
  results.machine.loadAfter = os.loadavg();
  results.machine.loadBefore = load0;
  mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'out', GRID_ONLY ? `routing-grid${RESTRICT ? '-restricted' : ''}.json` : 'routing.json'), JSON.stringify(results, null, 2));
  console.log('written bench/out/routing.json');
}

type Results = { started: string; machine: Record<string, unknown>; extract: Record<string, unknown>; matrix: MatrixRun[]; trips: TripCheck[]; synthetic: Record<string, unknown> };

async function extractPart(results: Results, name: string): Promise<void> {
  const pool = await scratch(name);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tko-routing-'));
  try {
    const t0 = performance.now();
    const loaded = await loadRegion({ file: EXTRACT, databaseUrl: dbUrl(name), dataDir: dir, parts: { roads: true, addresses: false, basemap: false } });
    const tLoad = performance.now();
    const g = await openGraph(pool);
    const graphRead = secs(tLoad);
    results.extract = {
      edges: loaded.roadEdges, loadSeconds: secs(t0), graphReadSeconds: graphRead, arcs: g.arcCount, usableArcs: Array.from(g.cost).filter((c) => c !== Infinity).length,
      arcsInLargestScc: g.inScc.reduce((s, v) => s + v, 0), restrictions: g.restrictions, profile: truckProfile().name, hierarchy: buildHierarchyTimed(g),
    };
    console.log('extract', results.extract);
    const rng = new Rng(20261127);
    for (const n of [250, 1000, 2000]) {
      const pts = randomPoints(rng, n);
      if (n === 250 || OLD_ALL) {
        const t = performance.now();
        const pairs = await oldMatrix(pool, pts);
        results.matrix.push({ points: n, method: 'old: pgr_dijkstra many-to-many, every path edge', seconds: secs(t), pairs });
      }
      if (n <= 1000 || OLD_ALL) {
        const t = performance.now();
        const pairs = await pgrCostMatrix(pool, pts);
        results.matrix.push({ points: n, method: 'pgr_dijkstraCostMatrix (nearest vertex)', seconds: secs(t), pairs });
      }
      results.matrix.push(await newMatrix(pool, pts, 'new: costMatrix (warm graph)'));
      console.log(results.matrix.slice(-3));
    }
    for (let k = 0; k < 20; k++) {
      const [a, b] = randomPoints(rng, 2);
      results.trips.push(await checkTrip(pool, a!, b!));
      console.log(results.trips[k]);
    }
  } finally {
    await drop(pool, name);
    rmSync(dir, { recursive: true, force: true });
  }

}

async function gridPart(results: Results): Promise<void> {
  const sname = `bench_routing_grid_${randomBytes(3).toString('hex')}`;
  const spool = await scratch(sname);
  try {
    const edges = await synthGrid(spool, GRID, 60, RESTRICT);
    const t = performance.now();
    const g = await openGraph(spool);
    const read = secs(t);
    const hierarchy = buildHierarchyTimed(g);
    const box = { minLng: 103.85, maxLng: 103.85 + ((GRID - 1) * 60) / (111_320 * Math.cos((52.54 * Math.PI) / 180)), minLat: 52.54, maxLat: 52.54 + ((GRID - 1) * 60) / 110574 };
    const rng = new Rng(7);
    results.synthetic = {
      junctions: GRID * GRID, edges, spacingMetres: 60, graphReadSeconds: read, restrictions: g.restrictions, hierarchy,
      arcsInLargestScc: g.inScc.reduce((s, v) => s + v, 0), matrix: [] as MatrixRun[],
    };
    console.log('grid', results.synthetic);
    for (const n of [250, 1000, 2000]) {
      const run = await newMatrix(spool, randomPoints(rng, n, box), 'new: costMatrix (warm graph)');
      (results.synthetic.matrix as MatrixRun[]).push(run);
      console.log(run);
    }
    const pts = randomPoints(rng, 250, box);
    const t2 = performance.now();
    const pairs = await pgrCostMatrix(spool, pts);
    (results.synthetic.matrix as MatrixRun[]).push({ points: 250, method: 'pgr_dijkstraCostMatrix (nearest vertex)', seconds: secs(t2), pairs });
    console.log((results.synthetic.matrix as MatrixRun[]).at(-1));
  } finally {
    await drop(spool, sname);
  }
}

await main();
