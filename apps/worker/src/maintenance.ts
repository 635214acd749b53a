/**
 * Housekeeping on the `maintenance` queue (@tko/contract jobs/): scheduled (repeatable) BullMQ
 * jobs, so that with several worker processes each run happens once, not once per process.
 * Now: `notification-cleanup` deletes the notifications whose live_until has passed (spec 01 §9
 * lifetime one month), every NOTIFICATION_CLEANUP_EVERY_MS.
 */
import { Queue, Worker } from 'bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import { NOTIFICATION_CLEANUP_JOB, QUEUE_MAINTENANCE } from '@tko/contract';
import { NotificationStore } from '@tko/db';
import type { Pool } from 'pg';

/** Runs one maintenance job by name; returns what it did (stored as the job's result). Throws on an unknown name. */
export function maintenanceProcessor(pool: Pool) {
  const notifications = new NotificationStore(pool);
  return async (job: Job): Promise<{ removed: number }> => {
    switch (job.name) {
      case NOTIFICATION_CLEANUP_JOB:
        return { removed: await notifications.removeExpired() };
      default:
        throw new Error(`unknown maintenance job: ${job.name}`);
    }
  };
}

export interface Maintenance {
  queue: Queue;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * Schedules the housekeeping jobs (upsert: restarting the worker keeps one schedule) and starts
 * their consumer. `workerOptions` are the recovery options of settings.ts.
 */
export async function startMaintenance(
  pool: Pool,
  connection: ConnectionOptions,
  opts: { prefix: string; notificationCleanupEveryMs: number; workerOptions?: Record<string, unknown> },
): Promise<Maintenance> {
  const queue = new Queue(QUEUE_MAINTENANCE, { connection, prefix: opts.prefix });
  await queue.upsertJobScheduler(NOTIFICATION_CLEANUP_JOB, { every: opts.notificationCleanupEveryMs }, {
    name: NOTIFICATION_CLEANUP_JOB,
    opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
  });
  const worker = new Worker(QUEUE_MAINTENANCE, maintenanceProcessor(pool), { ...opts.workerOptions, connection, prefix: opts.prefix, concurrency: 1 });
  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
