/**
 * Loads the planning instance of one schedule and work date from PostgreSQL:
 * - sites: the schedule's points whose waste area is due that date (periodicity, due.ts), with
 *   the point's containers (else the site's registry containers, else assumptions.ts), plus the
 *   collection requests put on the schedule for that date; each with its card's arrival/leave
 *   window, the bodies its containers need and the mass of its waste (bodies.ts); a due site or
 *   request without coordinates is not a site of the instance but comes back in `missing`;
 * - vehicles: the schedule's vehicles whose garage has coordinates, with their loading type,
 *   payload and crews; capacity = body_m3 × compression (lower bound of the range; the model's
 *   figures when the vehicle has none; no compression for a multilift or portal body);
 * - facilities: the schedule's facility when it has coordinates, else every current facility
 *   with coordinates (the nearest one is used for each unloading), with their opening hours;
 *   garages with theirs;
 * - the day: the schedule's arrival and leave times (the window, not a shift: rules.ts);
 * - travel: the road graph's costMatrix (@tko/db routing) when it covers every point, pairs it
 *   cannot connect and areas without a graph fall back to great-circle × detour (matrix.ts).
 * `only` (loadDayInstance) restricts it to some sites and vehicles (the card's move re-times two routes).
 * Throws PlanInputError (a Russian message, its field) when nothing can be planned.
 */
import type { Pool } from 'pg';
import { costMatrix } from '@tko/db';
import { carriesContainers, densityKgM3, siteBodies } from '../bodies';
import { isDue, parseIsoDate } from '../due';
import { greatCircleMatrix, nodePoints, tableMatrix } from '../matrix';
import type { LatLng, PlanInstance, PlanSite, TravelMatrix } from '../types';
import * as A from './assumptions';

export class PlanInputError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** What each instance index stands for in the database. */
export interface InstanceKeys {
  /** Per site: the waste area or the request it came from. */
  sites: { wasteAreaId: number | null; requestId: number | null }[];
  /** Per vehicle: vehicle id. */
  vehicles: number[];
  /** Per depot: garage id. */
  depots: number[];
  /** Per facility: waste_management_facility id. */
  facilities: number[];
}

export interface LoadedInstance {
  instance: PlanInstance;
  keys: InstanceKeys;
  /** Due sites and requests without coordinates (unplanned: NO_COORDINATES). */
  missing: InstanceKeys['sites'];
}

/** Restricts the loader to these sites (due or not) and vehicles. */
export interface LoadOnly {
  wasteAreaIds: number[];
  requestIds: number[];
  vehicleIds?: number[];
}

const toSeconds = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
};

/** Loads schedule `scheduleId` for `workDate` (YYYY-MM-DD); `only`: just these sites (due or not) and vehicles. */
export async function loadDayInstance(pool: Pool, scheduleId: number, workDate: string, only?: LoadOnly): Promise<LoadedInstance> {
  const schedule = await scheduleDay(pool, scheduleId);
  const dayWindow = { openS: schedule.shift.startS, closeS: schedule.shift.endS };

  const points = (await pool.query<{
    waste_area_id: number; lat: number | null; lng: number | null; periodicity: string | null; weekdays: number[]; dates: string[]; monthdays: number[];
    amount: number | null; volume: string | null; type: string | null; arrival: string | null; leave: string | null;
    reg: { type: string | null; volume: string; loading: string | null }[] | null;
  }>(
    `SELECT p.waste_area_id, ST_Y(w.coordinates) AS lat, ST_X(w.coordinates) AS lng, w.periodicity,
            w.periodicity_on_weekdays AS weekdays, w.periodicity_on_dates::text[] AS dates, w.periodicity_on_monthdays AS monthdays,
            p.container_amount AS amount, p.container_volume::text AS volume, p.container_type AS type,
            w.arrival_time::text AS arrival, w.leave_time::text AS leave,
            (SELECT json_agg(json_build_object('type', c.type, 'volume', c.volume::text, 'loading', c.loading) ORDER BY c.id)
               FROM waste_area_container c WHERE c.waste_area_id = w.id) AS reg
       FROM schedule_point p JOIN waste_area w ON w.id = p.waste_area_id
      WHERE p.schedule_id = $1 AND ($2::int[] IS NULL OR p.waste_area_id = ANY($2::int[]))
      ORDER BY p.id`,
    [scheduleId, only?.wasteAreaIds ?? null],
  )).rows;
  const date = parseIsoDate(workDate);
  const sites: PlanInstance['sites'] = [];
  const siteKeys: InstanceKeys['sites'] = [];
  const missing: InstanceKeys['sites'] = [];
  const seen = new Set<number>();
  for (const p of points) {
    if (seen.has(p.waste_area_id)) continue;
    if (!only && !isDue({ periodicity: p.periodicity, weekdays: p.weekdays, dates: p.dates, monthdays: p.monthdays }, date)) continue;
    seen.add(p.waste_area_id);
    if (p.lat == null || p.lng == null) {
      missing.push({ wasteAreaId: p.waste_area_id, requestId: null });
      continue;
    }
    const containers: ContainerGroup[] = p.amount != null && p.volume != null
      ? [{ count: p.amount, m3: Number(p.volume), type: p.type, loading: null }]
      : p.reg && p.reg.length > 0 ? p.reg.map((c) => ({ count: 1, m3: Number(c.volume), type: c.type, loading: c.loading }))
        : [{ count: A.DEFAULT_CONTAINERS, m3: A.DEFAULT_CONTAINER_M3, type: p.type, loading: null }];
    const window = p.arrival != null && p.leave != null ? { openS: toSeconds(p.arrival), closeS: toSeconds(p.leave) } : dayWindow;
    sites.push({ id: p.waste_area_id, point: { lat: p.lat, lng: p.lng }, ...siteLoad(containers), window });
    siteKeys.push({ wasteAreaId: p.waste_area_id, requestId: null });
  }
  const requests = (await pool.query<{ id: number; lat: number | null; lng: number | null; amount: number | null; volume: string | null; type: string | null; loading: string | null }>(
    `SELECT id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, container_amount AS amount, container_volume::text AS volume,
            container_type AS type, loading
       FROM collection_request
      WHERE schedule_id = $1 AND schedule_date = $2::date AND status <> 'COMPLETED' AND ($3::int[] IS NULL OR id = ANY($3::int[]))
      ORDER BY id`,
    [scheduleId, workDate, only ? only.requestIds : null],
  )).rows;
  for (const r of requests) {
    if (r.lat == null || r.lng == null) {
      missing.push({ wasteAreaId: null, requestId: r.id });
      continue;
    }
    const group = { count: r.amount ?? A.DEFAULT_CONTAINERS, m3: r.volume != null ? Number(r.volume) : A.DEFAULT_CONTAINER_M3, type: r.type, loading: r.loading };
    sites.push({ id: `request-${r.id}`, point: { lat: r.lat, lng: r.lng }, ...siteLoad([group]), window: dayWindow });
    siteKeys.push({ wasteAreaId: null, requestId: r.id });
  }

  const vehicles = (await pool.query<{
    id: number; garage_id: number; lat: number; lng: number; opening: string | null; closing: string | null;
    body: string | null; compression: string | null; loading: string | null; payload: number | null; crews: number;
  }>(
    `SELECT v.id, g.id AS garage_id, ST_Y(g.coordinates) AS lat, ST_X(g.coordinates) AS lng, g.opening_time::text AS opening, g.closing_time::text AS closing,
            COALESCE(v.body_m3, m.body_m3)::text AS body, COALESCE(v.compression_ratio_min, m.compression_min)::text AS compression,
            COALESCE(v.loading, m.loading, sv.loading[1]) AS loading, COALESCE(v.payload_kg, m.payload_kg) AS payload, v.crews
       FROM schedule_vehicle sv JOIN vehicle v ON v.id = sv.vehicle_id
       JOIN garage g ON g.id = v.garage_id AND g.coordinates IS NOT NULL
       LEFT JOIN vehicle_model m ON m.id = v.model_id
      WHERE sv.schedule_id = $1 AND ($2::int[] IS NULL OR v.id = ANY($2::int[]))
      ORDER BY sv.id`,
    [scheduleId, only?.vehicleIds ?? null],
  )).rows;
  const uniqueVehicles = [...new Map(vehicles.map((v) => [v.id, v])).values()];
  if (uniqueVehicles.length === 0) throw new PlanInputError('vehicles', 'В графике нет транспортных средств с гаражом, у которого указаны координаты.');
  const garageIds = [...new Set(uniqueVehicles.map((v) => v.garage_id))];
  const depots = garageIds.map((gid) => {
    const v = uniqueVehicles.find((x) => x.garage_id === gid)!;
    return { id: gid, point: { lat: v.lat, lng: v.lng }, ...hoursOf(v.opening, v.closing) };
  });

  const facilities = await allowedFacilities(pool, schedule.facilityId);

  const base = {
    sites,
    depots,
    facilities: facilities.map((f) => ({ id: f.id, point: { lat: f.lat, lng: f.lng }, ...hoursOf(f.opening, f.closing) })),
    vehicles: uniqueVehicles.map((v) => {
      const loading = v.loading ?? A.DEFAULT_LOADING;
      const body = v.body != null ? Number(v.body) : A.DEFAULT_BODY_M3;
      const compression = carriesContainers(loading) ? 1 : v.compression != null ? Number(v.compression) : A.DEFAULT_COMPRESSION;
      return {
        id: v.id, depot: garageIds.indexOf(v.garage_id), capacityM3: body * compression, loading, crews: v.crews,
        ...(v.payload != null ? { payloadKg: v.payload } : {}),
      };
    }),
    shift: schedule.shift,
  };
  const instance: PlanInstance = { ...base, matrix: await travelMatrix(pool, nodePoints(base)) };
  return {
    instance,
    keys: { sites: siteKeys, vehicles: uniqueVehicles.map((v) => v.id), depots: garageIds, facilities: facilities.map((f) => f.id) },
    missing,
  };
}

/** What a site's containers mean for the planner: m³ and kg of waste taken, service time, containers, the bodies that fit. */
interface ContainerGroup { count: number; m3: number; type: string | null; loading: string | null }

function siteLoad(groups: ContainerGroup[]): Pick<PlanSite, 'volumeM3' | 'massKg' | 'serviceS' | 'containers' | 'bodies'> {
  const count = groups.reduce((a, g) => a + g.count, 0);
  const volumeM3 = groups.reduce((a, g) => a + g.count * g.m3 * A.FILL_FACTOR, 0);
  const massKg = groups.reduce((a, g) => a + g.count * g.m3 * A.FILL_FACTOR * densityKgM3(g.type), 0);
  return { volumeM3, massKg, serviceS: Math.max(1, count) * A.SERVICE_PER_CONTAINER_S, containers: Math.max(1, count), bodies: siteBodies(groups) };
}

const hoursOf = (open: string | null, close: string | null) => (open != null && close != null ? { hours: { openS: toSeconds(open), closeS: toSeconds(close) } } : {});

/**
 * Where the vehicles of a schedule may unload: its own facility when that has coordinates, else
 * every current facility with coordinates. Throws PlanInputError when there is none.
 */
export async function allowedFacilities(pool: Pool, facilityId: number | null): Promise<{ id: number; lat: number; lng: number; opening: string | null; closing: string | null }[]> {
  const { rows } = await pool.query<{ id: number; lat: number; lng: number; opening: string | null; closing: string | null }>(
    facilityId != null
      ? `SELECT id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, opening_time::text AS opening, closing_time::text AS closing
           FROM waste_management_facility WHERE id = $1 AND coordinates IS NOT NULL`
      : `SELECT id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng, opening_time::text AS opening, closing_time::text AS closing FROM waste_management_facility
          WHERE coordinates IS NOT NULL AND stage = 'CURRENT' AND $1::int IS NULL ORDER BY id`,
    [facilityId],
  );
  if (rows.length === 0) throw new PlanInputError('waste_management_facility', 'Нет объекта обращения с отходами с координатами для выгрузки.');
  return rows;
}

/** The schedule's working day (arrival and leave times) and facility; PlanInputError when it does not exist. */
export async function scheduleDay(pool: Pool, scheduleId: number): Promise<{ shift: PlanInstance['shift']; facilityId: number | null }> {
  const row = (await pool.query<{ arrival: string; leave: string; facility_id: number | null }>(
    `SELECT arrival_time::text AS arrival, leave_time::text AS leave, waste_management_facility_id AS facility_id FROM schedule WHERE id = $1`,
    [scheduleId],
  )).rows[0];
  if (!row) throw new PlanInputError('id', 'График не найден.');
  return {
    shift: { startS: toSeconds(row.arrival), endS: toSeconds(row.leave), lunchAfterS: A.LUNCH_AFTER_S, lunchS: A.LUNCH_S, unloadS: A.UNLOAD_S },
    facilityId: row.facility_id,
  };
}

/**
 * Cheap checks before a plan is queued (the POST answers 400 at once instead of a failed job):
 * the schedule has a vehicle whose garage has coordinates, and a facility to unload at.
 * Throws PlanInputError on `vehicles` or `waste_management_facility`.
 */
export async function checkPlannable(pool: Pool, scheduleId: number): Promise<void> {
  const day = await scheduleDay(pool, scheduleId);
  const { rowCount } = await pool.query(
    `SELECT 1 FROM schedule_vehicle sv JOIN vehicle v ON v.id = sv.vehicle_id JOIN garage g ON g.id = v.garage_id
      WHERE sv.schedule_id = $1 AND g.coordinates IS NOT NULL LIMIT 1`,
    [scheduleId],
  );
  if (!rowCount) throw new PlanInputError('vehicles', 'В графике нет транспортных средств с гаражом, у которого указаны координаты.');
  await allowedFacilities(pool, day.facilityId);
}

/**
 * Road-graph times where the graph covers the points (B's costMatrix), else great-circle ×
 * detour. Any failure of the graph (none loaded, a point off it) means the fallback for all.
 */
export async function travelMatrix(pool: Pool, points: LatLng[]): Promise<TravelMatrix> {
  const fallback = greatCircleMatrix(points);
  if (points.length < 2) return fallback;
  try {
    const m = await costMatrix(pool, points.map((p) => [p.lng, p.lat] as [number, number]));
    const n = points.length;
    const dist = new Float64Array(n * n);
    const time = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        dist[i * n + j] = m.distances[i]![j] ?? Number.NaN;
        time[i * n + j] = m.durations[i]![j] ?? Number.NaN;
      }
    }
    return tableMatrix(n, dist, time, fallback);
  } catch {
    return fallback;
  }
}
