/**
 * The routing engine (src/routing) on a small road graph made by hand and written into the real
 * PostgreSQL in osm2pgrouting's tables (osm.configuration, osm.ways, osm.ways_vertices_pgr,
 * osm.turn_restrictions). Every expected time and distance below is computed by hand from the
 * drawing (metres, x east, y north):
 *
 *   D(0,200) ────CD (res.)──── C(200,200) ◄──HC (one-way)── H(400,200)
 *      │                         │                              ▲
 *   DA (primary)           BC (service)                   GH (one-way)
 *      │                         │                              │
 *   A(0,0) ─────AB (res.)──── B(200,0) ─BM→ M(300,0) ──MG (one-way)──► G(400,0)
 *                                             │
 *                                        MK one-way → K(300,−30): a trap (no way out)
 *
 *   an isolated two-way road Z1(150,−300) ─ Z2(250,−300), joined to nothing.
 *
 * Profile for the matrix: residential 36 km/h (10 m/s), primary 45 km/h (12.5 m/s), service
 * 18 km/h (5 m/s); MG is posted at 18 km/h (5 m/s), the limit wins over its class speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costMatrix, DEFAULT_TRUCK_SPEEDS, edgeSeconds, ProfileError, snapPoints, trip, truckProfile } from '../src/index';
import type { LngLat } from '../src/index';
import { createTestDatabase } from '../src/testing';
import type { TestDatabase } from '../src/testing';

let db: TestDatabase;

// Local metres → degrees around (37.5, 55.5).
const LAT0 = 55.5;
const LNG0 = 37.5;
const KX = 111_320 * Math.cos((LAT0 * Math.PI) / 180);
const KY = 110_574;
const at = (x: number, y: number): LngLat => [LNG0 + x / KX, LAT0 + y / KY];

const V: Record<'A' | 'B' | 'C' | 'D' | 'M' | 'G' | 'H' | 'K' | 'Z1' | 'Z2', [number, number]> = {
  A: [0, 0], B: [200, 0], C: [200, 200], D: [0, 200], M: [300, 0], G: [400, 0], H: [400, 200], K: [300, -30], Z1: [150, -300], Z2: [250, -300],
};
type Vx = keyof typeof V;
const VID: Record<Vx, number> = { A: 1, B: 2, C: 3, D: 4, M: 5, G: 6, H: 7, K: 8, Z1: 9, Z2: 10 };
// gid, from, to, class tag id, metres, one-way, posted km/h
const EDGES: [number, Vx, Vx, number, number, boolean, number][] = [
  [1, 'A', 'B', 112, 200, false, 60],
  [2, 'B', 'C', 114, 200, false, 60],
  [3, 'C', 'D', 112, 200, false, 60],
  [4, 'D', 'A', 106, 200, false, 60],
  [5, 'B', 'M', 112, 100, true, 60],
  [6, 'M', 'G', 112, 100, true, 18],
  [7, 'G', 'H', 112, 200, true, 60],
  [8, 'H', 'C', 112, 200, true, 60],
  [9, 'M', 'K', 112, 30, true, 60],
  [10, 'Z1', 'Z2', 112, 100, false, 60],
];
const GID = { AB: 1, BC: 2, CD: 3, DA: 4, BM: 5, MG: 6, GH: 7, HC: 8, MK: 9, Z: 10 };

const PROFILE = truckProfile('residential=36,primary=45,service=18');
const P1 = at(50, 5); // on AB, 50 m from A
const P2 = at(150, 195); // on CD, 50 m from C
const P3 = at(330, -20); // on the one-way MG, 30 m from M; the nearest junction is the trap's end K
const P4 = at(120, -4); // on AB, 120 m from A
const P5 = at(370, 3); // on MG, 70 m from M

beforeAll(async () => {
  db = await createTestDatabase();
  // The migrations may have made the schema (osm.admin_boundary); the road tables are the test's own.
  await db.pool.query(`CREATE SCHEMA IF NOT EXISTS osm;
    CREATE TABLE osm.configuration (id serial, tag_id integer PRIMARY KEY, tag_key text, tag_value text, priority float8, maxspeed float8);
    INSERT INTO osm.configuration (tag_id, tag_key, tag_value, priority, maxspeed) VALUES
      (106, 'highway', 'primary', 1.15, 90), (112, 'highway', 'residential', 2.5, 50), (114, 'highway', 'service', 2.5, 50);
    CREATE TABLE osm.ways_vertices_pgr (id bigint PRIMARY KEY, osm_id bigint, the_geom geometry(Point, 4326));
    CREATE TABLE osm.ways (gid bigint PRIMARY KEY, osm_id bigint, tag_id integer, length_m float8, name text, source bigint, target bigint,
      source_osm bigint, target_osm bigint, cost_s float8, reverse_cost_s float8, maxspeed_forward float8, maxspeed_backward float8,
      the_geom geometry(LineString, 4326));`);
  for (const [name, [x, y]] of Object.entries(V)) {
    const [lng, lat] = at(x, y);
    await db.pool.query('INSERT INTO osm.ways_vertices_pgr VALUES ($1, $2, ST_SetSRID(ST_MakePoint($3, $4), 4326))', [VID[name as Vx], VID[name as Vx] * 100, lng, lat]);
  }
  for (const [gid, a, b, tag, metres, oneWay, kmh] of EDGES) {
    const [ax, ay] = at(...V[a]);
    const [bx, by] = at(...V[b]);
    // osm2pgrouting's costs at 50 km/h; a negative reverse cost closes the direction.
    const s = metres / (50 / 3.6);
    await db.pool.query(
      `INSERT INTO osm.ways VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12,
         ST_SetSRID(ST_MakeLine(ST_MakePoint($13, $14), ST_MakePoint($15, $16)), 4326))`,
      [gid, gid * 10, tag, metres, `улица ${a}${b}`, VID[a], VID[b], VID[a] * 100, VID[b] * 100, s, oneWay ? -s : s, kmh, ax, ay, bx, by],
    );
  }
});
afterAll(async () => {
  await db?.drop();
});

describe('snapping', () => {
  it('places a point on the nearest edge at its partial position, not on the nearest junction', async () => {
    const [s1, s3] = await snapPoints(db.pool, [P1, P3], 500, PROFILE);
    expect(s1).toMatchObject({ edge: GID.AB, name: 'улица AB' });
    expect(s1!.fraction).toBeCloseTo(0.25, 4);
    expect(s1!.distance).toBeCloseTo(5, 0);
    expect(s3).toMatchObject({ edge: GID.MG });
    expect(s3!.fraction).toBeCloseTo(0.3, 4);
    expect(s3!.location[0]).toBeCloseTo(at(330, 0)[0], 6);
    expect(s3!.location[1]).toBeCloseTo(at(330, 0)[1], 6);
  });

  it('never places a point in a dead end: beside the trap MK it lands on the one-way street MG', async () => {
    // The trap is the nearest edge (5 m) and K the nearest junction, but the trap is outside the
    // largest strongly connected component.
    const beside = at(305, -25);
    const { rows } = await db.pool.query<{ id: number }>(
      `SELECT id FROM osm.ways_vertices_pgr ORDER BY the_geom <-> ST_SetSRID(ST_MakePoint($1, $2), 4326) LIMIT 1`, [...beside]);
    expect(Number(rows[0]!.id)).toBe(VID.K);
    const [s] = await snapPoints(db.pool, [beside], 500, PROFILE);
    expect(s!.edge).not.toBe(GID.MK);
    expect([GID.BM, GID.MG]).toContain(s!.edge);
    expect(s!.distance).toBeCloseTo(25, 0);
  });

  it('uses only the largest strongly connected component: a point beside an isolated road snaps onto the network', async () => {
    const near = at(120, -290); // 32 m from the isolated road Z (its end Z1), 290 m from AB
    const [s] = await snapPoints(db.pool, [near], 500, PROFILE);
    expect(s!.edge).toBe(GID.AB);
    expect(s!.fraction).toBeCloseTo(0.6, 4);
    expect(s!.distance).toBeCloseTo(290, 0);
    // Beyond the snap radius: off the graph.
    expect(await snapPoints(db.pool, [near], 200, PROFILE)).toEqual([null]);
  });
});

describe('costMatrix', () => {
  it.each(['arcs', 'hierarchy'] as const)('equals the hand computation (seconds, metres) over partial edges, one-way streets and the profile (%s)', async (method) => {
    const m = await costMatrix(db.pool, [P1, P2, P3], { profile: PROFILE, method });
    expect(m.source).toBe('road_graph');
    expect(m.method).toBe(method);
    // P1→P2 via A, D (5 + 16 + 15 s); P1→P3 via B, M (15 + 10 + 30 m at 5 m/s = 6);
    // P2→P1 via D, A; P2→P3 via C, B, M (5 + 40 + 10 + 6); P3→P1 around G, H, C, D, A
    // (14 + 20 + 20 + 20 + 16 + 5: faster than C, B's 40 + 15 though longer); P3→P2 via G, H, C.
    const seconds = [[0, 36, 31], [36, 0, 61], [95, 59, 0]];
    const metres = [[0, 400, 280], [400, 0, 380], [920, 520, 0]];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        expect(m.durations[i]![j], `seconds ${i}→${j}`).toBeCloseTo(seconds[i]![j]!, 1);
        expect(m.distances[i]![j], `metres ${i}→${j}`).toBeCloseTo(metres[i]![j]!, 0);
      }
    }
  });

  it.each(['arcs', 'hierarchy'] as const)('two points on one edge: straight along it when its direction allows, around the block on a one-way edge (%s)', async (method) => {
    const m = await costMatrix(db.pool, [P1, P4, P3, P5], { profile: PROFILE, method });
    // AB two-way: 70 m at 10 m/s both ways.
    expect(m.durations[0]![1]).toBeCloseTo(7, 1);
    expect(m.durations[1]![0]).toBeCloseTo(7, 1);
    expect(m.distances[1]![0]).toBeCloseTo(70, 0);
    // MG one-way M→G: P3→P5 40 m at 5 m/s; P5→P3 around G, H, C, B, M: 6 + 20 + 20 + 40 + 10 + 6.
    expect(m.durations[2]![3]).toBeCloseTo(8, 1);
    expect(m.durations[3]![2]).toBeCloseTo(102, 1);
    expect(m.distances[3]![2]).toBeCloseTo(30 + 200 + 200 + 200 + 100 + 30, 0);
  });

  it('respects turn restrictions of osm.turn_restrictions (no_left_turn H→C→D)', async () => {
    await db.pool.query(`CREATE TABLE osm.turn_restrictions (from_way bigint, via_node bigint, to_way bigint, kind text);
      INSERT INTO osm.turn_restrictions VALUES (${GID.HC * 10}, ${VID.C * 100}, ${GID.CD * 10}, 'no_left_turn')`);
    try {
      for (const method of ['arcs', 'hierarchy'] as const) {
        const m = await costMatrix(db.pool, [P1, P2, P3], { profile: PROFILE, method });
        // From C only on to B: P3→P2 = 54 + 40 (CB) + 20 (BA) + 16 (AD) + 15; P3→P1 = 54 + 40 + 15.
        expect(m.durations[2]![1], method).toBeCloseTo(145, 1);
        expect(m.distances[2]![1], method).toBeCloseTo(1220, 0);
        expect(m.durations[2]![0], method).toBeCloseTo(109, 1);
        // Unaffected: P2→P3 through C from D's side is not the restricted turn.
        expect(m.durations[1]![2], method).toBeCloseTo(61, 1);
      }
    } finally {
      await db.pool.query('DROP TABLE osm.turn_restrictions');
    }
    // The graph is read again once the restriction is gone.
    const again = await costMatrix(db.pool, [P3, P2], { profile: PROFILE });
    expect(again.durations[0]![1]).toBeCloseTo(59, 1);
  });

  it('refuses a point off the graph with NoSegment (no straight line)', async () => {
    await expect(costMatrix(db.pool, [P1, at(5000, 5000)], { profile: PROFILE })).rejects.toMatchObject({ code: 'NoSegment' });
  });
});

describe('trip', () => {
  const OPTS = { roundtrip: false, source: 'first', destination: 'last', geometries: 'geojson', overview: 'full' } as const;

  it('routes from a one-way street beside a dead end (where the nearest junction is the trap)', async () => {
    const r = await trip(db.pool, [P3, P1], { ...OPTS, profile: PROFILE });
    expect(r.source).toBe('road_graph');
    expect(r.trips[0]!.distance).toBeCloseTo(920, 0);
    expect(r.trips[0]!.duration).toBeCloseTo(95, 0);
    expect(r.waypoints[0]).toMatchObject({ hint: String(GID.MG), name: 'улица MG' });
  });

  it('draws the path from the snapped start through the partial edges to the snapped end', async () => {
    const r = await trip(db.pool, [P1, P3], { ...OPTS, profile: PROFILE });
    const line = (r.trips[0]!.geometry as { coordinates: LngLat[] }).coordinates;
    const expected = [at(50, 0), at(200, 0), at(300, 0), at(330, 0)];
    expect(line).toHaveLength(expected.length);
    line.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(expected[i]![0], 5);
      expect(p[1]).toBeCloseTo(expected[i]![1], 5);
    });
    expect(r.trips[0]!.distance).toBeCloseTo(280, 0);
    expect(r.trips[0]!.duration).toBeCloseTo(31, 0);
  });
});

describe('truck profile', () => {
  it('drives each class at its table speed, capped by the posted limit', async () => {
    expect(DEFAULT_TRUCK_SPEEDS.primary).toBe(40);
    expect(DEFAULT_TRUCK_SPEEDS.residential).toBe(20);
    const def = truckProfile('');
    // DA (primary, posted 60) at 40 km/h; MG (residential, posted 18) at 18 km/h.
    const m = await costMatrix(db.pool, [at(0, 10), at(0, 190), P3, P5], { profile: def });
    expect(m.durations[1]![0]).toBeCloseTo(180 / (40 / 3.6), 1);
    expect(m.durations[2]![3]).toBeCloseTo(40 / (18 / 3.6), 1);
    expect(edgeSeconds(def, 'service', 60, 100)).toBeCloseTo(100 / (10 / 3.6), 6);
    expect(edgeSeconds(def, 'track', 0, 100)).toBeCloseTo(100 / (20 / 3.6), 6); // unlisted class: `other`
  });

  it('reads ROUTING_TRUCK_SPEEDS over the defaults and refuses bad text', () => {
    const p = truckProfile('primary=45, other=15');
    expect(p.speeds.primary).toBe(45);
    expect(p.speeds.secondary).toBe(DEFAULT_TRUCK_SPEEDS.secondary);
    expect(p.otherSpeed).toBe(15);
    expect(p.name).not.toBe(truckProfile('').name);
    expect(() => truckProfile('primary=fast')).toThrow(ProfileError);
    expect(() => truckProfile('primary=500')).toThrow(ProfileError);
  });
});
