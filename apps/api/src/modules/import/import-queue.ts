/**
 * The BullMQ queue of import runs (@tko/contract jobs/: QUEUE_IMPORTS, ImportFileJobSchema),
 * produced by the API and consumed by the worker's import processor (@tko/import). While Redis
 * is unreachable `ready()` is false and the process call answers 503 at once; everything else
 * of the import screen works without Redis.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ImportFileJob } from '@tko/contract';
import { IMPORT_FILE_JOB, QUEUE_IMPORTS } from '@tko/contract';

export interface ImportQueue {
  /** True while the Redis connection is up. */
  ready(): boolean;
  /** Queues run `data.run` of a file under `jobId` (3 attempts, exponential backoff from 2 s). */
  add(jobId: string, data: ImportFileJob): Promise<void>;
  /** Removes a job still waiting; false when a worker holds it (or it is gone). */
  removeWaiting(jobId: string): Promise<boolean>;
  /** Who started job `jobId` (its data.user_id): for the STOMP job topic; 'unavailable' without Redis. */
  ownerOf(jobId: string): Promise<number[] | 'unavailable'>;
  close(): Promise<void>;
}

/** Opens the import queue on `redisUrl` (null without one); `prefix` as QUEUE_PREFIX. */
export function openImportQueue(redisUrl: string | undefined, prefix = 'bull'): ImportQueue | null {
  if (!redisUrl) return null;
  const connection = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 500, 5000),
  });
  connection.on('error', () => undefined); // reported per call as 503
  const queue = new Queue<ImportFileJob>(QUEUE_IMPORTS, { connection, prefix });
  queue.on('error', () => undefined);
  return {
    ready: () => connection.status === 'ready',
    async add(jobId, data) {
      await queue.add(IMPORT_FILE_JOB as never, data, {
        jobId,
        attempts: 3,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 86400 },
        removeOnFail: { age: 7 * 86400 },
      });
    },
    async removeWaiting(jobId) {
      const job = await queue.getJob(jobId);
      if (!job) return false;
      const state = await job.getState();
      if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return false;
      return (await queue.remove(jobId)) === 1;
    },
    async ownerOf(jobId) {
      if (connection.status !== 'ready') return 'unavailable';
      try {
        const job = await queue.getJob(jobId);
        return job ? [job.data.user_id] : [];
      } catch {
        return 'unavailable';
      }
    },
    async close() {
      if (connection.status === 'ready') await queue.close();
      connection.disconnect();
    },
  };
}
