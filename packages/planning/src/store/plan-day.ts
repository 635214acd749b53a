/**
 * Plans one schedule's work date and saves it (the queued job's body, apps/worker
 * planning-worker.ts): load → solve → save. `onProgress(percent 0–100)`.
 */
import type { Pool } from 'pg';
import { solvePlan } from '../solve';
import { loadDayInstance } from './load-instance';
import { saveDayPlan } from './save-routes';

export interface PlanDayResult {
  routes: number;
  sites: number;
  unserved: number;
  distance_m: number;
  unloads: number;
  travel_source: string;
}

export async function planScheduleDay(pool: Pool, scheduleId: number, workDate: string, onProgress: (percent: number) => Promise<void> | void = () => undefined): Promise<PlanDayResult> {
  await onProgress(5);
  const loaded = await loadDayInstance(pool, scheduleId, workDate);
  await onProgress(20);
  const progress: number[] = [];
  const result = solvePlan(loaded.instance, { onProgress: (f) => void progress.push(f) });
  await onProgress(80);
  await saveDayPlan(pool, scheduleId, workDate, loaded, result);
  await onProgress(100);
  return {
    routes: result.routes.length,
    sites: result.totals.sites,
    unserved: result.unserved.length,
    distance_m: Math.round(result.totals.distanceM),
    unloads: result.totals.unloads,
    travel_source: loaded.instance.matrix.source,
  };
}
