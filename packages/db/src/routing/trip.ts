/**
 * OSRM's trip service (http://project-osrm.org/docs/v5.24.0/api/#trip-service) answered from the
 * pgRouting road graph: the points snapped to the nearest vertex (within the snap radius), the
 * middle points ordered over the time matrix (order.ts), each leg's fastest path (pgr_dijkstra,
 * weight = seconds) and the trip's geometry. Distances in metres, durations in seconds.
 * Throws TripError: NoSegment (no graph near a point), NoTrips (points not mutually reachable),
 * NotImplemented (roundtrip=false without source=first & destination=last, as OSRM).
 */
import { costMatrix } from './cost-matrix';
import { TripError } from './errors';
import type { LngLat, Queryable, Snapped } from './graph';
import { DEFAULT_SNAP_METERS, edgesSqlAround } from './graph';
import { orderTour } from './order';

export interface OsrmTripOptions {
  roundtrip: boolean;
  source: 'any' | 'first';
  destination: 'any' | 'last';
  geometries: 'polyline' | 'polyline6' | 'geojson';
  overview: 'simplified' | 'full' | 'false';
  maxSnapMeters?: number;
}

export type TripGeometry = string | { type: 'LineString'; coordinates: LngLat[] };

export interface TripLeg { steps: never[]; summary: string; weight: number; duration: number; distance: number }

/** OSRM's answer with code "Ok". */
export interface OsrmTripAnswer {
  code: 'Ok';
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
  const m = await costMatrix(db, points, { maxSnapMeters: opts.maxSnapMeters ?? DEFAULT_SNAP_METERS });
  const order = orderTour(m.durations, { roundtrip: opts.roundtrip });
  if (!order) throw new TripError('NoTrips', 'No trip visiting all destinations possible: точки не связаны дорогами графа.');
  const visit = opts.roundtrip ? [...order, order[0]!] : order;
  const legs: TripLeg[] = [];
  const coords: LngLat[] = [];
  for (let i = 1; i < visit.length; i++) {
    const a = m.snapped[visit[i - 1]!]!;
    const b = m.snapped[visit[i]!]!;
    const leg = await legPath(db, points, a, b);
    legs.push({ steps: [], summary: '', weight: leg.duration, duration: leg.duration, distance: leg.distance });
    for (const p of leg.coordinates) {
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
    trips: [{ ...(geometry === undefined ? {} : { geometry }), legs, weight_name: 'duration', weight: duration, duration, distance }],
    waypoints: m.snapped.map((s, i) => ({
      hint: String(s.vertex), distance: s.distance, name: s.name, location: s.location, waypoint_index: position.get(i)!, trips_index: 0,
    })),
  };
}

/** One leg's fastest path: its coordinates (edges oriented along the way), seconds, metres. */
async function legPath(db: Queryable, points: LngLat[], a: Snapped, b: Snapped): Promise<{ coordinates: LngLat[]; duration: number; distance: number }> {
  if (a.vertex === b.vertex) return { coordinates: [a.location], duration: 0, distance: 0 };
  const { rows } = await db.query<{ geojson: string | null; seconds: number | null; metres: number | null }>(
    `SELECT ST_AsGeoJSON(ST_RemoveRepeatedPoints(ST_MakeLine(CASE WHEN d.node = w.source THEN w.the_geom ELSE ST_Reverse(w.the_geom) END ORDER BY d.seq)), 6) AS geojson,
            sum(d.cost) AS seconds, sum(w.length_m) AS metres
       FROM pgr_dijkstra($1, $2::bigint, $3::bigint, true) d
       JOIN osm.ways w ON w.gid = d.edge`,
    [edgesSqlAround(points), a.vertex, b.vertex],
  );
  const r = rows[0];
  if (!r?.geojson) throw new TripError('NoTrips', 'No trip visiting all destinations possible: точки не связаны дорогами графа.');
  const line = JSON.parse(r.geojson) as { coordinates: LngLat[] };
  return { coordinates: line.coordinates, duration: round1(Number(r.seconds)), distance: round1(Number(r.metres)) };
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
