/**
 * What plan/fact compares, read from PostgreSQL for one schedule and work date (docs/TRACKING.md
 * «Plan and fact»):
 * - the due sites: those of the date's saved plan (WASTE_AREA stops of schedule_route, a site split
 *   over several stops or routes once), or, when no plan is saved, the schedule's points due that day
 *   by their periodicity (due.ts isDue, the rule the planner uses) and the collection requests put on
 *   the schedule for that date;
 * - each site's planned vehicles (its routes' vehicles; without a plan, its trucks in the route plan,
 *   vehicle_waste_area, among the schedule's), its window (the card's arrival/leave, else the
 *   schedule's), coordinates (the card's; a request's own) and own service radius;
 * - the planned routes with their totals and shift; the vehicles whose tracks are read (the
 *   schedule's and the routes'); the facilities where an unloading is looked for (the routes'
 *   facility stops and the schedule's facility);
 * - the other vehicles with positions that day (another schedule's or on none), whose stays at a due
 *   site make it served by an unplanned vehicle rather than missed.
 * The day is the region's (timeZone, e.g. Asia/Irkutsk): `dayStart` is its local midnight (ms).
 */
import type { Pool } from 'pg';
import { isDue, parseIsoDate } from '../due';

export interface FactSite {
  /** 'a{waste_area_id}' or 'r{collection_request_id}'. */
  key: string;
  wasteArea: { id: number; name: string } | null;
  requestId: number | null;
  lat: number | null;
  lng: number | null;
  radiusM: number | null;
  routeIds: number[];
  planned: { id: number; name: string }[];
  /** Local seconds of the day. */
  openS: number;
  closeS: number;
}

export interface FactRoute {
  id: number; number: number; crew: number; vehicle: { id: number; name: string } | null;
  distanceM: number; durationS: number; unloads: number; sites: string[];
  /** Local HH:MM:SS of leaving and returning. */
  start: string; end: string;
}

export interface FactDay {
  scheduleId: number;
  workDate: string;
  source: 'plan' | 'due';
  /** ms since the epoch of the work date's local 00:00 and of the next day's. */
  dayStart: number;
  dayEnd: number;
  sites: FactSite[];
  routes: FactRoute[];
  /** The schedule's and its routes' vehicles (id → plate). */
  vehicles: Map<number, string>;
  /** Other vehicles with positions that day (id → plate): their stays at the due sites count (served_unplanned). */
  unplanned: Map<number, string>;
  facilities: { id: number; name: string; lat: number; lng: number }[];
}

export const toSeconds = (t: string): number => {
  const [h, m, s] = t.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
};

const areaName = `COALESCE(w.name_waste_area, w.location, w.identifier, w.registry_number, '№ ' || w.id)`;

/** Reads the day; null when the schedule does not exist. */
export async function loadFactDay(pool: Pool, scheduleId: number, workDate: string, timeZone: string): Promise<FactDay | null> {
  const head = (await pool.query<{ arrival: string; leave: string; facility_id: number | null; day_start: Date; day_end: Date }>(
    `SELECT arrival_time::text AS arrival, leave_time::text AS leave, waste_management_facility_id AS facility_id,
            ($2::date)::timestamp AT TIME ZONE $3 AS day_start, ($2::date + 1)::timestamp AT TIME ZONE $3 AS day_end
       FROM schedule WHERE id = $1`, [scheduleId, workDate, timeZone])).rows[0];
  if (!head) return null;
  const dayOpen = toSeconds(head.arrival);
  const dayClose = toSeconds(head.leave);

  const routes = (await pool.query<{ id: number; number: number; crew: number; vehicle_id: number | null; plate: string | null; distance_m: number; duration_s: number; unloads: number }>(
    `SELECT r.id, r.number, r.crew, r.vehicle_id, v.license_plate AS plate, r.distance_m, r.duration_s, r.unloads
       FROM schedule_route r LEFT JOIN vehicle v ON v.id = r.vehicle_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY r.number`, [scheduleId, workDate])).rows;
  const stops = routes.length ? (await pool.query<{
    route_id: number; stop_type: string; waste_area_id: number | null; area: string | null; request_id: number | null; facility_id: number | null;
    lat: number | null; lng: number | null; radius: number | null; arrival: string | null; leave: string | null; arrival_time: string; departure_time: string;
  }>(
    `SELECT s.route_id, s.stop_type, s.waste_area_id, ${areaName} AS area, s.collection_request_id AS request_id, s.waste_management_facility_id AS facility_id,
            COALESCE(ST_Y(w.coordinates), s.latitude) AS lat, COALESCE(ST_X(w.coordinates), s.longitude) AS lng, w.service_radius_m AS radius,
            w.arrival_time::text AS arrival, w.leave_time::text AS leave, s.arrival_time::text, s.departure_time::text
       FROM schedule_route_stop s JOIN schedule_route r ON r.id = s.route_id LEFT JOIN waste_area w ON w.id = s.waste_area_id
      WHERE r.schedule_id = $1 AND r.work_date = $2::date ORDER BY r.number, s.order_in_route`, [scheduleId, workDate])).rows : [];

  const vehicles = new Map<number, string>();
  for (const v of (await pool.query<{ id: number; plate: string }>(
    `SELECT v.id, v.license_plate AS plate FROM schedule_vehicle sv JOIN vehicle v ON v.id = sv.vehicle_id WHERE sv.schedule_id = $1`, [scheduleId])).rows) {
    vehicles.set(v.id, v.plate);
  }
  for (const r of routes) if (r.vehicle_id !== null) vehicles.set(r.vehicle_id, r.plate ?? String(r.vehicle_id));
  const ref = (id: number) => ({ id, name: vehicles.get(id) ?? String(id) });

  const sites = new Map<string, FactSite>();
  const window = (arrival: string | null, leave: string | null) => (arrival !== null && leave !== null
    ? { openS: toSeconds(arrival), closeS: toSeconds(leave) } : { openS: dayOpen, closeS: dayClose });
  const factRoutes: FactRoute[] = routes.map((r) => {
    const own = stops.filter((s) => s.route_id === r.id);
    const keys: string[] = [];
    for (const s of own) {
      if (s.stop_type !== 'WASTE_AREA' || (s.waste_area_id === null && s.request_id === null)) continue;
      const key = s.waste_area_id !== null ? `a${s.waste_area_id}` : `r${s.request_id}`;
      if (!keys.includes(key)) keys.push(key);
      let site = sites.get(key);
      if (!site) {
        site = {
          key, wasteArea: s.waste_area_id !== null ? { id: s.waste_area_id, name: s.area ?? String(s.waste_area_id) } : null,
          requestId: s.waste_area_id === null ? s.request_id : null, lat: s.lat, lng: s.lng, radiusM: s.radius,
          routeIds: [], planned: [], ...window(s.arrival, s.leave),
        };
        sites.set(key, site);
      }
      if (!site.routeIds.includes(r.id)) site.routeIds.push(r.id);
      if (r.vehicle_id !== null && !site.planned.some((p) => p.id === r.vehicle_id)) site.planned.push(ref(r.vehicle_id));
    }
    return {
      id: r.id, number: r.number, crew: r.crew, vehicle: r.vehicle_id !== null ? ref(r.vehicle_id) : null,
      distanceM: r.distance_m, durationS: r.duration_s, unloads: r.unloads, sites: keys,
      start: own[0]?.departure_time ?? '00:00:00', end: own.at(-1)?.arrival_time ?? '00:00:00',
    };
  });

  if (!routes.length) await loadDueSites(pool, scheduleId, workDate, sites, window, ref, vehicles);

  // Any other truck that drove that day (another schedule's, or on none): its stays at the due sites
  // are services by an unplanned vehicle, not misses. One primary-key probe per vehicle.
  const unplanned = new Map<number, string>();
  for (const v of (await pool.query<{ id: number; plate: string }>(
    `SELECT v.id, v.license_plate AS plate FROM vehicle v
      WHERE NOT (v.id = ANY($1::int[]))
        AND EXISTS (SELECT 1 FROM vehicle_position p WHERE p.vehicle_id = v.id AND p.time >= $2 AND p.time < $3) ORDER BY v.id`,
    [[...vehicles.keys()], head.day_start, head.day_end])).rows) {
    unplanned.set(v.id, v.plate);
  }

  const facilityIds = new Set<number>(stops.filter((s) => s.facility_id !== null).map((s) => s.facility_id!));
  if (head.facility_id !== null) facilityIds.add(head.facility_id);
  const facilities = (await pool.query<{ id: number; name: string; lat: number; lng: number }>(
    `SELECT id, name, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng FROM waste_management_facility
      WHERE id = ANY($1::int[]) AND coordinates IS NOT NULL ORDER BY id`, [[...facilityIds]])).rows;

  return {
    scheduleId, workDate, source: routes.length ? 'plan' : 'due',
    dayStart: head.day_start.getTime(), dayEnd: head.day_end.getTime(),
    sites: [...sites.values()], routes: factRoutes, vehicles, unplanned, facilities,
  };
}

/** No saved plan: the schedule's points due that day (isDue) and the date's requests, with the sites' trucks of the route plan. */
async function loadDueSites(pool: Pool, scheduleId: number, workDate: string, sites: Map<string, FactSite>,
  window: (a: string | null, l: string | null) => { openS: number; closeS: number },
  ref: (id: number) => { id: number; name: string }, vehicles: Map<number, string>): Promise<void> {
  const points = (await pool.query<{
    id: number; name: string; lat: number | null; lng: number | null; radius: number | null; periodicity: string | null;
    weekdays: number[]; dates: string[]; monthdays: number[]; arrival: string | null; leave: string | null; trucks: number[];
  }>(
    `SELECT DISTINCT ON (w.id) w.id, ${areaName} AS name, ST_Y(w.coordinates) AS lat, ST_X(w.coordinates) AS lng, w.service_radius_m AS radius,
            w.periodicity, w.periodicity_on_weekdays AS weekdays, w.periodicity_on_dates::text[] AS dates, w.periodicity_on_monthdays AS monthdays,
            w.arrival_time::text AS arrival, w.leave_time::text AS leave,
            ARRAY(SELECT vw.vehicle_id FROM vehicle_waste_area vw WHERE vw.waste_area_id = w.id ORDER BY vw.vehicle_id) AS trucks
       FROM schedule_point p JOIN waste_area w ON w.id = p.waste_area_id WHERE p.schedule_id = $1 ORDER BY w.id`, [scheduleId])).rows;
  const date = parseIsoDate(workDate);
  for (const p of points) {
    if (!isDue({ periodicity: p.periodicity, weekdays: p.weekdays, dates: p.dates, monthdays: p.monthdays }, date)) continue;
    sites.set(`a${p.id}`, {
      key: `a${p.id}`, wasteArea: { id: p.id, name: p.name }, requestId: null, lat: p.lat, lng: p.lng, radiusM: p.radius,
      routeIds: [], planned: p.trucks.filter((v) => vehicles.has(v)).map(ref), ...window(p.arrival, p.leave),
    });
  }
  const requests = (await pool.query<{ id: number; lat: number | null; lng: number | null }>(
    `SELECT id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng FROM collection_request
      WHERE schedule_id = $1 AND schedule_date = $2::date ORDER BY id`, [scheduleId, workDate])).rows;
  for (const r of requests) {
    sites.set(`r${r.id}`, { key: `r${r.id}`, wasteArea: null, requestId: r.id, lat: r.lat, lng: r.lng, radiusM: null, routeIds: [], planned: [], ...window(null, null) });
  }
}
