/**
 * Travel times and distances between points over the road graph (pgRouting pgr_dijkstra
 * many-to-many, weight = time): for the trip service's ordering and the fleet planner
 * (issue 10 §2, §4).
 */
import { TripError } from './errors';
import type { LngLat, Queryable, Snapped } from './graph';
import { DEFAULT_SNAP_METERS, edgesSqlAround, hasRoadGraph, snapPoints } from './graph';

/** Matrices indexed [from][to]; null where no path exists (different components, one-way traps). */
export interface CostMatrix {
  /** Seconds of driving (edge cost_s: length at the road's speed). */
  durations: (number | null)[][];
  /** Metres along the fastest path. */
  distances: (number | null)[][];
  /** Each point's graph vertex. */
  snapped: Snapped[];
}

export interface CostMatrixOptions {
  /** Snap radius in metres (default 500, ROUTING_SNAP_METERS). */
  maxSnapMeters?: number;
}

/**
 * The time (s) and distance (m) matrices between `points` ([lng, lat]) along the fastest paths.
 * The diagonal is 0. Throws TripError NoSegment when there is no road graph or a point is farther
 * than the snap radius from it (no straight-line fallback here: a caller that wants one — the
 * planner's great-circle × detour factor — catches it).
 */
export async function costMatrix(db: Queryable, points: LngLat[], opts: CostMatrixOptions = {}): Promise<CostMatrix> {
  const snapped = await snapAll(db, points, opts.maxSnapMeters ?? DEFAULT_SNAP_METERS);
  const n = points.length;
  const durations: (number | null)[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : null)));
  const distances: (number | null)[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : null)));
  const vertices = [...new Set(snapped.map((s) => s.vertex))];
  if (vertices.length > 1) {
    const { rows } = await db.query<{ start_vid: string; end_vid: string; seconds: number; metres: number }>(
      `SELECT d.start_vid, d.end_vid, sum(d.cost) AS seconds, sum(w.length_m) AS metres
         FROM pgr_dijkstra($1, $2::bigint[], $2::bigint[], true) d
         JOIN osm.ways w ON w.gid = d.edge
        GROUP BY d.start_vid, d.end_vid`,
      [edgesSqlAround(points), vertices],
    );
    const byPair = new Map(rows.map((r) => [`${r.start_vid}:${r.end_vid}`, r]));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const a = snapped[i]!.vertex;
        const b = snapped[j]!.vertex;
        if (a === b) { durations[i]![j] = 0; distances[i]![j] = 0; continue; }
        const r = byPair.get(`${a}:${b}`);
        if (r) { durations[i]![j] = Number(r.seconds); distances[i]![j] = Number(r.metres); }
      }
    }
  }
  return { durations, distances, snapped };
}

/** Every point snapped, or TripError NoSegment naming the first one off the graph. */
export async function snapAll(db: Queryable, points: LngLat[], maxMeters: number): Promise<Snapped[]> {
  if (!(await hasRoadGraph(db))) throw new TripError('NoSegment', 'Дорожный граф не загружен: нет дорог рядом с точками (pnpm region:load --only roads).');
  const snapped = await snapPoints(db, points, maxMeters);
  const off = snapped.findIndex((s) => s === null);
  if (off >= 0) throw new TripError('NoSegment', `Could not find a matching segment for coordinate ${off}: нет дороги в пределах ${maxMeters} м от точки ${off + 1}.`);
  return snapped as Snapped[];
}
