/**
 * Travel times and distances between points over the road graph, many to many: one Dijkstra over
 * the in-memory graph's arcs per distinct start position (search.ts), each stopping once all the
 * targets are settled; points on the nearest edge of the largest strongly connected component,
 * the truck profile's speeds, one-way streets and turn restrictions respected. For the trip
 * service's ordering and the fleet planner.
 */
import type { LngLat, Queryable, Snapped, TravelSource } from './graph';
import { DEFAULT_SNAP_METERS } from './graph';
import { snapAll } from './engine';
import type { TruckProfile } from './profile';
import { Searcher } from './search';

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
}

export interface CostMatrixOptions {
  /** Snap radius in metres (default 500, ROUTING_SNAP_METERS). */
  maxSnapMeters?: number;
  /** Speeds (default: truckProfile(), ROUTING_TRUCK_SPEEDS over the defaults). */
  profile?: TruckProfile;
}

/**
 * The time (s) and distance (m) matrices between `points` ([lng, lat]) along the fastest paths.
 * The diagonal is 0. Throws TripError NoSegment when there is no road graph or a point is farther
 * than the snap radius from it (no straight-line fallback here: a caller that wants one — the
 * planner's great-circle × detour factor — catches it).
 */
export async function costMatrix(db: Queryable, points: LngLat[], opts: CostMatrixOptions = {}): Promise<CostMatrix> {
  const placed = await snapAll(db, points, opts.maxSnapMeters ?? DEFAULT_SNAP_METERS, opts.profile);
  const n = points.length;
  const durations: (number | null)[][] = [];
  const distances: (number | null)[][] = [];
  const searcher = new Searcher(placed.graph);
  const seconds = new Float64Array(n);
  const metres = new Float64Array(n);
  const via = new Int32Array(n);
  // Points at the same position share one search.
  const key = (i: number) => `${placed.positions[i]!.edge}:${placed.positions[i]!.fraction}`;
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const same = rowOf.get(key(i));
    if (same !== undefined) {
      durations.push([...durations[same]!]);
      distances.push([...distances[same]!]);
    } else {
      rowOf.set(key(i), i);
      searcher.runInto(placed.positions[i]!, placed.positions, seconds, metres, via);
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
  return { durations, distances, snapped: placed.snapped, source: 'road_graph' };
}
