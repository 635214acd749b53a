/**
 * Reads of the tracking screen (issue 10 §3, issue 23 §2; contract routes/navctl.ts): the vehicle
 * list with the online flag and counts, and one vehicle's trips over a period with tracks and site
 * visits. The trips of a vehicle-day read ≈ 8 640 rows (a position every 10 s) through the primary
 * key (vehicle_id, time) of the day partitions the period touches; splitting (trips.ts) and visits
 * (visits.ts) run in TypeScript over the whole period, so a stay between two trips is a visit too.
 * Visits look at every waste area within the period's bounding box widened by the largest service
 * radius a site may have, found through the GiST index on waste_area.coordinates. Outlier fixes
 * (outliers.ts: an impossible speed from their neighbours) are dropped from every track read here
 * — the trips call, the route-event stop check and any other consumer of {@link TrackingRepository.points}
 * — and counted on each trip and in the trips answer.
 */
import type { Pool } from 'pg';
import { navLastOnlineBucket, round6, SERVICE_RADIUS_MAX_M } from '@tko/contract';
import type { NavTripsAnswer, NavVehicle } from '@tko/contract';
import { splitTrips } from './trips';
import type { TrackPoint, TripOptions } from './trips';
import { findVisits } from './visits';
import { DEFAULT_OUTLIER_OPTIONS, dropOutliers } from './outliers';
import type { CleanTrack, OutlierOptions } from './outliers';
import type { VisitOptions, VisitSite } from './visits';

export interface NavVehiclesFilter { online?: boolean; search?: string; page: number; pageSize: number }

export interface TripsRequest {
  vehicleId: number;
  from: Date;
  to: Date;
  trips: TripOptions;
  visits: VisitOptions;
}

export class TrackingRepository {
  constructor(private readonly pool: Pool, private readonly onlineMinutes: number, private readonly outliers: OutlierOptions = DEFAULT_OUTLIER_OPTIONS) {}

  /** A page of vehicles (ordered by plate) with online/offline counts over the filtered list. */
  async vehicles(f: NavVehiclesFilter, now = new Date()): Promise<{ count: number; online: number; offline: number; rows: NavVehicle[] }> {
    const args: unknown[] = [now, this.onlineMinutes];
    const where: string[] = [];
    if (f.search) {
      args.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(v.license_plate ILIKE $${args.length} OR v.external_identifier ILIKE $${args.length})`);
    }
    const onlineSql = `(v.last_online_at IS NOT NULL AND v.last_online_at >= $1::timestamptz - make_interval(mins => $2::int))`;
    const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const counts = await this.pool.query<{ online: number; offline: number }>(
      `SELECT count(*) FILTER (WHERE ${onlineSql})::int AS online, count(*) FILTER (WHERE NOT ${onlineSql})::int AS offline FROM vehicle v ${base}`, args);
    const { online, offline } = counts.rows[0]!;
    const pageWhere = [...where];
    if (f.online !== undefined) pageWhere.push(f.online ? onlineSql : `NOT ${onlineSql}`);
    args.push(f.pageSize, (f.page - 1) * f.pageSize);
    const { rows } = await this.pool.query(
      `SELECT v.id, v.license_plate, v.status, v.external_identifier, v.last_online_at,
              ST_Y(v.last_position) AS lat, ST_X(v.last_position) AS lng, ${onlineSql} AS online,
              g.id AS garage_id, g.name AS garage_name
         FROM vehicle v LEFT JOIN garage g ON g.id = v.garage_id
         ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
        ORDER BY v.license_plate, v.id LIMIT $${args.length - 1} OFFSET $${args.length}`, args);
    const count = f.online === undefined ? online + offline : f.online ? online : offline;
    return {
      count, online, offline,
      rows: rows.map((r) => ({
        id: r.id, license_plate: r.license_plate, status: r.status, external_identifier: r.external_identifier ?? null,
        garage: r.garage_id ? { id: r.garage_id, name: r.garage_name } : null,
        last_online_at: r.last_online_at ? (r.last_online_at as Date).toISOString() : null,
        last_position: r.lat === null || r.lat === undefined ? null : { lat: round6(r.lat), lng: round6(r.lng) },
        online: r.online,
        last_online: navLastOnlineBucket(r.last_online_at, now.getTime()),
      })),
    };
  }

  /** The vehicle's plate, or null when it does not exist. */
  async vehicle(id: number): Promise<{ id: number; license_plate: string } | null> {
    const { rows } = await this.pool.query('SELECT id, license_plate FROM vehicle WHERE id = $1', [id]);
    return rows[0] ?? null;
  }

  /** Time-ordered positions of one vehicle in [from, to), outliers dropped (outliers.ts). */
  async points(vehicleId: number, from: Date, to: Date): Promise<TrackPoint[]> {
    return (await this.track(vehicleId, from, to)).points;
  }

  /**
   * Time-ordered positions of many vehicles in [from, to), outliers dropped per vehicle, in ONE
   * statement (the primary key (vehicle_id, time) of each day partition); vehicles without a
   * position are absent from the map.
   */
  async pointsOfMany(vehicleIds: readonly number[], from: Date, to: Date): Promise<Map<number, TrackPoint[]>> {
    const out = new Map<number, TrackPoint[]>();
    if (!vehicleIds.length) return out;
    const { rows } = await this.pool.query<[number, number, number, number, number | null]>({
      text: `SELECT vehicle_id, (extract(epoch FROM time) * 1000)::float8 AS t, lat, lng, speed FROM vehicle_position
              WHERE vehicle_id = ANY($1::int[]) AND time >= $2 AND time < $3 ORDER BY vehicle_id, time`,
      values: [vehicleIds, from, to],
      rowMode: 'array',
    });
    let i = 0;
    while (i < rows.length) {
      const id = rows[i]![0];
      const pts: TrackPoint[] = [];
      for (; i < rows.length && rows[i]![0] === id; i++) { const r = rows[i]!; pts.push({ t: r[1], lat: r[2], lng: r[3], speed: r[4] }); }
      const kept = dropOutliers(pts, this.outliers).points;
      if (kept.length) out.set(id, kept);
    }
    return out;
  }

  /**
   * Which of `vehicleIds` have a position in [from, to) within about `radiusM` of one of `points`
   * (ids ascending). A grid of `radiusM` cells: a position counts when its cell is one of the 3 × 3
   * around a point's, so none within `radiusM` is missed (some up to 2√2 × radiusM away are taken
   * too). One statement, a hash join of the day's positions of those vehicles with the cells.
   */
  async vehiclesNear(vehicleIds: readonly number[], from: Date, to: Date, points: readonly { lat: number; lng: number }[], radiusM: number): Promise<number[]> {
    if (!vehicleIds.length || !points.length) return [];
    const dLat = radiusM / 111_320;
    const meanLat = points.reduce((a, p) => a + p.lat, 0) / points.length;
    const dLng = radiusM / (111_320 * Math.max(0.01, Math.cos((meanLat * Math.PI) / 180)));
    const cells = new Set<number>();
    for (const p of points) {
      const i = Math.floor(p.lat / dLat);
      const j = Math.floor(p.lng / dLng);
      for (let a = -1; a <= 1; a++) for (let b = -1; b <= 1; b++) cells.add((i + a) * 10_000_000 + (j + b));
    }
    const { rows } = await this.pool.query<{ vehicle_id: number }>(
      `SELECT DISTINCT p.vehicle_id FROM vehicle_position p
         JOIN unnest($4::int8[]) AS c(k) ON c.k = floor(p.lat / $5)::int8 * 10000000 + floor(p.lng / $6)::int8
        WHERE p.vehicle_id = ANY($1::int[]) AND p.time >= $2 AND p.time < $3 ORDER BY 1`,
      [vehicleIds, from, to, [...cells], dLat, dLng]);
    return rows.map((r) => r.vehicle_id);
  }

  /** Time-ordered positions of one vehicle in [from, to), split into the kept ones and the dropped outliers. */
  async track(vehicleId: number, from: Date, to: Date): Promise<CleanTrack> {
    return dropOutliers(await this.rawPoints(vehicleId, from, to), this.outliers);
  }

  /** Time-ordered positions of one vehicle in [from, to) as stored. */
  async rawPoints(vehicleId: number, from: Date, to: Date): Promise<TrackPoint[]> {
    const { rows } = await this.pool.query<[number, number, number, number | null]>({
      text: `SELECT (extract(epoch FROM time) * 1000)::float8 AS t, lat, lng, speed FROM vehicle_position
              WHERE vehicle_id = $1 AND time >= $2 AND time < $3 ORDER BY time`,
      values: [vehicleId, from, to],
      rowMode: 'array',
    });
    return rows.map((r) => ({ t: r[0], lat: r[1], lng: r[2], speed: r[3] }));
  }

  /** Waste areas with coordinates inside the box (degrees) widened by `radiusM`, with their own service radius (null: the default). */
  async sitesNear(minLat: number, minLng: number, maxLat: number, maxLng: number, radiusM: number): Promise<VisitSite[]> {
    const dLat = radiusM / 111_320;
    const dLng = radiusM / (111_320 * Math.max(0.01, Math.cos(((minLat + maxLat) / 2) * Math.PI / 180)));
    const { rows } = await this.pool.query(
      `SELECT id, kind, COALESCE(name_waste_area, location, identifier, registry_number, '№ ' || id) AS name,
              ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, service_radius_m AS "radiusM"
         FROM waste_area WHERE coordinates && ST_MakeEnvelope($1, $2, $3, $4, 4326)`,
      [minLng - dLng, minLat - dLat, maxLng + dLng, maxLat + dLat]);
    return rows;
  }

  /** The vehicle's trips and visits in the period (contract NavTripsAnswer without the vehicle's plate check). */
  async trips(req: TripsRequest, vehicle: { id: number; license_plate: string }): Promise<NavTripsAnswer> {
    const { points: pts, dropped } = await this.track(req.vehicleId, req.from, req.to);
    const trips = splitTrips(pts, req.trips);
    let sites: VisitSite[] = [];
    if (pts.length) {
      let minLat = 90, minLng = 180, maxLat = -90, maxLng = -180;
      for (const p of pts) {
        if (p.lat < minLat) minLat = p.lat; if (p.lat > maxLat) maxLat = p.lat;
        if (p.lng < minLng) minLng = p.lng; if (p.lng > maxLng) maxLng = p.lng;
      }
      sites = await this.sitesNear(minLat, minLng, maxLat, maxLng, Math.max(req.visits.radiusM, SERVICE_RADIUS_MAX_M));
    }
    const iso = (ms: number) => new Date(ms).toISOString();
    const visits = findVisits(pts, sites, req.visits).map((v) => {
      const trip = trips.findIndex((t) => t.start <= v.arrived && v.arrived <= t.end);
      return {
        waste_area: { id: v.site.id, name: v.site.name, kind: v.site.kind },
        vehicle,
        arrived_at: iso(v.arrived), left_at: iso(v.left), dwell_s: v.dwell_s, duration_s: v.dwell_s,
        distance_m: v.distance_m, radius_m: v.site.radiusM ?? req.visits.radiusM,
        trip: trip < 0 ? null : trip + 1,
      };
    });
    const results = trips.map((t, i) => {
      const coords: [number, number][] = [];
      for (let k = t.from; k <= t.to; k++) coords.push([round6(pts[k]!.lng), round6(pts[k]!.lat)]);
      return {
        number: i + 1,
        period: { lower: iso(t.start), upper: iso(t.end) },
        distance_m: t.distance_m,
        duration_s: t.duration_s,
        max_speed: t.max_speed,
        start: { lat: round6(pts[t.from]!.lat), lng: round6(pts[t.from]!.lng) },
        end: { lat: round6(pts[t.to]!.lat), lng: round6(pts[t.to]!.lng) },
        points_count: t.to - t.from + 1,
        outliers_count: dropped.filter((p) => t.start <= p.t && p.t <= t.end).length,
        track: { type: 'LineString' as const, coordinates: coords },
        visits: visits.filter((v) => v.trip === i + 1),
      };
    });
    return {
      vehicle,
      period: { lower: req.from.toISOString(), upper: req.to.toISOString() },
      stop_minutes: Math.round(req.trips.stopSeconds / 60),
      silence_minutes: Math.round(req.trips.silenceSeconds / 60),
      visit_radius: req.visits.radiusM,
      visit_max_speed: req.visits.maxSpeedKmh,
      visit_dwell_s: req.visits.minDwellS,
      visit_merge_s: req.visits.mergeGapS,
      outlier_speed: this.outliers.maxSpeedKmh,
      outliers_count: dropped.length,
      count: results.length,
      distance_m: results.reduce((s, t) => s + t.distance_m, 0),
      results,
      visits,
    };
  }
}
