/**
 * The contraction hierarchy + PHAST matrix (routing/hierarchy.ts, phast.ts) against the exact arc
 * search (routing/search.ts) on random city grids built in memory (no database: the graph is made
 * from osm.ways-shaped rows by the same buildGraph the loader uses): every time equal, with and
 * without turn restrictions, one-way streets and three road classes. The hand-made graph
 * (routing-engine.test.ts) and the St Petersburg extract (apps/api/test/trip.test.ts) repeat the
 * comparison on real tables.
 */
import { describe, expect, it } from 'vitest';
import { buildGraph, hierarchyOf, matrixOnGraph, snapToEdge, truckProfile } from '../src/index';
import type { EdgePosition, RestrictionRow, WayRow } from '../src/index';

/** mulberry32: a seeded uniform generator in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAT0 = 52.54;
const LNG0 = 103.85;
const KX = 111_320 * Math.cos((LAT0 * Math.PI) / 180);
const STEP = 60;

/**
 * An n × n grid of junctions STEP m apart: every 10th street primary, every 5th secondary, the rest
 * residential, every 3rd residential one-way (alternating direction); each block its own OSM way.
 * With `share` > 0 that share of the inner junctions gets a restriction (no_left_turn from the south
 * block into the west one, or only_straight_on from the west block), as in OSM.
 */
function grid(n: number, share: number, seed: number) {
  const rows: WayRow[] = [];
  const block = new Map<string, number>();
  const pt = (v: number) => [LNG0 + ((v % n) * STEP) / KX, LAT0 + (Math.floor(v / n) * STEP) / 110_574];
  for (const h of [true, false]) {
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      if (h ? j === n - 1 : i === n - 1) continue;
      const line = h ? i : j;
      const cls = line % 10 === 0 ? 'primary' : line % 5 === 0 ? 'secondary' : 'residential';
      const a = i * n + j;
      const b = h ? a + 1 : a + n;
      const [s, t] = line % 6 === 3 ? [b, a] : [a, b];
      const gid = rows.length + 1;
      block.set(`${Math.min(a, b)}-${Math.max(a, b)}`, gid);
      const secs = STEP / 13.9;
      rows.push({
        gid: String(gid), osm_id: String(gid), source: String(s), target: String(t), source_osm: String(s), target_osm: String(t),
        cost_s: secs, reverse_cost_s: cls === 'residential' && line % 3 === 0 ? -1 : secs, length_m: STEP, maxspeed_forward: 50, maxspeed_backward: 50,
        class: cls, name: `${h ? 'h' : 'v'}${line}`, geojson: JSON.stringify({ type: 'LineString', coordinates: [pt(s), pt(t)] }),
      });
    }
  }
  const way = (a: number, b: number) => String(block.get(`${Math.min(a, b)}-${Math.max(a, b)}`));
  const random = rng(seed);
  const tr: RestrictionRow[] = [];
  for (let i = 1; i < n - 1; i++) for (let j = 1; j < n - 1; j++) {
    if (random() >= share) continue;
    const v = i * n + j;
    if (random() < 0.7) tr.push({ from_way: way(v - n, v), via_node: String(v), to_way: way(v - 1, v), kind: 'no_left_turn' });
    else tr.push({ from_way: way(v - 1, v), via_node: String(v), to_way: way(v, v + 1), kind: 'only_straight_on' });
  }
  const g = buildGraph(rows, tr, truckProfile(''), `grid-${n}-${share}-${seed}`);
  const positions: EdgePosition[] = [];
  while (positions.length < 120) {
    const p = snapToEdge(g, [LNG0 + (random() * (n - 1) * STEP) / KX, LAT0 + (random() * (n - 1) * STEP) / 110_574], 500);
    if (p) positions.push(p);
  }
  return { g, positions, restrictions: tr.length };
}

/** Number of cells whose times differ by more than 1 µs, and the largest difference. */
function compare(a: (number | null)[][], b: (number | null)[][]): { differ: number; worst: number } {
  let differ = 0;
  let worst = 0;
  a.forEach((row, i) => row.forEach((x, j) => {
    const y = b[i]![j]!;
    const d = x === null || y === null ? (x === y ? 0 : Number.POSITIVE_INFINITY) : Math.abs(x - y);
    if (d > 1e-6) { differ++; worst = Math.max(worst, d); }
  }));
  return { differ, worst };
}

describe('contraction hierarchy + PHAST against the arc search', () => {
  it('equal times on a 30 × 30 grid with one-way streets and no restrictions (14 400 pairs)', () => {
    const { g, positions } = grid(30, 0, 1);
    const arcs = matrixOnGraph(g, positions, 'arcs');
    const ch = matrixOnGraph(g, positions, 'hierarchy');
    expect(ch.method).toBe('hierarchy');
    expect(arcs.method).toBe('arcs');
    expect(compare(ch.durations, arcs.durations)).toEqual({ differ: 0, worst: 0 });
    expect(ch.recomputed).toBe(0);
    const h = hierarchyOf(g);
    expect(h.stats.splitJunctions).toBe(0);
    // A sane hierarchy: fewer shortcuts than twice the edges (a degenerate one has many times more).
    expect(h.stats.shortcuts).toBeLessThan(2 * h.stats.edges);
  });

  it('equal times with turn restrictions at 8 % of the junctions (the flagged answers re-run exactly)', () => {
    const { g, positions, restrictions } = grid(30, 0.08, 2);
    expect(g.restrictions.applied).toBe(restrictions);
    expect(restrictions).toBeGreaterThan(40);
    const arcs = matrixOnGraph(g, positions, 'arcs');
    const ch = matrixOnGraph(g, positions, 'hierarchy');
    expect(compare(ch.durations, arcs.durations)).toEqual({ differ: 0, worst: 0 });
    expect(hierarchyOf(g).stats.splitJunctions).toBeGreaterThan(restrictions);
    // The restrictions change times: the same grid without them is faster somewhere.
    const free = grid(30, 0, 2);
    expect(compare(matrixOnGraph(free.g, positions, 'arcs').durations, arcs.durations).differ).toBeGreaterThan(0);
  });

  it('a U-turn that would dodge a restriction is flagged and the answer re-run by the arc search', () => {
    // A street v0 … v5 (100 m blocks, x east) closed into a ring by a 6.5 km road v5 → (500, 3000)
    // → (0, 3000) → v0, and dead-end stubs v1 → X (100 m south) and (500, 3000) → Z (100 m north,
    // where a truck may turn round, so both directions of the ring are one component). At v1 no right turn from v0v1
    // into the stub. From S (on v0v1, 20 m from v0) to T (on the stub, 50 m from v1): legal is
    // only the long way round (20 + 3000 + 500 + 3000 + 400 + 50 = 6 970 m); a U-turn at v4 (a
    // junction of two roads, not a dead end: forbidden) would make it 80 + 300 + 300 + 50 = 730 m
    // — v4 is three junctions from v1, outside the split rings, so the hierarchy meets it.
    const pts: Record<string, [number, number]> = {
      v0: [0, 0], v1: [100, 0], v2: [200, 0], v3: [300, 0], v4: [400, 0], v5: [500, 0], L1: [500, 3000], L2: [0, 3000], X: [100, -100], Z: [500, 3100],
    };
    const ids = Object.keys(pts);
    const ll = (k: string) => [LNG0 + pts[k]![0] / KX, LAT0 + pts[k]![1] / 110_574];
    const edges: [string, string][] = [['v0', 'v1'], ['v1', 'v2'], ['v2', 'v3'], ['v3', 'v4'], ['v4', 'v5'], ['v5', 'L1'], ['L1', 'L2'], ['L2', 'v0'], ['v1', 'X'], ['L1', 'Z']];
    const rows: WayRow[] = edges.map(([a, b], k) => {
      const m = Math.hypot(pts[a]![0] - pts[b]![0], pts[a]![1] - pts[b]![1]);
      const [s, t] = [String(ids.indexOf(a) + 1), String(ids.indexOf(b) + 1)];
      return {
        gid: String(k + 1), osm_id: String(k + 1), source: s, target: t, source_osm: s, target_osm: t, cost_s: m / 10, reverse_cost_s: m / 10,
        length_m: m, maxspeed_forward: null, maxspeed_backward: null, class: 'residential', name: `${a}${b}`,
        geojson: JSON.stringify({ type: 'LineString', coordinates: [ll(a), ll(b)] }),
      };
    });
    const tr: RestrictionRow[] = [{ from_way: '1', via_node: '2', to_way: '9', kind: 'no_right_turn' }];
    const g = buildGraph(rows, tr, truckProfile('residential=36'), 'ring');
    expect(g.restrictions.applied).toBe(1);
    const S = snapToEdge(g, [LNG0 + 20 / KX, LAT0 + 3 / 110_574], 50)!;
    const T = snapToEdge(g, [LNG0 + 103 / KX, LAT0 - 50 / 110_574], 50)!;
    const arcs = matrixOnGraph(g, [S, T], 'arcs');
    const ch = matrixOnGraph(g, [S, T], 'hierarchy');
    expect(arcs.distances[0]![1]).toBeCloseTo(6970, 0);
    expect(arcs.durations[0]![1]).toBeCloseTo(697, 1);
    expect(hierarchyOf(g).stats.splitJunctions).toBe(6); // v1; v0, v2, X; L2, v3
    expect(ch.recomputed).toBe(1);
    expect(compare(ch.durations, arcs.durations)).toEqual({ differ: 0, worst: 0 });
    expect(ch.distances[0]![1]).toBeCloseTo(6970, 0);
  });

  it('auto picks the hierarchy from HIERARCHY_MIN_STARTS distinct starts on', () => {
    const { g, positions } = grid(12, 0, 3);
    expect(matrixOnGraph(g, positions.slice(0, 10)).method).toBe('arcs');
    expect(matrixOnGraph(g, positions).method).toBe('hierarchy');
  });
});
