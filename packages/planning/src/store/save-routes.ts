/**
 * Writes planned routes as a schedule's routes of a work date (tables schedule_route,
 * schedule_route_stop, schedule_unplanned, schedule_plan_run; migrations
 * 20261125040000_schedule_routes, 20261127010000_planning_model): `saveDayPlan` replaces the whole
 * date in one transaction — routes, the unplanned sites with their reasons — and records the run's
 * totals; `writeRoute` (re)writes one route's totals and stops.
 */
import type { Pool, PoolClient } from 'pg';
import type { PlanInstance, PlannedRoute, PlanResult, TravelMatrix, UnplannedSite } from '../types';
import type { InstanceKeys, LoadedInstance } from './load-instance';

/** How the plan was made: from scratch, or keeping the current truck → sites assignment. */
export type PlanMode = 'optimise' | 'keep_assignment';

/** Seconds since midnight → 'HH:MM:SS' (capped at 23:59:59: a TIME column has no next day). */
export function secondsToTime(s: number): string {
  const t = Math.max(0, Math.min(86399, Math.round(s)));
  return [Math.floor(t / 3600), Math.floor((t % 3600) / 60), t % 60].map((x) => String(x).padStart(2, '0')).join(':');
}

const travelColumns = (m: TravelMatrix) => [m.source, m.detourFactor ?? null, m.speedKmh ?? null];

/** Updates route `routeId`'s totals and replaces its stops with `route`'s. */
export async function writeRoute(db: PoolClient, routeId: number, inst: PlanInstance, keys: InstanceKeys, route: PlannedRoute): Promise<void> {
  const vehicle = inst.vehicles[route.vehicle]!;
  const volume = route.sites.reduce((a, s) => a + inst.sites[s]!.volumeM3, 0);
  const mass = route.sites.reduce((a, s) => a + (inst.sites[s]!.massKg ?? 0), 0);
  await db.query(
    `UPDATE schedule_route SET vehicle_id = $2, garage_id = $3, distance_m = $4, duration_s = $5, unloads = $6, volume_m3 = $7,
            capacity_m3 = $8, feasible = $9, travel_source = $10, detour_factor = $11, speed_kmh = $12, crew = $13, driving_s = $14,
            violations = $15, mass_kg = $16, payload_kg = $17, loading = $18, updated_at = now()
      WHERE id = $1`,
    [routeId, keys.vehicles[route.vehicle], keys.depots[vehicle.depot], Math.round(route.distanceM), Math.round(route.endS - (route.startS ?? inst.shift.startS)),
      route.unloads, volume.toFixed(3), vehicle.capacityM3.toFixed(3), route.feasible, ...travelColumns(inst.matrix), route.crew ?? 0,
      Math.round(route.drivingS ?? 0), route.violations ?? [], mass.toFixed(1), vehicle.payloadKg ?? null, vehicle.loading ?? null],
  );
  await db.query('DELETE FROM schedule_route_stop WHERE route_id = $1', [routeId]);
  const cols = {
    order: [] as number[], type: [] as string[], area: [] as (number | null)[], request: [] as (number | null)[], facility: [] as (number | null)[],
    garage: [] as (number | null)[], lat: [] as (number | null)[], lng: [] as (number | null)[], volume: [] as string[], service: [] as number[],
    arrival: [] as string[], departure: [] as string[], load: [] as string[], breakKind: [] as (string | null)[], share: [] as string[],
    mass: [] as string[], loadKg: [] as string[], bodies: [] as string[],
  };
  route.stops.forEach((stop, k) => {
    const site = stop.type === 'WASTE_AREA' ? inst.sites[stop.index!]! : null;
    const point = site?.point
      ?? (stop.type === 'GARAGE' ? inst.depots[stop.index!]!.point : stop.type === 'WASTE_MANAGEMENT_FACILITY' ? inst.facilities[stop.index!]!.point : null);
    cols.order.push(k + 1);
    cols.type.push(stop.type);
    cols.area.push(site ? keys.sites[stop.index!]!.wasteAreaId : null);
    cols.request.push(site ? keys.sites[stop.index!]!.requestId : null);
    cols.facility.push(stop.type === 'WASTE_MANAGEMENT_FACILITY' ? keys.facilities[stop.index!]! : null);
    cols.garage.push(stop.type === 'GARAGE' ? keys.depots[stop.index!]! : null);
    cols.lat.push(point?.lat ?? null);
    cols.lng.push(point?.lng ?? null);
    const share = site ? stop.share ?? 1 : 1;
    cols.volume.push(((site?.volumeM3 ?? 0) * share).toFixed(3));
    cols.service.push(Math.round((site?.serviceS ?? 0) * share));
    cols.breakKind.push(stop.breakKind ?? null);
    cols.share.push(share.toFixed(6));
    cols.mass.push(((site?.massKg ?? 0) * share).toFixed(1));
    cols.loadKg.push((stop.loadKg ?? 0).toFixed(1));
    cols.bodies.push(site?.bodies ? `{${site.bodies.join(',')}}` : '{}'); // empty = any body
    cols.arrival.push(secondsToTime(stop.arrivalS));
    cols.departure.push(secondsToTime(stop.departureS));
    cols.load.push(stop.loadM3.toFixed(3));
  });
  await db.query(
    `INSERT INTO schedule_route_stop (route_id, order_in_route, stop_type, waste_area_id, collection_request_id, waste_management_facility_id,
            garage_id, latitude, longitude, volume_m3, service_s, arrival_time, departure_time, load_m3, break_kind, share, mass_kg, load_kg, bodies)
     SELECT $1, o, t, a, q, f, g, la, ln, v, sv, ar, de, l, bk, sh, m, lk, b::text[]
       FROM unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::float8[], $9::float8[],
            $10::numeric[], $11::int[], $12::time[], $13::time[], $14::numeric[], $15::text[], $16::numeric[], $17::numeric[], $18::numeric[], $19::text[])
            AS u(o, t, a, q, f, g, la, ln, v, sv, ar, de, l, bk, sh, m, lk, b)`,
    [routeId, cols.order, cols.type, cols.area, cols.request, cols.facility, cols.garage, cols.lat, cols.lng, cols.volume, cols.service,
      cols.arrival, cols.departure, cols.load, cols.breakKind, cols.share, cols.mass, cols.loadKg, cols.bodies],
  );
}

/** Every site of the day not planned: the solver's with their reasons, and those without coordinates. */
export function unplannedRows(loaded: LoadedInstance, result: PlanResult): { wasteAreaId: number | null; requestId: number | null; reason: string; detail: string }[] {
  const solver: UnplannedSite[] = result.unplanned ?? result.unserved.map((site) => ({ site, reason: 'FLEET_TOO_SMALL', detail: 'Не хватило машин.' }));
  return [
    ...solver.map((u) => ({ ...loaded.keys.sites[u.site]!, reason: u.reason, detail: u.detail })),
    ...loaded.missing.map((k) => ({ ...k, reason: 'NO_COORDINATES', detail: 'У площадки нет координат: её нельзя поставить в маршрут.' })),
  ];
}

/**
 * Replaces every route of (schedule, date) with `result`'s, numbered 1, 2, … in their order, and
 * the date's unplanned sites; appends the run's totals to schedule_plan_run.
 */
export async function saveDayPlan(pool: Pool, scheduleId: number, workDate: string, loaded: LoadedInstance, result: PlanResult, mode: PlanMode = 'optimise'): Promise<number[]> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    await db.query('DELETE FROM schedule_route WHERE schedule_id = $1 AND work_date = $2::date', [scheduleId, workDate]);
    await db.query('DELETE FROM schedule_unplanned WHERE schedule_id = $1 AND work_date = $2::date', [scheduleId, workDate]);
    const unplanned = unplannedRows(loaded, result);
    await db.query(
      `INSERT INTO schedule_unplanned (schedule_id, work_date, waste_area_id, collection_request_id, reason, detail)
       SELECT $1, $2::date, * FROM unnest($3::int[], $4::int[], $5::text[], $6::text[])`,
      [scheduleId, workDate, unplanned.map((u) => u.wasteAreaId), unplanned.map((u) => u.requestId), unplanned.map((u) => u.reason), unplanned.map((u) => u.detail)],
    );
    const t = result.totals;
    await db.query(
      `INSERT INTO schedule_plan_run (schedule_id, work_date, mode, distance_m, vehicles, shifts, unloads, sites, unplanned, shifts_s, longest_shift_s, driving_s, travel_source)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [scheduleId, workDate, mode, Math.round(t.distanceM), t.vehicles, result.routes.length, t.unloads, t.sites, unplanned.length,
        Math.round(t.shiftsS ?? 0), Math.round(t.longestShiftS ?? 0), Math.round(t.drivingS ?? 0), loaded.instance.matrix.source],
    );
    const ids: number[] = [];
    for (const [k, route] of result.routes.entries()) {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO schedule_route (schedule_id, work_date, number) VALUES ($1, $2::date, $3) RETURNING id',
        [scheduleId, workDate, k + 1],
      );
      await writeRoute(db, rows[0]!.id, loaded.instance, loaded.keys, route);
      ids.push(rows[0]!.id);
    }
    await db.query('COMMIT');
    return ids;
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}
