/**
 * Keeps the dashboard's summary fresh (issue 12 §2): the `dashboard-refresh` job (contract
 * jobs/definitions.ts) runs on a schedule of the worker's registration loop every
 * DASHBOARD_REFRESH_EVERY_MS (default 300 000 ms = 5 min), so the widgets are at most that old
 * plus one refresh's run time (bench/RESULTS.md); `refreshDashboardNow()` queues an extra run
 * (after an import). The schedule is upserted at start and on every Redis 'ready' (issue 8 §7,
 * jobs/register.ts); with several worker processes each run happens once (BullMQ), and two
 * overlapping refreshes are serialised by an advisory lock in @tko/db refreshDashboard.
 */
import type { Pool } from 'pg';
import { DASHBOARD_REFRESH_JOB } from '@tko/contract';
import { refreshDashboard } from '@tko/db';
import type { JobClient } from '@tko/db';

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
  return async (): Promise<{ ms: number }> => ({ ms: (await refreshDashboard(pool)).ms });
}

/**
 * Queues one refresh now (after an import), through the process's job client; one per second at
 * most (the job id is `dashboard-refresh-now-<unix second>`: BullMQ ignores a used id).
 */
export async function refreshDashboardNow(jobs: JobClient): Promise<void> {
  await jobs.enqueue(DASHBOARD_REFRESH_JOB, {}, { jobId: `${DASHBOARD_REFRESH_JOB}-now-${Math.floor(Date.now() / 1000)}` });
}
