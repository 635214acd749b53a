/**
 * The BullMQ queue of day planning (@tko/contract QUEUE_PLANNING, PlanDayJobSchema), produced by
 * `POST /api/fleet/schedules/{id}/plan/{date}/` and consumed by the worker (planning-worker.ts).
 * Opened on REDIS_URL with QUEUE_PREFIX; while Redis is unreachable `ready()` is false and the
 * plan call answers 503 at once. Jobs are kept a day (state and progress for the status call).
 */
import { randomBytes } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { PlanDayJob } from '@tko/contract';
import { PLAN_DAY_JOB, QUEUE_PLANNING } from '@tko/contract';

export interface PlanningQueue {
  ready(): boolean;
  /** Queues a day plan; returns the job id `plan-<schedule>-<YYYYMMDD>-<nonce>`. */
  add(data: PlanDayJob): Promise<string>;
  get(jobId: string): Promise<Job<PlanDayJob> | undefined>;
  close(): Promise<void>;
}

/** Opens the planning queue on a connection of its own (only when the app was given no Queues). */
export function openPlanningQueue(redisUrl: string | undefined, prefix = 'bull'): PlanningQueue | null {
  if (!redisUrl) return null;
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (t) => Math.min(t * 500, 5000) });
  connection.on('error', () => undefined);
  const queue = new Queue<PlanDayJob>(QUEUE_PLANNING, { connection, prefix });
  queue.on('error', () => undefined);
  const planning = planningQueueOn(queue, () => connection.status === 'ready');
  return {
    ...planning,
    async close() {
      if (connection.status === 'ready') await queue.close();
      connection.disconnect();
    },
  };
}

/**
 * The planning producer on a queue the app already opened (Queues.planning, which the STOMP
 * job-owner lookup reads too): the queue is opened once; closing it is its opener's job.
 */
export function planningQueueOn(queue: Queue<PlanDayJob>, ready: () => boolean): PlanningQueue {
  return {
    ready,
    async add(data) {
      const jobId = `plan-${data.schedule_id}-${data.work_date.replaceAll('-', '')}-${randomBytes(4).toString('hex')}`;
      await queue.add(PLAN_DAY_JOB as never, data, { jobId, attempts: 2, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: 86400 }, removeOnFail: { age: 86400 } });
      return jobId;
    },
    async get(jobId) {
      return (await Job.fromId<PlanDayJob>(queue, jobId)) ?? undefined;
    },
    async close() {
      // Opened and closed by its owner (Queues).
    },
  };
}
