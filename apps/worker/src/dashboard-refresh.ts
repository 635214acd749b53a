/**
 * Keeps the dashboard's summary fresh (issue 12 §2): a BullMQ job scheduler on the `dashboard`
 * queue runs `dashboard-refresh` every DASHBOARD_REFRESH_EVERY_MS (default 300 000 ms = 5 min),
 * so the widgets are at most that old plus one refresh's run time (bench/RESULTS.md); `refreshNow()`
 * queues an extra run (after an import), deduplicated while one is waiting. The schedule is
 * upserted at start and on every Redis 'ready' (issue 8 §7), like maintenance.ts; with several
 * worker processes each run happens once (BullMQ), and two overlapping refreshes are serialised
 * by an advisory lock in @tko/db refreshDashboard.
 */
import { Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { DASHBOARD_REFRESH_JOB, QUEUE_DASHBOARD } from '@tko/contract';
import { refreshDashboard } from '@tko/db';

/** Default period of the refresh, ms. */
export const DASHBOARD_REFRESH_DEFAULT_MS = 300_000;

/** Reads DASHBOARD_REFRESH_EVERY_MS (positive integer, ms); throws on another value. */
export function dashboardRefreshEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.DASHBOARD_REFRESH_EVERY_MS;
  if (v === undefined || v === '') return DASHBOARD_REFRESH_DEFAULT_MS;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1000) throw new Error(`DASHBOARD_REFRESH_EVERY_MS: целое число миллисекунд не меньше 1000, получено «${v}».`);
  return n;
}

/** The job's processor: one refresh; its result is the duration (ms). */
export function dashboardRefreshProcessor(pool: Pool) {
  return async (_job: Job): Promise<{ ms: number }> => ({ ms: (await refreshDashboard(pool)).ms });
}

export interface DashboardRefresh {
  queue: Queue;
  worker: Worker;
  /** Queues one refresh now (skipped while one is already waiting). */
  refreshNow(): Promise<void>;
  close(): Promise<void>;
}

/** Schedules the refresh, re-schedules on reconnect and starts its consumer. */
export async function startDashboardRefresh(
  pool: Pool, connection: Redis, opts: { prefix?: string; everyMs: number; workerOptions?: Record<string, unknown>; log?: (m: string) => void },
): Promise<DashboardRefresh> {
  const log = opts.log ?? ((m: string) => console.error(m));
  const queue = new Queue(QUEUE_DASHBOARD, { connection, prefix: opts.prefix });
  queue.on('error', () => undefined);
  const jobOpts = { removeOnComplete: { count: 10 }, removeOnFail: { count: 20 } };
  const schedule = () => queue.upsertJobScheduler(DASHBOARD_REFRESH_JOB, { every: opts.everyMs }, { name: DASHBOARD_REFRESH_JOB, opts: jobOpts });
  await schedule();
  const onReady = () => void schedule().catch((e: unknown) => log(`dashboard: re-scheduling failed: ${(e as Error).message}`));
  connection.on('ready', onReady);
  const worker = new Worker(QUEUE_DASHBOARD, dashboardRefreshProcessor(pool), { ...opts.workerOptions, connection, prefix: opts.prefix, concurrency: 1 });
  worker.on('error', (e) => log(`dashboard: ${e.message}`));
  worker.on('failed', (job, e) => log(`dashboard: refresh ${job?.id} failed: ${e.message}`));
  return {
    queue,
    worker,
    async refreshNow() {
      await queue.add(DASHBOARD_REFRESH_JOB, {}, { ...jobOpts, jobId: `${DASHBOARD_REFRESH_JOB}-now-${Math.floor(Date.now() / 1000)}` });
    },
    async close() {
      connection.off('ready', onReady);
      await worker.close();
      await queue.close();
    },
  };
}
