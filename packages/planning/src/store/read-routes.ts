/**
 * The routes of a schedule on a work date as `GET /api/fleet/schedules/{id}/routes/{DD.MM.YYYY}/`
 * answers them (contract routes/schedule-routes.ts DayRoutesSchema): routes by number, each with
 * its stops in order, and the day's totals. Decimals travel as strings (m³, 3 decimals).
 */
import type { Pool } from 'pg';

export interface DayRoutesRow {
  schedule_id: number;
  work_date: string;
  travel: { source: string; detour_factor: string | null; speed_kmh: string | null } | null;
  totals: { distance_m: number; duration_s: number; vehicles: number; unloads: number; sites: number; infeasible_routes: number };
  routes: {
    id: number; number: number; vehicle: { id: number; name: string } | null; garage: { id: number; name: string } | null;
    distance_m: number; duration_s: number; unloads: number; volume_m3: string; capacity_m3: string | null; feasible: boolean;
    stops_count: number;
    stops: {
      id: number; order_in_route: number; stop_type: string; waste_area: { id: number; name: string } | null; collection_request: number | null;
      waste_management_facility: { id: number; name: string } | null; garage: { id: number; name: string } | null;
      coordinates: { lat: number; lng: number } | null; arrival_time: string; departure_time: string; volume_m3: string; load_m3: string;
    }[];
  }[];
}

const ref = (id: number | null, name: string | null) => (id == null ? null : { id, name: name ?? String(id) });

/** Reads (schedule, date); a date without routes gives an empty list with zero totals. */
export async function readDayRoutes(pool: Pool, scheduleId: number, workDate: string): Promise<DayRoutesRow> {
  const routes = (await pool.query<{
    id: number; number: number; vehicle_id: number | null; plate: string | null; garage_id: number | null; garage: string | null;
    distance_m: number; duration_s: number; unloads: number; volume_m3: string; capacity_m3: string | null; feasible: boolean;
    travel_source: string; detour_factor: string | null; speed_kmh: string | null;
  }>(
    `SELECT r.id, r.number, r.vehicle_id, v.license_plate AS plate, r.garage_id, g.name AS garage, r.distance_m, r.duration_s, r.unloads,
            r.volume_m3::text, r.capacity_m3::text, r.feasible, r.travel_source, r.detour_factor::text, r.speed_kmh::text
       FROM schedule_route r LEFT JOIN vehicle v ON v.id = r.vehicle_id LEFT JOIN garage g ON g.id = r.garage_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY r.number`,
    [scheduleId, workDate],
  )).rows;
  const stops = (await pool.query<{
    id: number; route_id: number; order_in_route: number; stop_type: string; waste_area_id: number | null; area: string | null;
    collection_request_id: number | null; facility_id: number | null; facility: string | null; garage_id: number | null; garage: string | null;
    latitude: number | null; longitude: number | null; arrival_time: string; departure_time: string; volume_m3: string; load_m3: string;
  }>(
    `SELECT s.id, s.route_id, s.order_in_route, s.stop_type, s.waste_area_id, w.location AS area, s.collection_request_id,
            s.waste_management_facility_id AS facility_id, f.name AS facility, s.garage_id, g.name AS garage, s.latitude, s.longitude,
            s.arrival_time::text, s.departure_time::text, s.volume_m3::text, s.load_m3::text
       FROM schedule_route_stop s JOIN schedule_route r ON r.id = s.route_id
       LEFT JOIN waste_area w ON w.id = s.waste_area_id
       LEFT JOIN waste_management_facility f ON f.id = s.waste_management_facility_id
       LEFT JOIN garage g ON g.id = s.garage_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY s.route_id, s.order_in_route`,
    [scheduleId, workDate],
  )).rows;
  const out: DayRoutesRow['routes'] = routes.map((r) => {
    const own = stops.filter((s) => s.route_id === r.id);
    return {
      id: r.id, number: r.number, vehicle: ref(r.vehicle_id, r.plate), garage: ref(r.garage_id, r.garage),
      distance_m: r.distance_m, duration_s: r.duration_s, unloads: r.unloads, volume_m3: r.volume_m3, capacity_m3: r.capacity_m3, feasible: r.feasible,
      stops_count: own.filter((s) => s.stop_type === 'WASTE_AREA').length,
      stops: own.map((s) => ({
        id: s.id, order_in_route: s.order_in_route, stop_type: s.stop_type, waste_area: ref(s.waste_area_id, s.area),
        collection_request: s.collection_request_id, waste_management_facility: ref(s.facility_id, s.facility), garage: ref(s.garage_id, s.garage),
        coordinates: s.latitude != null && s.longitude != null ? { lat: Number(s.latitude.toFixed(6)), lng: Number(s.longitude.toFixed(6)) } : null,
        arrival_time: s.arrival_time, departure_time: s.departure_time, volume_m3: s.volume_m3, load_m3: s.load_m3,
      })),
    };
  });
  const first = routes[0];
  return {
    schedule_id: scheduleId,
    work_date: workDate,
    travel: first ? { source: first.travel_source, detour_factor: first.detour_factor, speed_kmh: first.speed_kmh } : null,
    totals: {
      distance_m: out.reduce((a, r) => a + r.distance_m, 0),
      duration_s: out.reduce((a, r) => a + r.duration_s, 0),
      vehicles: out.filter((r) => r.stops_count > 0).length,
      unloads: out.reduce((a, r) => a + r.unloads, 0),
      sites: out.reduce((a, r) => a + r.stops_count, 0),
      infeasible_routes: out.filter((r) => !r.feasible).length,
    },
    routes: out,
  };
}
