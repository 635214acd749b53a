/**
 * The routing service GET /trip/v1/driving/{coordinates} (issue 10 §2) on the real road graph of
 * shared/data/osm_spb_center_nevsky_2019.osm, loaded once with the region command's roads part
 * (osm2pgrouting → osm.ways) into this file's database: OSRM's answer shape, paths that follow
 * the hand-checked streets (Невский проспект, Садовая улица) with distances measured on the
 * street geometry, the order of the middle points, the errors (InvalidQuery, InvalidOptions,
 * NotImplemented, NoSegment), snapping onto the connected network only, permissions, the pass-through to OSRM_URL, costMatrix.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegion } from '@tko/geocoding';
import { costMatrix, dataDir } from '@tko/db';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const SPB = path.join(dataDir(), 'osm_spb_center_nevsky_2019.osm');

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tko-trip-'));
  t = await startTestApp();
  await loadRegion({ file: SPB, databaseUrl: t.url, dataDir: dir, parts: { roads: true, addresses: false, basemap: false } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type LngLat = [number, number];
const OPTS = { roundtrip: 'false', source: 'first', destination: 'last', geometries: 'geojson', overview: 'full' };
const tripOf = (points: LngLat[], query: Record<string, string> = OPTS, who: 'admin' | 'nobody' = 'admin') =>
  request(t.app.server).get(`/trip/v1/driving/${points.map((p) => p.join(',')).join(';')}`).query(query).set(t.auth(who));

/** Metres of the line, and the share of it within `metres` of the named street's edges. */
async function onStreet(coordinates: LngLat[], street: string, metres = 25): Promise<{ length: number; share: number }> {
  const { rows } = await t.pool.query<{ length: number; near: number }>(
    `WITH l AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g),
          s AS (SELECT ST_Union(the_geom) AS g FROM osm.ways WHERE name = $2)
     SELECT ST_Length(l.g::geography) AS length,
            ST_Length(ST_Intersection(l.g, ST_Buffer(s.g::geography, $3)::geometry)::geography) AS near
       FROM l, s`,
    [JSON.stringify({ type: 'LineString', coordinates }), street, metres],
  );
  return { length: rows[0]!.length, share: rows[0]!.near / rows[0]!.length };
}

/** The two graph vertices of a street farthest apart (its ends), as [lng, lat]. */
async function streetEnds(street: string): Promise<[LngLat, LngLat]> {
  const { rows } = await t.pool.query<{ ax: number; ay: number; bx: number; by: number }>(
    `WITH v AS (SELECT DISTINCT p.id, p.the_geom FROM osm.ways w JOIN osm.ways_vertices_pgr p ON p.id IN (w.source, w.target) WHERE w.name = $1)
     SELECT ST_X(a.the_geom) AS ax, ST_Y(a.the_geom) AS ay, ST_X(b.the_geom) AS bx, ST_Y(b.the_geom) AS by
       FROM v a, v b ORDER BY ST_Distance(a.the_geom, b.the_geom) DESC LIMIT 1`,
    [street],
  );
  const r = rows[0]!;
  return [[r.ax, r.ay], [r.bx, r.by]];
}

// On the eastbound carriageway of Невский проспект between канал Грибоедова and Садовая (west →
// east), points on its edges (osm.ways 550 and 343 at 15, 45, 80 % and 60 % of their length): the
// part of Nevsky inside the extract's largest strongly connected component — the clipped extract
// leaves the rest of the avenue enterable or leavable only across its border, and the engine routes
// on that component only.
const NEVSKY_WEST: LngLat = [30.331041, 59.934717];
const NEVSKY_MID_W: LngLat = [30.332048, 59.934591];
const NEVSKY_MID_E: LngLat = [30.333222, 59.934447];
const NEVSKY_EAST: LngLat = [30.334319, 59.934314];

describe('GET /trip/v1/driving/', () => {
  it('answers OSRM’s shape: code Ok, one trip with legs, waypoints in input order', async () => {
    const res = await tripOf([NEVSKY_WEST, NEVSKY_EAST]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe('Ok');
    expect(res.body.trips).toHaveLength(1);
    const trip = res.body.trips[0];
    expect(trip.geometry.type).toBe('LineString');
    expect(trip.legs).toHaveLength(1);
    expect(trip.distance).toBeCloseTo(trip.legs[0].distance, 0);
    expect(trip.duration).toBeGreaterThan(0);
    expect(res.body.waypoints.map((w: { waypoint_index: number; trips_index: number }) => [w.waypoint_index, w.trips_index])).toEqual([[0, 0], [1, 0]]);
    for (const w of res.body.waypoints) expect(w.distance).toBeLessThan(500);
  });

  it('follows Невский проспект between two of its points; distance = the street path’s length', async () => {
    const res = await tripOf([NEVSKY_WEST, NEVSKY_EAST]);
    const coords = res.body.trips[0].geometry.coordinates as LngLat[];
    const m = await onStreet(coords, 'Невский проспект');
    expect(m.share).toBeGreaterThan(0.9);
    // The distance reported is the length of the drawn street path (±2 %), and the path is
    // not much longer than the straight line between the snapped ends (Nevsky is straight).
    expect(Math.abs(res.body.trips[0].distance - m.length) / m.length).toBeLessThan(0.02);
    const [a, b] = res.body.waypoints.map((w: { location: LngLat }) => w.location);
    const { rows } = await t.pool.query<{ d: number }>('SELECT ST_Distance(ST_MakePoint($1, $2)::geography, ST_MakePoint($3, $4)::geography) AS d', [a[0], a[1], b[0], b[1]]);
    expect(res.body.trips[0].distance / rows[0]!.d).toBeGreaterThan(0.99);
    expect(res.body.trips[0].distance / rows[0]!.d).toBeLessThan(1.15);
    // Primary road: the truck profile's 40 km/h (under the 40–50 km/h limits of these edges).
    expect(res.body.trips[0].duration).toBeCloseTo(res.body.trips[0].distance / (40 / 3.6), 0);
    expect(res.body.source).toBe('road_graph');
  });

  it('follows Садовая улица from one end to the other', async () => {
    const [a, b] = await streetEnds('Садовая улица');
    let res = await tripOf([a, b]);
    if (res.status !== 200) res = await tripOf([b, a]); // a one-way street: drive it the allowed way
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = await onStreet(res.body.trips[0].geometry.coordinates, 'Садовая улица');
    expect(m.share).toBeGreaterThan(0.8);
    expect(Math.abs(res.body.trips[0].distance - m.length) / m.length).toBeLessThan(0.02);
  });

  it('orders the middle points (source first, destination last) and reports waypoint_index', async () => {
    const res = await tripOf([NEVSKY_WEST, NEVSKY_MID_E, NEVSKY_MID_W, NEVSKY_EAST]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.waypoints.map((w: { waypoint_index: number }) => w.waypoint_index)).toEqual([0, 2, 1, 3]);
    const trip = res.body.trips[0];
    expect(trip.legs).toHaveLength(3);
    const sum = trip.legs.reduce((s: number, l: { distance: number }) => s + l.distance, 0);
    expect(trip.distance).toBeCloseTo(sum, 0);
    // The ordered trip is no longer than the straight Nevsky trip plus a little: no detour.
    const direct = await tripOf([NEVSKY_WEST, NEVSKY_EAST]);
    expect(trip.distance).toBeLessThan(direct.body.trips[0].distance * 1.1);
  });

  it('writes polyline (precision 5) by default and leaves the geometry out with overview=false', async () => {
    const res = await tripOf([NEVSKY_WEST, NEVSKY_EAST], { roundtrip: 'false', source: 'first', destination: 'last' });
    expect(typeof res.body.trips[0].geometry).toBe('string');
    const { rows } = await t.pool.query<{ n: number }>('SELECT ST_NPoints(ST_LineFromEncodedPolyline($1, 5)) AS n', [res.body.trips[0].geometry]);
    expect(rows[0]!.n).toBeGreaterThan(1);
    const none = await tripOf([NEVSKY_WEST, NEVSKY_EAST], { ...OPTS, overview: 'false' });
    expect(none.body.trips[0].geometry).toBeUndefined();
  });

  it('refuses with OSRM’s codes: InvalidQuery, InvalidOptions, NotImplemented', async () => {
    const bad = await request(t.app.server).get('/trip/v1/driving/abc;30.3,59.9').query(OPTS).set(t.auth('admin'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'InvalidQuery' });
    expect(typeof bad.body.message).toBe('string');
    expect(typeof bad.body.detail).toBe('string');
    const one = await request(t.app.server).get('/trip/v1/driving/30.33,59.935').query(OPTS).set(t.auth('admin'));
    expect(one.body.code).toBe('InvalidQuery');
    const far = await request(t.app.server).get('/trip/v1/driving/200,59.9;30.3,59.9').query(OPTS).set(t.auth('admin'));
    expect(far.body.code).toBe('InvalidQuery');
    const opt = await tripOf([NEVSKY_WEST, NEVSKY_EAST], { ...OPTS, geometries: 'kml' });
    expect(opt.status).toBe(400);
    expect(opt.body.code).toBe('InvalidOptions');
    const ni = await tripOf([NEVSKY_WEST, NEVSKY_EAST], { ...OPTS, source: 'any' });
    expect(ni.status).toBe(400);
    expect(ni.body.code).toBe('NotImplemented');
  });

  it('answers NoSegment, never a straight line, for a point far from every road', async () => {
    const res = await tripOf([NEVSKY_WEST, [103.88, 52.54]]); // Angarsk: no graph there
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NoSegment');
    // 2 km north of the extract, in the Neva: beyond the 500 m snap radius.
    const river = await tripOf([[30.33, 59.955], NEVSKY_EAST]);
    expect(river.body.code).toBe('NoSegment');
  });

  it('snaps a point beside a road the graph does not connect onto the connected network, not into that road', async () => {
    // A road of its own, 300 m south of the extract's streets, joined to nothing: it is outside
    // the largest strongly connected component, so no point is placed on it (it could not route).
    await t.pool.query(`INSERT INTO osm.ways_vertices_pgr (id, the_geom) VALUES
        (900001, ST_SetSRID(ST_MakePoint(30.3300, 59.9290), 4326)), (900002, ST_SetSRID(ST_MakePoint(30.3310, 59.9290), 4326))`);
    await t.pool.query(`INSERT INTO osm.ways (gid, source, target, cost_s, reverse_cost_s, length_m, name, the_geom)
        VALUES (900001, 900001, 900002, 4, 4, 56, 'отрезок без связей', ST_SetSRID(ST_MakeLine(ST_MakePoint(30.3300, 59.9290), ST_MakePoint(30.3310, 59.9290)), 4326))`);
    const res = await tripOf([NEVSKY_WEST, [30.3305, 59.9290]]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = res.body.waypoints[1];
    expect(w.name).not.toBe('отрезок без связей');
    expect(w.hint).not.toBe('900001');
    expect(w.distance).toBeGreaterThan(50);
    // The leg ends at that snapped position.
    const coords = res.body.trips[0].geometry.coordinates as LngLat[];
    expect(coords[coords.length - 1]![0]).toBeCloseTo(w.location[0], 5);
    expect(coords[coords.length - 1]![1]).toBeCloseTo(w.location[1], 5);
  });

  it('checks the permission first: 401 anonymous, 403 without routes:view', async () => {
    const anon = await request(t.app.server).get(`/trip/v1/driving/${NEVSKY_WEST.join(',')};${NEVSKY_EAST.join(',')}`);
    expect(anon.status).toBe(401);
    const nobody = await tripOf([NEVSKY_WEST, NEVSKY_EAST], OPTS, 'nobody');
    expect(nobody.status).toBe(403);
  });

  it('costMatrix: seconds and metres between points, 0 on the diagonal, equal to the trip’s leg', async () => {
    const m = await costMatrix(t.pool, [NEVSKY_WEST, NEVSKY_EAST]);
    expect(m.durations[0]![0]).toBe(0);
    expect(m.distances[1]![1]).toBe(0);
    const res = await tripOf([NEVSKY_WEST, NEVSKY_EAST]);
    expect(m.distances[0]![1]).toBeCloseTo(res.body.trips[0].distance, 0);
    expect(m.durations[0]![1]).toBeCloseTo(res.body.trips[0].duration, 0);
    await expect(costMatrix(t.pool, [NEVSKY_WEST, [103.88, 52.54]])).rejects.toMatchObject({ code: 'NoSegment' });
  });

  it('costMatrix (one search per start to all points) equals each pair’s own trip leg on the whole extract', async () => {
    // 12 points spread over the extract's bounds (a fixed lattice, snapped by the engine); 30 of the
    // 132 ordered pairs compared with the trip's leg (a search of its own, stopping at its one target).
    const points: LngLat[] = [];
    for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) points.push([30.3225 + i * 0.0062, 59.9302 + j * 0.0026]);
    const m = await costMatrix(t.pool, points);
    expect(m.source).toBe('road_graph');
    expect(m.durations.flat().every((v) => v !== null)).toBe(true);
    for (let k = 0; k < 30; k++) {
      const a = (k * 5) % 12;
      const b = (k * 7 + 1) % 12;
      if (a === b) continue;
      const leg = await tripOf([points[a]!, points[b]!], { ...OPTS, overview: 'false' });
      expect(leg.status, JSON.stringify(leg.body)).toBe(200);
      expect(m.durations[a]![b], `${a}→${b}`).toBeCloseTo(leg.body.trips[0].duration, 0);
      expect(m.distances[a]![b], `${a}→${b}`).toBeCloseTo(leg.body.trips[0].distance, 0);
    }
  });
});

describe('costMatrix by the contraction hierarchy', () => {
  it('equals the arc search on the extract (150 seeded random points, 22 500 pairs, turn restrictions applied)', async () => {
    let seed = 20261128;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const points: LngLat[] = Array.from({ length: 150 }, () => [30.3217 + random() * 0.02, 59.9297 + random() * 0.0062]);
    const arcs = await costMatrix(t.pool, points, { method: 'arcs' });
    const ch = await costMatrix(t.pool, points, { method: 'hierarchy' });
    expect(ch.method).toBe('hierarchy');
    expect((await costMatrix(t.pool, points)).method).toBe('hierarchy');
    let differ = 0;
    let metresDiffer = 0;
    for (let i = 0; i < points.length; i++) {
      for (let j = 0; j < points.length; j++) {
        if (Math.abs(ch.durations[i]![j]! - arcs.durations[i]![j]!) > 1e-6) differ++;
        if (Math.abs(ch.distances[i]![j]! - arcs.distances[i]![j]!) > 1e-3) metresDiffer++;
      }
    }
    expect(differ).toBe(0);
    // Metres are those of one fastest path; the extract's equal-time paths are equally long.
    expect(metresDiffer).toBe(0);
  });
});

describe('OSRM_URL set', () => {
  it('passes the call through to that server (status and body)', async () => {
    const seen: string[] = [];
    const osrm = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(req.url?.includes('200,') ? 400 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url?.includes('200,')
        ? { code: 'InvalidQuery', message: 'bad' }
        : { code: 'Ok', trips: [{ legs: [], weight_name: 'routability', weight: 1, duration: 1, distance: 2 }], waypoints: [] }));
    });
    await new Promise<void>((r) => osrm.listen(0, '127.0.0.1', r));
    // The module reads the configuration per call: the same app, now with OSRM_URL.
    t.config.osrmUrl = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
    try {
      const ok = await request(t.app.server).get('/trip/v1/driving/30.1,59.9;30.2,59.9').query(OPTS).set(t.auth('admin'));
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 'Ok', trips: [{ distance: 2 }] });
      expect(seen[0]).toBe('/trip/v1/driving/30.1,59.9;30.2,59.9?roundtrip=false&source=first&destination=last&geometries=geojson&overview=full');
      const bad = await request(t.app.server).get('/trip/v1/driving/200,59.9;30.2,59.9').set(t.auth('admin'));
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('InvalidQuery');
    } finally {
      t.config.osrmUrl = null;
      osrm.close();
    }
  });
});
