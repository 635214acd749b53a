/**
 * The BullMQ queue the API produces jobs on (names and payloads: @tko/contract jobs/).
 * The connection fails fast while Redis is down (no offline queue), so a job call answers
 * 503 instead of hanging; CRUD does not touch Redis at all.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_EXPORTS } from '@tko/contract';

export interface Queues {
  exports: Queue;
  close(): Promise<void>;
}

/** Opens the queues on REDIS_URL; null when no URL is configured. */
export function openQueues(redisUrl: string | undefined): Queues | null {
  if (!redisUrl) return null;
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  connection.on('error', () => undefined); // reported per call as 503
  const exports = new Queue(QUEUE_EXPORTS, { connection });
  return {
    exports,
    async close() {
      await exports.close();
      connection.disconnect();
    },
  };
}
