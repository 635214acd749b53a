/**
 * The API's job client (@tko/db JobClient, issue 21 §1): every job the API produces (xlsx exports,
 * import runs, flow recounts, day planning, region loads; names and payloads in @tko/contract jobs/definitions.ts)
 * is enqueued through `Queues.jobs`, which validates the payload, stamps its version and opens
 * each queue once on one Redis connection. While Redis is unreachable `ready()` is false and job
 * calls answer 503 at once instead of hanging; CRUD does not touch Redis at all.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { JobClient } from '@tko/db';
import { QUEUE_EXPORTS, QUEUE_FLOWS, QUEUE_PLANNING, QUEUE_REGION } from '@tko/contract';

export interface Queues {
  /** The one job client of the process (also the domain's `jobs`). */
  jobs: JobClient<Queue>;
  /** The queues whose jobs GET /api/jobs/{id}/ and the STOMP job-owner lookup read (opened by `jobs`). */
  exports: Queue;
  /** Recount of the predicted waste flows (issue 11 §1; the worker's flows-generate.ts). */
  flows: Queue;
  /** Day planning (issue 10 §4): the schedule-routes module's PlanningQueue produces on it through `jobs`. */
  planning: Queue;
  /** Loading the region's OpenStreetMap extract (the region module; the worker's region-load.ts). */
  region: Queue;
  /** True while the Redis connection is up. */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * Opens the job client on REDIS_URL; null when no URL is configured. `prefix` is BullMQ's key
 * prefix (QUEUE_PREFIX, default 'bull'): the worker must use the same; tests use their own.
 */
export function openQueues(redisUrl: string | undefined, prefix = 'bull'): Queues | null {
  if (!redisUrl) return null;
  const connection = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 500, 5000),
  });
  connection.on('error', () => undefined); // reported per call as 503
  const jobs = new JobClient((name) => {
    const queue = new Queue(name, { connection, prefix });
    queue.on('error', () => undefined);
    return queue;
  });
  return {
    jobs,
    exports: jobs.queue(QUEUE_EXPORTS),
    flows: jobs.queue(QUEUE_FLOWS),
    planning: jobs.queue(QUEUE_PLANNING),
    region: jobs.queue(QUEUE_REGION),
    ready: () => connection.status === 'ready',
    async close() {
      if (connection.status === 'ready') await jobs.close();
      connection.disconnect();
    },
  };
}
