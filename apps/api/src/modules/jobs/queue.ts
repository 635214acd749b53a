/**
 * The BullMQ queue the API produces jobs on (names and payloads: @tko/contract jobs/).
 * While Redis is unreachable `ready()` is false and job calls answer 503 at once instead of
 * hanging; CRUD does not touch Redis at all.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_EXPORTS } from '@tko/contract';

export interface Queues {
  exports: Queue;
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
  return {
    exports,
    ready: () => connection.status === 'ready',
    async close() {
      if (connection.status === 'ready') await exports.close();
      connection.disconnect();
    },
  };
}
