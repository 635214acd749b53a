/**
 * Travel times and distances between points over the road graph, many to many. From
 * HIERARCHY_MIN_STARTS distinct starts on, one PHAST sweep over the graph's contraction hierarchy
 * per start (hierarchy.ts, phast.ts; the hierarchy is built once per cached graph), the few
 * answers it flags re-run by the exact arc search; below that, one Dijkstra over the arcs per start
 * (search.ts), stopping once all the targets are settled. Both exact in time; points on the nearest
 * edge of the largest strongly connected component, the truck profile's speeds, one-way streets
 * and turn restrictions respected. For the trip service's ordering and the fleet planner.
 */
import type { LngLat, Queryable, Snapped, TravelSource } from './graph';
import { DEFAULT_SNAP_METERS } from './graph';
import { snapAll } from './engine';
import type { TruckProfile } from './profile';
import { hierarchyOf } from './hierarchy';
import { Sweeper } from './phast';
import { Searcher } from './search';
import type { RoadGraph } from './road-graph';
import type { EdgePosition } from './snap';

/**
 * From this many distinct starts on the matrix uses the hierarchy: its build costs about as much
 * as 100–250 arc searches on a city graph (bench/RESULTS.md «Road-graph travel times»).
 */
export const HIERARCHY_MIN_STARTS = 100;

/** Matrices indexed [from][to]; null where no path exists (cannot happen inside the component). */
export interface CostMatrix {
  /** Seconds of driving with the truck profile. */
  durations: (number | null)[][];
  /** Metres along the fastest path. */
  distances: (number | null)[][];
  /** Each point's position on the graph. */
  snapped: Snapped[];
  /** Always 'road_graph' (the planner's great-circle fallback states its own). */
  source: TravelSource;
  /** How the times were found: the hierarchy's sweeps or one arc search per start. */
  method: 'hierarchy' | 'arcs';
  /** Starts whose flagged answers the arc search re-ran (hierarchy only). */
  recomputed: number;
}

export interface CostMatrixOptions {
  /** Snap radius in metres (default 500, ROUTING_SNAP_METERS). */
  maxSnapMeters?: number;
  /** Speeds (default: truckProfile(), ROUTING_TRUCK_SPEEDS over the defaults). */
  profile?: TruckProfile;
  /** 'auto' (default): the hierarchy from HIERARCHY_MIN_STARTS distinct starts on; or forced. */
  method?: 'auto' | 'hierarchy' | 'arcs';
}

/**
 * The time (s) and distance (m) matrices between `points` ([lng, lat]) along the fastest paths.
 * The diagonal is 0. Throws TripError NoSegment when there is no road graph or a point is farther
 * than the snap radius from it (no straight-line fallback here: a caller that wants one — the
 * planner's great-circle × detour factor — catches it).
 */
export async function costMatrix(db: Queryable, points: LngLat[], opts: CostMatrixOptions = {}): Promise<CostMatrix> {
  const placed = await snapAll(db, points, opts.maxSnapMeters ?? DEFAULT_SNAP_METERS, opts.profile);
  return { ...matrixOnGraph(placed.graph, placed.positions, opts.method), snapped: placed.snapped, source: 'road_graph' };
}

/** The matrices between positions on `graph` (the part of costMatrix after snapping; for tests and the bench). */
export function matrixOnGraph(graph: RoadGraph, positions: EdgePosition[], how: CostMatrixOptions['method'] = 'auto'): Omit<CostMatrix, 'snapped' | 'source'> {
  const placed = { graph, positions };
  const n = positions.length;
  const durations: (number | null)[][] = [];
  const distances: (number | null)[][] = [];
  // The arc search's work arrays (a few MB on a city) only when it runs.
  let searcher: Searcher | null = null;
  const arcSearch = () => (searcher ??= new Searcher(placed.graph));
  const seconds = new Float64Array(n);
  const metres = new Float64Array(n);
  const via = new Int32Array(n);
  // Points at the same position share one search.
  const key = (i: number) => `${placed.positions[i]!.edge}:${placed.positions[i]!.fraction}`;
  const starts = new Set(placed.positions.map((_, i) => key(i))).size;
  const method = how === 'hierarchy' || how === 'arcs' ? how : starts >= HIERARCHY_MIN_STARTS ? 'hierarchy' : 'arcs';
  const sweeper = method === 'hierarchy' ? new Sweeper(placed.graph, hierarchyOf(placed.graph), positions) : null;
  const flagged = new Uint8Array(n);
  let recomputed = 0;
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const same = rowOf.get(key(i));
    if (same !== undefined) {
      durations.push([...durations[same]!]);
      distances.push([...distances[same]!]);
    } else {
      rowOf.set(key(i), i);
      if (sweeper) {
        sweeper.run(placed.positions[i]!, placed.positions, seconds, metres, flagged);
        if (flagged.includes(1)) { recomputed++; recompute(arcSearch(), placed.positions[i]!, placed.positions, flagged, seconds, metres); }
      } else {
        arcSearch().runInto(placed.positions[i]!, placed.positions, seconds, metres, via);
      }
      const dRow: (number | null)[] = new Array(n);
      const mRow: (number | null)[] = new Array(n);
      for (let j = 0; j < n; j++) {
        const ok = seconds[j] !== Number.POSITIVE_INFINITY;
        dRow[j] = ok ? seconds[j]! : null;
        mRow[j] = ok ? metres[j]! : null;
      }
      durations.push(dRow);
      distances.push(mRow);
    }
    durations[i]![i] = 0;
    distances[i]![i] = 0;
  }
  return { durations, distances, method, recomputed };
}

/** The flagged targets' times and metres by the exact arc search, written over the sweep's. */
function recompute(searcher: Searcher, from: EdgePosition, targets: EdgePosition[], flagged: Uint8Array, seconds: Float64Array, metres: Float64Array): void {
  const idx: number[] = [];
  for (let j = 0; j < targets.length; j++) if (flagged[j]) idx.push(j);
  const s = new Float64Array(idx.length);
  const m = new Float64Array(idx.length);
  searcher.runInto(from, idx.map((j) => targets[j]!), s, m, new Int32Array(idx.length));
  idx.forEach((j, k) => { seconds[j] = s[k]!; metres[j] = m[k]!; });
}
