/**
 * The producer of import runs (@tko/contract jobs/: `import-file` on QUEUE_IMPORTS,
 * ImportFileJobSchema) on the API's job client (modules/jobs/queue.ts), consumed by the worker's
 * import handler (@tko/import). While Redis is unreachable `ready()` is false and the process
 * call answers 503 at once; everything else of the import screen works without Redis.
 */
import type { ImportFileJob } from '@tko/contract';
import { IMPORT_FILE_JOB, QUEUE_IMPORTS } from '@tko/contract';
import { openQueues } from '../jobs/queue';
import type { Queues } from '../jobs/queue';

export interface ImportQueue {
  /** True while the Redis connection is up. */
  ready(): boolean;
  /** Queues run `data.run` of a file under `jobId` (the kind's attempts and backoff: 3, exponential from 2 s). */
  add(jobId: string, data: ImportFileJob): Promise<void>;
  /** Removes a job still waiting; false when a worker holds it (or it is gone). */
  removeWaiting(jobId: string): Promise<boolean>;
  /** Who started job `jobId` (its data.user_id): for the STOMP job topic; 'unavailable' without Redis. */
  ownerOf(jobId: string): Promise<number[] | 'unavailable'>;
  close(): Promise<void>;
}

/** The import producer on the process's job client (closing the client is its opener's job). */
export function importQueueOn(queues: Queues): ImportQueue {
  const queue = queues.jobs.queue(QUEUE_IMPORTS);
  return {
    ready: () => queues.ready(),
    async add(jobId, data) {
      await queues.jobs.enqueue(IMPORT_FILE_JOB, data, { jobId });
    },
    async removeWaiting(jobId) {
      const job = await queue.getJob(jobId);
      if (!job) return false;
      const state = await job.getState();
      if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return false;
      return (await queue.remove(jobId)) === 1;
    },
    async ownerOf(jobId) {
      if (!queues.ready()) return 'unavailable';
      try {
        const job = await queue.getJob(jobId);
        const owner = (job?.data as { user_id?: unknown } | undefined)?.user_id;
        return typeof owner === 'number' ? [owner] : [];
      } catch {
        return 'unavailable';
      }
    },
    async close() {
      // The job client is closed by its opener.
    },
  };
}

/** The import producer on a job client of its own on `redisUrl` (null without one): tests, and an app given no Queues. */
export function openImportQueue(redisUrl: string | undefined, prefix = 'bull'): ImportQueue | null {
  const queues = openQueues(redisUrl, prefix);
  if (!queues) return null;
  return { ...importQueueOn(queues), close: () => queues.close() };
}
