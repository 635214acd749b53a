/**
 * Day planning jobs (issue 10 §4): the handler of `plan-day` (QUEUE_PLANNING, PlanDayJobSchema), runs
 * @tko/planning/store planScheduleDay (load the schedule's day → solve → save as that date's
 * routes) and reports progress 0–100 on the job and live to its owner (progress.ts), then its end
 * (`completed`; `completed_with_warnings` with its remarks when sites were left out — «выполнено с
 * замечаниями»; or `failed` with the Russian reason once no retry is left) on `/topic/jobs.{id}`. A job whose
 * input cannot be planned (no vehicle with a located garage, no facility) fails at once with the
 * Russian reason (UnrecoverableError: no retry); the status call shows it.
 */
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import type { Pool } from 'pg';
import { PLAN_SEARCH_SECONDS_DEFAULT, PlanDayJobSchema } from '@tko/contract';
import type { PlanDayJob } from '@tko/contract';
import { PlanInputError, planScheduleDay } from '@tko/planning/store';
import type { PlanDayResult } from '@tko/planning/store';
import type { RealtimePublisher } from '@tko/realtime';
import { progressReporter, publishJobProgress } from './progress';

/** The failure text of a planning job that failed for a reason other than its input. */
export const PLAN_FAILED = 'Маршруты не построены. Повторите попытку.';

/** The processor (also run in-process by the API tests). */
export function planDayProcessor(pool: Pool, publisher?: RealtimePublisher) {
  return async (job: Job<PlanDayJob>): Promise<PlanDayResult> => {
    const data = PlanDayJobSchema.parse(job.data);
    const report = publisher ? progressReporter(job, publisher, data.user_id) : (p: number) => job.updateProgress(p);
    try {
      const result = await planScheduleDay(pool, data.schedule_id, data.work_date, (p) => report(p), {
        mode: data.mode, balanceShifts: data.balance_shifts, vehicleCostKm: data.vehicle_cost_km,
        searchSeconds: data.search_seconds ?? PLAN_SEARCH_SECONDS_DEFAULT, seed: data.seed,
      });
      if (publisher) {
        await publishJobProgress(publisher, data.user_id, result.warnings.length > 0
          ? { id: job.id!, state: 'completed_with_warnings', progress: 100, warnings: result.warnings }
          : { id: job.id!, state: 'completed', progress: 100 });
      }
      return result;
    } catch (e) {
      if (e instanceof PlanInputError) {
        if (publisher) await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'failed', progress: 0, error: e.message });
        throw new UnrecoverableError(e.message);
      }
      throw e;
    }
  };
}

/**
 * The `failed` listener of planning: the last attempt of a job that failed for another reason
 * than its input (that one is told by the processor) is told to its owner with PLAN_FAILED.
 */
export function planFailureHandler(publisher: RealtimePublisher) {
  return async (job: Job | undefined, e: Error): Promise<void> => {
    const owner = (job?.data as { user_id?: unknown } | undefined)?.user_id;
    const last = job ? job.attemptsMade >= (job.opts.attempts ?? 1) : false;
    if (job?.id && typeof owner === 'number' && last && !(e instanceof UnrecoverableError) && e.name !== 'UnrecoverableError') {
      await publishJobProgress(publisher, owner, { id: job.id, state: 'failed', progress: typeof job.progress === 'number' ? job.progress : 0, error: PLAN_FAILED });
    }
  };
}
