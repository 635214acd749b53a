/**
 * The `plan-fact-recompute` job (contract jobs/definitions.ts; docs/TRACKING.md «Plan and fact»):
 * computes and stores plan/fact of one (schedule, work date) (@tko/planning plan-fact), keeps
 * each planned route's route event (creation_mode AUTO: stops, their times, status, the day's
 * dispatcher events linked: plan-fact route-events.ts), follows up the missed sites (a dispatcher
 * event opened on its route's event, completed once served: plan-fact follow-up.ts), then
 * publishes the date's counts per status and the sites whose status changed on
 * DESTINATIONS.planFact(scheduleId) (contract PlanFactMessageSchema). The position ingest enqueues
 * it (deduplicated per schedule and date while one waits), so statuses follow the positions
 * without an end-of-day batch; and each run queues one more at the earliest window still open
 * (a job id per moment), so a site nobody reached turns missed when its window closes even when no
 * position arrives then. Tracking parameters: the TRACKING_* settings; the day: REGION_TIME_ZONE.
 * The job's result: the counts, or `{ skipped }` with the reason when the schedule no longer exists.
 */
import type { Job } from 'bullmq';
import type { PlanFactJob, PlanFactMessage, PlanFactTotals } from '@tko/contract';
import { DESTINATIONS, PLAN_FACT_JOB } from '@tko/contract';
import type { Domain } from '@tko/db';
import { outlierOptionsOf, regionTimeZone, trackingSettings, tripOptionsOf, visitOptionsOf } from '@tko/db';
import { computePlanFact, followUpMisses, syncRouteEvents } from '@tko/planning/plan-fact';

/** A window's end is looked at this long after it (ms): the last positions before it have arrived. */
const AFTER_CLOSE_MS = 60_000;

export function planFactProcessor(domain: Domain) {
  const settings = trackingSettings();
  const timeZone = regionTimeZone();
  return async (job: Job<PlanFactJob>): Promise<PlanFactTotals | { skipped: string }> => {
    const { schedule_id, work_date } = job.data;
    const now = domain.clock().getTime();
    const r = await computePlanFact(domain.pool, schedule_id, work_date, {
      timeZone, visits: visitOptionsOf(settings), trips: tripOptionsOf(settings), outliers: outlierOptionsOf(settings), now,
    });
    if (!r) return { skipped: `Графика ${schedule_id} нет.` };
    const key = (s: (typeof r.answer.sites)[number]) => (s.waste_area ? `a${s.waste_area.id}` : `r${s.collection_request}`);
    const plates = new Map<number, string>();
    for (const s of r.answer.sites) for (const v of [...s.planned_vehicles, ...(s.service ? [s.service.vehicle] : [])]) plates.set(v.id, v.name);
    const routeEvents = await syncRouteEvents(domain.pool, domain.pipeline, r.day, r.answer);
    await followUpMisses(domain.pool, domain.pipeline, schedule_id, work_date, r.outcomes, {
      timeZone, plates, routeEvents: routeEvents.eventOfSite, planned: new Map(r.answer.sites.map((s) => [key(s), s.planned_vehicles[0]?.id ?? null])),
    });
    const next = Math.min(...r.outcomes.filter((o) => o.status === 'pending').map((o) => o.windowClose.getTime()));
    if (Number.isFinite(next) && domain.jobs) {
      await domain.jobs.enqueue(PLAN_FACT_JOB, { schedule_id, work_date }, { jobId: `plan-fact-${schedule_id}-${work_date}-at-${next}`, delay: Math.max(0, next - now) + AFTER_CLOSE_MS });
    }
    const body: PlanFactMessage = { schedule_id, date: r.answer.date, computed_at: r.answer.computed_at, totals: r.answer.totals, changed: r.changed };
    await domain.publisher?.publish({ destination: DESTINATIONS.planFact(schedule_id), body });
    return r.answer.totals;
  };
}
