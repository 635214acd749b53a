/**
 * The producer of day planning (@tko/contract `plan-day` on QUEUE_PLANNING, PlanDayJobSchema) on
 * the API's job client (modules/jobs/queue.ts), for `POST /api/fleet/schedules/{id}/plan/{date}/`;
 * consumed by the worker (planning-worker.ts). While Redis is unreachable `ready()` is false and
 * the plan call answers 503 at once. Jobs are kept a day (the kind's retention: state and
 * progress for the status call).
 */
import { randomBytes } from 'node:crypto';
import { Job } from 'bullmq';
import type { PlanDayJob } from '@tko/contract';
import { PLAN_DAY_JOB } from '@tko/contract';
import { openQueues } from '../jobs/queue';
import type { Queues } from '../jobs/queue';

export interface PlanningQueue {
  ready(): boolean;
  /** Queues a day plan; returns the job id `plan-<schedule>-<YYYYMMDD>-<nonce>`. */
  add(data: PlanDayJob): Promise<string>;
  get(jobId: string): Promise<Job<PlanDayJob> | undefined>;
  close(): Promise<void>;
}

/** The planning producer on the app's job client (Queues: the STOMP job-owner lookup reads its queue too). */
export function planningQueueOn(queues: Queues): PlanningQueue {
  return {
    ready: () => queues.ready(),
    async add(data) {
      const jobId = `plan-${data.schedule_id}-${data.work_date.replaceAll('-', '')}-${randomBytes(4).toString('hex')}`;
      await queues.jobs.enqueue(PLAN_DAY_JOB, data, { jobId });
      return jobId;
    },
    async get(jobId) {
      return (await Job.fromId<PlanDayJob>(queues.planning, jobId)) ?? undefined;
    },
    async close() {
      // The job client is closed by its opener.
    },
  };
}

/** The planning producer on a job client of its own (only when the app was given no Queues). */
export function openPlanningQueue(redisUrl: string | undefined, prefix = 'bull'): PlanningQueue | null {
  const queues = openQueues(redisUrl, prefix);
  if (!queues) return null;
  return { ...planningQueueOn(queues), close: () => queues.close() };
}
