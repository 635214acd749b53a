/**
 * The routing engine's entry: the cached in-memory road graph of the database (road-graph.ts) with
 * a truck profile, and the points snapped onto it (snap.ts). Throws TripError NoSegment when no
 * road graph is loaded or a point is farther than the snap radius from every road of the graph's
 * largest strongly connected component (no straight line is invented).
 */
import { TripError } from './errors';
import type { LngLat, Queryable, Snapped } from './graph';
import { DEFAULT_SNAP_METERS } from './graph';
import { truckProfile } from './profile';
import type { TruckProfile } from './profile';
import { roadGraph } from './road-graph';
import type { RoadGraph } from './road-graph';
import { snapToEdge } from './snap';
import type { EdgePosition } from './snap';

export interface Placed {
  graph: RoadGraph;
  /** Per point, its position on the graph (edge index, fraction). */
  positions: EdgePosition[];
  /** Per point, the same as the answer states it (edge gid, location, distance, name). */
  snapped: Snapped[];
}

/** The graph of `db` with `profile` (default: ROUTING_TRUCK_SPEEDS over the truck defaults). */
export async function openGraph(db: Queryable, profile: TruckProfile = truckProfile()): Promise<RoadGraph> {
  const g = await roadGraph(db, profile);
  if (!g || !g.inScc.some((v) => v === 1)) {
    throw new TripError('NoSegment', 'Дорожный граф региона не загружен: путь по дорогам построить нельзя. Администратор загружает выгрузку OpenStreetMap региона на странице «Администрирование → Регион».');
  }
  return g;
}

/** Each point on its nearest edge within `maxMeters` (null for a point off the graph). */
export function placeOn(g: RoadGraph, points: LngLat[], maxMeters: number): (EdgePosition | null)[] {
  return points.map((p) => snapToEdge(g, p, maxMeters));
}

/** Every point placed, or TripError NoSegment naming the first one off the graph. */
export async function snapAll(db: Queryable, points: LngLat[], maxMeters = DEFAULT_SNAP_METERS, profile?: TruckProfile): Promise<Placed> {
  const graph = await openGraph(db, profile);
  const pos = placeOn(graph, points, maxMeters);
  const off = pos.findIndex((s) => s === null);
  if (off >= 0) throw new TripError('NoSegment', `Could not find a matching segment for coordinate ${off}: нет дороги в пределах ${maxMeters} м от точки ${off + 1}.`);
  const positions = pos as EdgePosition[];
  return { graph, positions, snapped: positions.map((s) => describe(graph, s)) };
}

/** Snaps each point (null when off the graph or no graph is loaded). */
export async function snapPoints(db: Queryable, points: LngLat[], maxMeters = DEFAULT_SNAP_METERS, profile?: TruckProfile): Promise<(Snapped | null)[]> {
  if (!points.length) return [];
  const graph = await roadGraph(db, profile ?? truckProfile());
  if (!graph) return points.map(() => null);
  return placeOn(graph, points, maxMeters).map((s) => (s ? describe(graph, s) : null));
}

function describe(g: RoadGraph, s: EdgePosition): Snapped {
  return {
    edge: g.gid[s.edge]!, fraction: Math.round(s.fraction * 1e6) / 1e6,
    location: [round6(s.location[0]), round6(s.location[1])], distance: Math.round(s.distance * 10) / 10, name: g.name[s.edge]!,
  };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
