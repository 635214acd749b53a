/**
 * Reads a planned day for the day simulator from the database (docs/TRACKING.md «Day simulator»):
 * the schedules' routes of the work date as `GET /api/fleet/schedules/{id}/routes/{date}/` answers
 * them (@tko/planning/store readDayRoutes), the trucks' Wialon identifiers
 * (vehicle.external_identifier; the routes of one truck — two crews — merged in time order), and the due sites — every site stop of the routes plus the sites
 * the plan left out — with their point, service radius (the site's `service_radius_m`, else the
 * default) and window (the site's arrival/leave times, else the schedule's: the planner's rule,
 * load-instance.ts). The work date's local midnight is computed by PostgreSQL in `timeZone`
 * (REGION_TIME_ZONE, default Asia/Irkutsk), as the product reads a work date.
 * Throws an Error naming the schedule when it does not exist or has no routes on the date.
 */
import type { Pool } from 'pg';
import { hasRoadGraph, trip, TripError } from '@tko/db';
import { readDayRoutes, scheduleDay } from '@tko/planning/store';
import { setTrackerPassword } from '../simulator';
import type { DayRoute, DayStop, DayStopKind, DueSite, SimDay } from './day-types';

const seconds = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
};

/** The day of `scheduleIds` on `workDate` (YYYY-MM-DD). */
export async function loadSimDay(pool: Pool, scheduleIds: readonly number[], workDate: string, o: { radiusM: number; timeZone: string }): Promise<SimDay> {
  const midnightMs = (await pool.query<{ t: Date }>('SELECT ($1::date)::timestamp AT TIME ZONE $2 AS t', [workDate, o.timeZone])).rows[0]!.t.getTime();
  const routes: DayRoute[] = [];
  const planned = new Map<number, { scheduleId: number; vehicleId: number | null; window: { openS: number; closeS: number } }>();
  for (const scheduleId of scheduleIds) {
    const window = (await scheduleDay(pool, scheduleId).catch(() => { throw new Error(`schedule ${scheduleId} not found`); })).shift;
    const day = await readDayRoutes(pool, scheduleId, workDate);
    if (day.routes.length === 0) throw new Error(`schedule ${scheduleId} has no routes on ${workDate}: plan the date first (POST /api/fleet/schedules/${scheduleId}/plan/{DD.MM.YYYY}/)`);
    for (const r of day.routes) {
      if (!r.vehicle) throw new Error(`route ${r.id} of schedule ${scheduleId} has no vehicle`);
      const stops: DayStop[] = r.stops.map((s) => ({
        kind: s.stop_type as DayStopKind, siteId: s.waste_area?.id ?? null,
        lat: s.coordinates?.lat ?? null, lng: s.coordinates?.lng ?? null,
        arrivalS: seconds(s.arrival_time), departureS: seconds(s.departure_time),
      }));
      // A two-crew truck's second shift continues its first: one truck, one track.
      const same = routes.find((x) => x.vehicleId === r.vehicle!.id);
      if (same) same.stops = [...same.stops, ...stops].sort((a, b) => a.arrivalS - b.arrivalS);
      else routes.push({ routeId: r.id, scheduleId, vehicleId: r.vehicle.id, plate: r.vehicle.name, imei: null, stops });
      for (const s of stops) if (s.kind === 'WASTE_AREA' && s.siteId !== null && !planned.has(s.siteId)) planned.set(s.siteId, { scheduleId, vehicleId: r.vehicle.id, window: { openS: window.startS, closeS: window.endS } });
    }
    for (const u of day.unplanned) if (u.waste_area && !planned.has(u.waste_area.id)) planned.set(u.waste_area.id, { scheduleId, vehicleId: null, window: { openS: window.startS, closeS: window.endS } });
  }
  const ids = (await pool.query<{ id: number; external_identifier: string | null }>('SELECT id, external_identifier FROM vehicle WHERE id = ANY($1::int[])', [routes.map((r) => r.vehicleId)])).rows;
  const imei = new Map(ids.map((v) => [v.id, v.external_identifier]));
  for (const r of routes) r.imei = imei.get(r.vehicleId) ?? null;
  const rows = (await pool.query<{ id: number; name: string; lat: number | null; lng: number | null; radius: number | null; arrival: string | null; leave: string | null }>(
    `SELECT id, COALESCE(name_waste_area, location) AS name, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, service_radius_m AS radius,
            arrival_time::text AS arrival, leave_time::text AS leave
       FROM waste_area WHERE id = ANY($1::int[]) ORDER BY id`, [[...planned.keys()]])).rows;
  const sites: DueSite[] = [];
  for (const w of rows) {
    if (w.lat === null || w.lng === null) continue; // no point: nothing can prove it served; the truth lists only located sites
    const p = planned.get(w.id)!;
    sites.push({
      id: w.id, name: w.name ?? String(w.id), scheduleId: p.scheduleId, lat: w.lat, lng: w.lng, radiusM: w.radius ?? o.radiusM,
      window: w.arrival !== null && w.leave !== null ? { openS: seconds(w.arrival), closeS: seconds(w.leave) } : p.window,
      plannedVehicleId: p.vehicleId,
    });
  }
  return { workDate, midnightMs, routes, sites };
}

/**
 * Road paths of every leg between consecutive located stops, [lat, lng][] keyed `${routeId}:${stopIndex}`
 * (the leg arriving at that stop) — from the loaded road graph (@tko/db trip, the truck profile);
 * empty when no graph is loaded; a leg the graph cannot route stays straight (counted in `straight`).
 */
export async function roadLegs(pool: Pool, day: SimDay): Promise<{ legs: Map<string, [number, number][]>; straight: number }> {
  const legs = new Map<string, [number, number][]>();
  let straight = 0;
  if (!(await hasRoadGraph(pool))) return { legs, straight };
  for (const r of day.routes) {
    let prev: DayStop | null = null;
    for (const [i, s] of r.stops.entries()) {
      if (s.lat === null || s.lng === null) continue;
      if (prev) {
        try {
          const a = await trip(pool, [[prev.lng!, prev.lat!], [s.lng, s.lat]], { roundtrip: false, source: 'first', destination: 'last', geometries: 'geojson', overview: 'full' });
          const g = a.trips[0]?.geometry;
          if (g && typeof g !== 'string') legs.set(`${r.routeId}:${i}`, g.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]));
          else straight++;
        } catch (e) {
          if (!(e instanceof TripError)) throw e;
          straight++;
        }
      }
      prev = s;
    }
  }
  return { legs, straight };
}

/**
 * For a demo or test database only: gives each truck of the day without a Wialon identifier one
 * (`SIM` + vehicle id) and sets `password` as every such truck's tracker password (argon2id, as the
 * card does). Answers how many trucks were changed. A running receiver sees them after its directory refresh.
 */
export async function provisionTrackers(pool: Pool, day: SimDay, password: string): Promise<number> {
  let n = 0;
  for (const r of day.routes) {
    if (!r.imei) {
      r.imei = `SIM${r.vehicleId}`;
      await pool.query('UPDATE vehicle SET external_identifier = $2 WHERE id = $1', [r.vehicleId, r.imei]);
    }
    await setTrackerPassword(pool, r.vehicleId, password);
    n++;
  }
  return n;
}
