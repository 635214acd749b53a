/**
 * Housekeeping on the `maintenance` queue (@tko/contract jobs/): scheduled (repeatable) BullMQ
 * jobs, so that with several worker processes each run happens once, not once per process.
 * - `notification-cleanup` deletes the notifications whose live_until has passed (spec 01 §9
 *   lifetime one month), every NOTIFICATION_CLEANUP_EVERY_MS;
 * - `export-cleanup` deletes export files older than EXPORT_TTL_SECONDS and marks their
 *   export_record rows 'expired', every EXPORT_CLEANUP_EVERY_MS.
 * The schedules live in Redis; they are upserted at start and again every time the worker's
 * Redis connection becomes ready (issue 8 §7: a Redis restarted without its data, or flushed,
 * gets them back as soon as the worker reconnects). Upserting is idempotent: one schedule each.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { EXPORT_CLEANUP_JOB, NOTIFICATION_CLEANUP_JOB, QUEUE_MAINTENANCE } from '@tko/contract';
import { ExportRecordStore, NotificationStore } from '@tko/db';
import type { Pool } from 'pg';
import { removeOldExports } from './cleanup';

/** Where the export files are and how long they live (seconds); both as in settings.ts. */
export interface ExportCleanupOptions {
  exportDir: string;
  exportTtlSeconds: number;
}

/** The result a maintenance job stores: how many rows / files it removed or expired. */
export type MaintenanceResult = { removed: number } | { removed: number; expired: number };

/** Runs one maintenance job by name; returns what it did (stored as the job's result). Throws on an unknown name. */
export function maintenanceProcessor(pool: Pool, exports?: ExportCleanupOptions) {
  const notifications = new NotificationStore(pool);
  const records = new ExportRecordStore(pool);
  return async (job: Job): Promise<MaintenanceResult> => {
    switch (job.name) {
      case NOTIFICATION_CLEANUP_JOB:
        return { removed: await notifications.removeExpired() };
      case EXPORT_CLEANUP_JOB: {
        if (!exports) return { removed: 0, expired: 0 };
        const expired = await records.expire();
        for (const r of expired) await rm(path.join(exports.exportDir, path.basename(r.file)), { force: true });
        return { removed: await removeOldExports(exports.exportDir, exports.exportTtlSeconds), expired: expired.length };
      }
      default:
        throw new Error(`unknown maintenance job: ${job.name}`);
    }
  };
}

export interface MaintenanceOptions {
  prefix: string;
  notificationCleanupEveryMs: number;
  /** Export cleanup; without it the export-cleanup job is not scheduled. */
  exports?: ExportCleanupOptions & { everyMs: number };
  workerOptions?: Record<string, unknown>;
  /** Reports a failed (re-)registration; default console.error. */
  log?: (message: string) => void;
}

export interface Maintenance {
  queue: Queue;
  worker: Worker;
  /** Upserts every schedule (also run on each Redis 'ready'). */
  schedule(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Schedules the housekeeping jobs (upsert: restarting the worker keeps one schedule), upserts
 * them again whenever `connection` (an ioredis client, shared with the queue) becomes ready
 * after a loss, and starts their consumer. `workerOptions` are the recovery options of settings.ts.
 */
export async function startMaintenance(pool: Pool, connection: Redis, opts: MaintenanceOptions): Promise<Maintenance> {
  const log = opts.log ?? ((m: string) => console.error(m));
  const queue = new Queue(QUEUE_MAINTENANCE, { connection, prefix: opts.prefix });
  queue.on('error', () => undefined); // a lost connection is retried by ioredis; 'ready' re-schedules
  const jobOpts = { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } };
  const schedule = async () => {
    await queue.upsertJobScheduler(NOTIFICATION_CLEANUP_JOB, { every: opts.notificationCleanupEveryMs }, { name: NOTIFICATION_CLEANUP_JOB, opts: jobOpts });
    if (opts.exports) await queue.upsertJobScheduler(EXPORT_CLEANUP_JOB, { every: opts.exports.everyMs }, { name: EXPORT_CLEANUP_JOB, opts: jobOpts });
  };
  await schedule();
  // BullMQ's Queue uses this ioredis connection itself; ioredis reconnects on its own and says
  // 'ready' each time it is usable again.
  let reported = false; // one line per outage, not one per reconnect attempt
  const onReady = () => {
    reported = false;
    void schedule().catch((e: unknown) => log(`maintenance: re-scheduling failed: ${(e as Error).message}`));
  };
  connection.on('ready', onReady);
  const worker = new Worker(QUEUE_MAINTENANCE, maintenanceProcessor(pool, opts.exports), { ...opts.workerOptions, connection, prefix: opts.prefix, concurrency: 1 });
  worker.on('error', (e) => {
    if (!reported) log(`maintenance: ${e.message} (schedules are registered again on reconnect)`);
    reported = true;
  });
  return {
    queue,
    worker,
    schedule,
    async close() {
      connection.off('ready', onReady);
      await worker.close();
      await queue.close();
    },
  };
}
