/**
 * The routes of a schedule on a work date as `GET /api/fleet/schedules/{id}/routes/{DD.MM.YYYY}/`
 * answers them (contract routes/schedule-routes.ts DayRoutesSchema): routes by number, each with
 * its crew's shift (leave, breaks, return, driving), the rules it breaks, its truck's body and
 * whether it fits every site, and its stops in order; the day's totals, the sites the last plan
 * left out with their reasons, and the date's plans (newest first) to compare. Decimals travel as
 * strings (m³ 3 decimals, kg 1).
 */
import type { Pool } from 'pg';
import { UNPLANNED_LABELS, VIOLATION_LABELS } from '../violations';
import type { UnplannedReason, ViolationCode } from '../types';

export interface DayRoutesRow {
  schedule_id: number;
  work_date: string;
  travel: { source: string; detour_factor: string | null; speed_kmh: string | null } | null;
  totals: {
    distance_m: number; duration_s: number; vehicles: number; unloads: number; sites: number; infeasible_routes: number;
    shifts: number; longest_shift_s: number; driving_s: number; unplanned: number;
  };
  routes: {
    id: number; number: number; vehicle: { id: number; name: string } | null; garage: { id: number; name: string } | null;
    distance_m: number; duration_s: number; unloads: number; volume_m3: string; capacity_m3: string | null; feasible: boolean;
    violations: { code: string; label: string }[]; crew: number; loading: string | null; payload_kg: number | null; mass_kg: string; compatible: boolean;
    shift: { start: string; end: string; duration_s: number; driving_s: number; breaks: { start: string; end: string; kind: 'lunch' | 'driving' }[] };
    stops_count: number;
    stops: {
      id: number; order_in_route: number; stop_type: string; waste_area: { id: number; name: string } | null; collection_request: number | null;
      waste_management_facility: { id: number; name: string } | null; garage: { id: number; name: string } | null;
      coordinates: { lat: number; lng: number } | null; arrival_time: string; departure_time: string; volume_m3: string; load_m3: string;
      break_kind: 'lunch' | 'driving' | null; share: string; mass_kg: string; load_kg: string; bodies: string[] | null; compatible: boolean;
    }[];
  }[];
  unplanned: { id: number; waste_area: { id: number; name: string } | null; collection_request: number | null; reason: UnplannedReason; reason_label: string; detail: string }[];
  plans: {
    id: number; created_at: string; mode: 'optimise' | 'keep_assignment'; distance_m: number; vehicles: number; shifts: number; unloads: number; sites: number;
    unplanned: number; shifts_s: number; longest_shift_s: number; driving_s: number; travel_source: string;
  }[];
}

const ref = (id: number | null, name: string | null) => (id == null ? null : { id, name: name ?? String(id) });

/** Reads (schedule, date); a date without routes gives an empty list with zero totals. */
export async function readDayRoutes(pool: Pool, scheduleId: number, workDate: string): Promise<DayRoutesRow> {
  const routes = (await pool.query<{
    id: number; number: number; vehicle_id: number | null; plate: string | null; garage_id: number | null; garage: string | null;
    distance_m: number; duration_s: number; unloads: number; volume_m3: string; capacity_m3: string | null; feasible: boolean;
    travel_source: string; detour_factor: string | null; speed_kmh: string | null;
    crew: number; driving_s: number; violations: string[]; mass_kg: string; payload_kg: number | null; loading: string | null;
  }>(
    `SELECT r.id, r.number, r.vehicle_id, v.license_plate AS plate, r.garage_id, g.name AS garage, r.distance_m, r.duration_s, r.unloads,
            r.volume_m3::text, r.capacity_m3::text, r.feasible, r.travel_source, r.detour_factor::text, r.speed_kmh::text,
            r.crew, r.driving_s, r.violations, r.mass_kg::text, r.payload_kg, r.loading
       FROM schedule_route r LEFT JOIN vehicle v ON v.id = r.vehicle_id LEFT JOIN garage g ON g.id = r.garage_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY r.number`,
    [scheduleId, workDate],
  )).rows;
  const stops = (await pool.query<{
    id: number; route_id: number; order_in_route: number; stop_type: string; waste_area_id: number | null; area: string | null;
    collection_request_id: number | null; facility_id: number | null; facility: string | null; garage_id: number | null; garage: string | null;
    latitude: number | null; longitude: number | null; arrival_time: string; departure_time: string; volume_m3: string; load_m3: string;
    break_kind: 'lunch' | 'driving' | null; share: string; mass_kg: string; load_kg: string; bodies: string[] | null;
  }>(
    `SELECT s.id, s.route_id, s.order_in_route, s.stop_type, s.waste_area_id, w.location AS area, s.collection_request_id,
            s.waste_management_facility_id AS facility_id, f.name AS facility, s.garage_id, g.name AS garage, s.latitude, s.longitude,
            s.arrival_time::text, s.departure_time::text, s.volume_m3::text, s.load_m3::text,
            s.break_kind, s.share::text, s.mass_kg::text, s.load_kg::text, NULLIF(s.bodies, '{}') AS bodies
       FROM schedule_route_stop s JOIN schedule_route r ON r.id = s.route_id
       LEFT JOIN waste_area w ON w.id = s.waste_area_id
       LEFT JOIN waste_management_facility f ON f.id = s.waste_management_facility_id
       LEFT JOIN garage g ON g.id = s.garage_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY s.route_id, s.order_in_route`,
    [scheduleId, workDate],
  )).rows;
  const out: DayRoutesRow['routes'] = routes.map((r) => {
    const own = stops.filter((s) => s.route_id === r.id);
    const fits = (bodies: string[] | null) => bodies === null || r.loading === null || bodies.includes(r.loading);
    const siteKeys = new Set(own.filter((s) => s.stop_type === 'WASTE_AREA').map((s) => `${s.waste_area_id}/${s.collection_request_id}`));
    return {
      id: r.id, number: r.number, vehicle: ref(r.vehicle_id, r.plate), garage: ref(r.garage_id, r.garage),
      distance_m: r.distance_m, duration_s: r.duration_s, unloads: r.unloads, volume_m3: r.volume_m3, capacity_m3: r.capacity_m3, feasible: r.feasible,
      violations: r.violations.map((code) => ({ code, label: VIOLATION_LABELS[code as ViolationCode] ?? code })),
      crew: r.crew, loading: r.loading, payload_kg: r.payload_kg, mass_kg: r.mass_kg,
      compatible: own.every((s) => s.stop_type !== 'WASTE_AREA' || fits(s.bodies)),
      shift: {
        start: own[0]?.departure_time ?? '00:00:00', end: own.at(-1)?.arrival_time ?? '00:00:00', duration_s: r.duration_s, driving_s: r.driving_s,
        breaks: own.filter((s) => s.stop_type === 'LUNCH_BREAK').map((s) => ({ start: s.arrival_time, end: s.departure_time, kind: s.break_kind ?? 'lunch' })),
      },
      // a site served in several trips counts once
      stops_count: siteKeys.size,
      stops: own.map((s) => ({
        id: s.id, order_in_route: s.order_in_route, stop_type: s.stop_type, waste_area: ref(s.waste_area_id, s.area),
        collection_request: s.collection_request_id, waste_management_facility: ref(s.facility_id, s.facility), garage: ref(s.garage_id, s.garage),
        coordinates: s.latitude != null && s.longitude != null ? { lat: Number(s.latitude.toFixed(6)), lng: Number(s.longitude.toFixed(6)) } : null,
        arrival_time: s.arrival_time, departure_time: s.departure_time, volume_m3: s.volume_m3, load_m3: s.load_m3,
        break_kind: s.break_kind, share: s.share, mass_kg: s.mass_kg, load_kg: s.load_kg, bodies: s.bodies,
        compatible: s.stop_type !== 'WASTE_AREA' || fits(s.bodies),
      })),
    };
  });
  const unplanned = (await pool.query<{ id: number; waste_area_id: number | null; area: string | null; collection_request_id: number | null; reason: UnplannedReason; detail: string }>(
    `SELECT u.id, u.waste_area_id, w.location AS area, u.collection_request_id, u.reason, u.detail
       FROM schedule_unplanned u LEFT JOIN waste_area w ON w.id = u.waste_area_id
      WHERE u.schedule_id = $1 AND u.work_date = $2::date ORDER BY u.id`,
    [scheduleId, workDate],
  )).rows;
  const plans = (await pool.query<DayRoutesRow['plans'][number]>(
    `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, mode, distance_m, vehicles, shifts, unloads, sites,
            unplanned, shifts_s, longest_shift_s, driving_s, travel_source
       FROM schedule_plan_run WHERE schedule_id = $1 AND work_date = $2::date ORDER BY id DESC LIMIT 10`,
    [scheduleId, workDate],
  )).rows;
  const first = routes[0];
  return {
    schedule_id: scheduleId,
    work_date: workDate,
    travel: first ? { source: first.travel_source, detour_factor: first.detour_factor, speed_kmh: first.speed_kmh } : null,
    totals: {
      distance_m: out.reduce((a, r) => a + r.distance_m, 0),
      duration_s: out.reduce((a, r) => a + r.duration_s, 0),
      vehicles: new Set(out.filter((r) => r.stops_count > 0).map((r) => r.vehicle?.id ?? -r.id)).size,
      unloads: out.reduce((a, r) => a + r.unloads, 0),
      sites: out.reduce((a, r) => a + r.stops_count, 0),
      infeasible_routes: out.filter((r) => !r.feasible).length,
      shifts: out.filter((r) => r.stops_count > 0).length,
      longest_shift_s: out.reduce((a, r) => Math.max(a, r.duration_s), 0),
      driving_s: out.reduce((a, r) => a + r.shift.driving_s, 0),
      unplanned: unplanned.length,
    },
    routes: out,
    unplanned: unplanned.map((u) => ({
      id: u.id, waste_area: ref(u.waste_area_id, u.area), collection_request: u.collection_request_id, reason: u.reason,
      reason_label: UNPLANNED_LABELS[u.reason], detail: u.detail,
    })),
    plans,
  };
}
