/**
 * OSRM's trip service (http://project-osrm.org/docs/v5.24.0/api/#trip-service) answered from the
 * in-memory road graph (the same engine as cost-matrix.ts): the points snapped onto the nearest
 * edge of the largest strongly connected component (within the snap radius), the middle points
 * ordered over the time matrix (order.ts), each leg's fastest path with the truck profile (search.ts)
 * from the snapped position to the next one, and the trip's geometry. Distances in metres,
 * durations in seconds; `source` states 'road_graph'.
 * Throws TripError: NoSegment (no graph near a point), NoTrips (points not mutually reachable),
 * NotImplemented (roundtrip=false without source=first & destination=last, as OSRM).
 */
import { costMatrix } from './cost-matrix';
import { openGraph } from './engine';
import { TripError } from './errors';
import type { LngLat, Queryable, TravelSource } from './graph';
import { DEFAULT_SNAP_METERS } from './graph';
import { orderTour } from './order';
import { truckProfile } from './profile';
import type { TruckProfile } from './profile';
import { Searcher } from './search';
import { snapToEdge } from './snap';

export interface OsrmTripOptions {
  roundtrip: boolean;
  source: 'any' | 'first';
  destination: 'any' | 'last';
  geometries: 'polyline' | 'polyline6' | 'geojson';
  overview: 'simplified' | 'full' | 'false';
  maxSnapMeters?: number;
  /** Speeds (default: truckProfile()). */
  profile?: TruckProfile;
}

export type TripGeometry = string | { type: 'LineString'; coordinates: LngLat[] };

export interface TripLeg { steps: never[]; summary: string; weight: number; duration: number; distance: number }

/** OSRM's answer with code "Ok". */
export interface OsrmTripAnswer {
  code: 'Ok';
  /** Where the times come from (not in OSRM's answer; OSRM clients ignore it). */
  source: TravelSource;
  trips: { geometry?: TripGeometry; legs: TripLeg[]; weight_name: 'duration'; weight: number; duration: number; distance: number }[];
  waypoints: { hint: string; distance: number; name: string; location: LngLat; waypoint_index: number; trips_index: number }[];
}

/** Maximum number of points in one trip (OSRM's default max-trip-size is 100). */
export const MAX_TRIP_POINTS = 100;

/** The trip through `points` ([lng, lat], at least 2) as OSRM answers it. */
export async function trip(db: Queryable, points: LngLat[], opts: OsrmTripOptions): Promise<OsrmTripAnswer> {
  if (points.length < 2) throw new TripError('InvalidQuery', 'Нужны хотя бы две точки.');
  if (points.length > MAX_TRIP_POINTS) throw new TripError('TooBig', `Не более ${MAX_TRIP_POINTS} точек в одной поездке.`);
  if (!opts.roundtrip && (opts.source !== 'first' || opts.destination !== 'last')) {
    throw new TripError('NotImplemented', 'Поездка без возврата (roundtrip=false) строится только с source=first и destination=last.');
  }
  const profile = opts.profile ?? truckProfile();
  const maxSnapMeters = opts.maxSnapMeters ?? DEFAULT_SNAP_METERS;
  const m = await costMatrix(db, points, { maxSnapMeters, profile });
  const order = orderTour(m.durations, { roundtrip: opts.roundtrip });
  if (!order) throw new TripError('NoTrips', 'No trip visiting all destinations possible: точки не связаны дорогами графа.');
  const graph = await openGraph(db, profile);
  const searcher = new Searcher(graph);
  const positions = points.map((p) => snapToEdge(graph, p, maxSnapMeters)!);
  const visit = opts.roundtrip ? [...order, order[0]!] : order;
  const legs: TripLeg[] = [];
  const coords: LngLat[] = [];
  for (let i = 1; i < visit.length; i++) {
    const r = searcher.run(positions[visit[i - 1]!]!, [positions[visit[i]!]!], true);
    const cost = r.cost[0];
    const line = r.geometry[0];
    if (!cost || !line) throw new TripError('NoTrips', 'No trip visiting all destinations possible: точки не связаны дорогами графа.');
    const duration = round1(cost.seconds);
    legs.push({ steps: [], summary: '', weight: duration, duration, distance: round1(cost.metres) });
    for (const p of line) {
      const prev = coords[coords.length - 1];
      if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) coords.push(p);
    }
  }
  const duration = round1(legs.reduce((s, l) => s + l.duration, 0));
  const distance = round1(legs.reduce((s, l) => s + l.distance, 0));
  const geometry = opts.overview === 'false' ? undefined : await formatGeometry(db, coords, opts);
  const position = new Map(order.map((p, k) => [p, k]));
  return {
    code: 'Ok',
    source: 'road_graph',
    trips: [{ ...(geometry === undefined ? {} : { geometry }), legs, weight_name: 'duration', weight: duration, duration, distance }],
    waypoints: m.snapped.map((s, i) => ({
      hint: String(s.edge), distance: s.distance, name: s.name, location: s.location, waypoint_index: position.get(i)!, trips_index: 0,
    })),
  };
}

/** The trip line as GeoJSON or an encoded polyline (precision 5 or 6), simplified unless overview=full. */
async function formatGeometry(db: Queryable, coords: LngLat[], opts: OsrmTripOptions): Promise<TripGeometry> {
  const line = coords.length === 1 ? [coords[0]!, coords[0]!] : coords;
  const { rows } = await db.query<{ geojson: string; p5: string; p6: string }>(
    `WITH l AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g),
          s AS (SELECT CASE WHEN $2 THEN ST_SimplifyPreserveTopology(g, 0.00001) ELSE g END AS g FROM l)
     SELECT ST_AsGeoJSON(g, 6) AS geojson, ST_AsEncodedPolyline(g, 5) AS p5, ST_AsEncodedPolyline(g, 6) AS p6 FROM s`,
    [JSON.stringify({ type: 'LineString', coordinates: line }), opts.overview === 'simplified'],
  );
  const r = rows[0]!;
  if (opts.geometries === 'geojson') return JSON.parse(r.geojson) as TripGeometry;
  return opts.geometries === 'polyline6' ? r.p6 : r.p5;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
