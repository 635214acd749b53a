/**
 * Plans one schedule's work date and saves it (the queued job's body, apps/worker
 * planning-worker.ts): load → solve → save. `onProgress(percent 0–100)`.
 *
 * Mode `keep_assignment` keeps the current truck → sites assignment: the date's saved routes when
 * there are any, else the registry's vehicle_waste_area links (the plan's own assignment); each
 * truck's own sites are only re-sequenced (solve.ts `keepAssignment`).
 *
 * The result counts the sites not planned by reason and says so in Russian (`warnings`): the job
 * then ends «выполнено с замечаниями», never plainly «выполнено».
 */
import type { Pool } from 'pg';
import { solvePlanAsync, type SolveOptions } from '../solve';
import { UNPLANNED_LABELS } from '../violations';
import type { UnplannedReason } from '../types';
import { loadDayInstance, type LoadedInstance } from './load-instance';
import { saveDayPlan, unplannedRows, type PlanMode } from './save-routes';

export interface PlanDayOptions {
  mode?: PlanMode;
  /** Even out the shifts' lengths (cost.ts balanceM = BALANCE_M). */
  balanceShifts?: boolean;
  /** Fixed cost of each truck used, km of driving. */
  vehicleCostKm?: number;
  /**
   * Time limit of the route search, s (solve.ts `hgsSeconds`; default 0: the construction only).
   * The search also ends after SEARCH_MAX_STALL generations without a better plan.
   */
  searchSeconds?: number;
  /** Seed of the search (default 1): the same seed and data give the same plan when the search ends by its stall rule. */
  seed?: number;
}

/** Weight of the shift balance: 2 km per (shift hour)² — a 12 h + 4 h pair costs 64 km more than 8 h + 8 h. */
export const BALANCE_M = 2000;

export interface PlanDayResult {
  routes: number;
  sites: number;
  unserved: number;
  /** Not planned, by reason (NO_COMPATIBLE_VEHICLE, WINDOW_UNREACHABLE, FLEET_TOO_SMALL, NO_COORDINATES). */
  unplanned: Partial<Record<UnplannedReason, number>>;
  /** Russian remarks (empty when everything was planned). */
  warnings: string[];
  distance_m: number;
  unloads: number;
  longest_shift_s: number;
  mode: PlanMode;
  travel_source: string;
}

export async function planScheduleDay(
  pool: Pool, scheduleId: number, workDate: string, onProgress: (percent: number) => Promise<void> | void = () => undefined, options: PlanDayOptions = {},
): Promise<PlanDayResult> {
  const mode = options.mode ?? 'optimise';
  await onProgress(5);
  const loaded = await loadDayInstance(pool, scheduleId, workDate);
  await onProgress(20);
  // the solver's 0…1 as the job's 20…80 %, sent when the whole percent changes
  let sent = 20;
  const solve: SolveOptions = {
    balanceM: options.balanceShifts ? BALANCE_M : 0,
    vehicleCostM: (options.vehicleCostKm ?? 0) * 1000,
    hgsSeconds: options.searchSeconds ?? 0,
    seed: options.seed ?? 1,
    onProgress: (fraction) => {
      const percent = 20 + Math.floor(60 * fraction);
      if (percent <= sent) return;
      sent = percent;
      void Promise.resolve(onProgress(percent)).catch(() => undefined);
    },
    ...(mode === 'keep_assignment' ? { keepAssignment: await currentAssignment(pool, scheduleId, workDate, loaded) } : {}),
  };
  const result = await solvePlanAsync(loaded.instance, solve);
  await onProgress(80);
  await saveDayPlan(pool, scheduleId, workDate, loaded, result, mode);
  await onProgress(100);
  const rows = unplannedRows(loaded, result);
  const byReason: PlanDayResult['unplanned'] = {};
  for (const r of rows) byReason[r.reason as UnplannedReason] = (byReason[r.reason as UnplannedReason] ?? 0) + 1;
  const warnings = rows.length === 0 ? [] : [
    `Не запланировано площадок: ${rows.length} (${Object.entries(byReason).map(([k, n]) => `${UNPLANNED_LABELS[k as UnplannedReason]} — ${n}`).join(', ')}).`,
  ];
  return {
    routes: result.routes.length,
    sites: result.totals.sites,
    unserved: rows.length,
    unplanned: byReason,
    warnings,
    distance_m: Math.round(result.totals.distanceM),
    unloads: result.totals.unloads,
    longest_shift_s: Math.round(result.totals.longestShiftS ?? 0),
    mode,
    travel_source: loaded.instance.matrix.source,
  };
}

/** The current truck → sites assignment in instance indices: the date's routes, else vehicle_waste_area. */
async function currentAssignment(pool: Pool, scheduleId: number, workDate: string, loaded: LoadedInstance): Promise<NonNullable<SolveOptions['keepAssignment']>> {
  const byArea = new Map<number, number>();
  const byRequest = new Map<number, number>();
  loaded.keys.sites.forEach((k, i) => {
    if (k.wasteAreaId != null) byArea.set(k.wasteAreaId, i);
    if (k.requestId != null) byRequest.set(k.requestId, i);
  });
  const routes = (await pool.query<{ vehicle_id: number; crew: number; areas: (number | null)[]; requests: (number | null)[] }>(
    `SELECT r.vehicle_id, r.crew, array_agg(s.waste_area_id ORDER BY s.order_in_route) AS areas, array_agg(s.collection_request_id ORDER BY s.order_in_route) AS requests
       FROM schedule_route r JOIN schedule_route_stop s ON s.route_id = r.id AND s.stop_type = 'WASTE_AREA'
      WHERE r.schedule_id = $1 AND r.work_date = $2::date AND r.vehicle_id IS NOT NULL
      GROUP BY r.id ORDER BY r.number`,
    [scheduleId, workDate],
  )).rows;
  const source = routes.length > 0 ? routes : (await pool.query<{ vehicle_id: number; crew: number; areas: number[]; requests: null[] }>(
    `SELECT vw.vehicle_id, 0 AS crew, array_agg(vw.waste_area_id ORDER BY vw.waste_area_id) AS areas, '{}'::int[] AS requests
       FROM vehicle_waste_area vw JOIN schedule_vehicle sv ON sv.vehicle_id = vw.vehicle_id AND sv.schedule_id = $1
      GROUP BY vw.vehicle_id ORDER BY vw.vehicle_id`,
    [scheduleId],
  )).rows;
  const out: NonNullable<SolveOptions['keepAssignment']> = [];
  const taken = new Set<number>();
  for (const r of source) {
    const vehicle = loaded.keys.vehicles.indexOf(r.vehicle_id);
    if (vehicle < 0) continue;
    const sites = [...r.areas.map((a) => (a != null ? byArea.get(a) : undefined)), ...r.requests.map((q) => (q != null ? byRequest.get(q) : undefined))]
      .filter((s): s is number => s !== undefined && !taken.has(s));
    sites.forEach((s) => taken.add(s));
    out.push({ vehicle, crew: r.crew, sites: [...new Set(sites)] });
  }
  return out;
}
