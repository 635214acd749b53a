/**
 * The BullMQ queue the API produces jobs on (names and payloads: @tko/contract jobs/).
 * While Redis is unreachable `ready()` is false and job calls answer 503 at once instead of
 * hanging; CRUD does not touch Redis at all.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_EXPORTS, QUEUE_FLOWS, QUEUE_PLANNING } from '@tko/contract';

export interface Queues {
  exports: Queue;
  /** Recount of the predicted waste flows (issue 11 §1; the worker's flows-generate.ts). */
  flows: Queue;
  /**
   * Day planning (issue 10 §4): produced by the schedule-routes module's own PlanningQueue; kept
   * here so the STOMP job-owner lookup (stomp/job-owner.ts) finds planning jobs for `/topic/jobs.{id}`.
   */
  planning: Queue;
  /** True while the Redis connection is up. */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * Opens the queues on REDIS_URL; null when no URL is configured. `prefix` is BullMQ's key
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
  const exports = new Queue(QUEUE_EXPORTS, { connection, prefix });
  exports.on('error', () => undefined);
  const flows = new Queue(QUEUE_FLOWS, { connection, prefix });
  flows.on('error', () => undefined);
  const planning = new Queue(QUEUE_PLANNING, { connection, prefix });
  planning.on('error', () => undefined);
  return {
    exports,
    flows,
    planning,
    ready: () => connection.status === 'ready',
    async close() {
      if (connection.status === 'ready') await Promise.all([exports.close(), flows.close(), planning.close()]);
      connection.disconnect();
    },
  };
}
