/**
 * The `plan-fact-recompute` job (contract jobs/definitions.ts; docs/TRACKING.md «Plan and fact»):
 * computes and stores plan/fact of one (schedule, work date) (@tko/planning plan-fact), then
 * publishes the date's counts per status and the sites whose status changed on
 * DESTINATIONS.planFact(scheduleId) (contract PlanFactMessageSchema). The position ingest enqueues
 * it (deduplicated per schedule and date while one waits), so statuses follow the positions
 * without an end-of-day batch. Tracking parameters: the TRACKING_* settings; the day: REGION_TIME_ZONE.
 * The job's result: the counts, or `{ skipped }` with the reason when the schedule no longer exists.
 */
import type { Job } from 'bullmq';
import type { PlanFactJob, PlanFactMessage, PlanFactTotals } from '@tko/contract';
import { DESTINATIONS } from '@tko/contract';
import type { Domain } from '@tko/db';
import { outlierOptionsOf, regionTimeZone, trackingSettings, tripOptionsOf, visitOptionsOf } from '@tko/db';
import { computePlanFact } from '@tko/planning/plan-fact';

export function planFactProcessor(domain: Domain) {
  const settings = trackingSettings();
  const timeZone = regionTimeZone();
  return async (job: Job<PlanFactJob>): Promise<PlanFactTotals | { skipped: string }> => {
    const { schedule_id, work_date } = job.data;
    const r = await computePlanFact(domain.pool, schedule_id, work_date, {
      timeZone, visits: visitOptionsOf(settings), trips: tripOptionsOf(settings), outliers: outlierOptionsOf(settings), now: domain.clock().getTime(),
    });
    if (!r) return { skipped: `Графика ${schedule_id} нет.` };
    const body: PlanFactMessage = { schedule_id, date: r.answer.date, computed_at: r.answer.computed_at, totals: r.answer.totals, changed: r.changed };
    await domain.publisher?.publish({ destination: DESTINATIONS.planFact(schedule_id), body });
    return r.answer.totals;
  };
}
