/**
 * The dashboard's refresh job (dashboard-refresh.ts) through the worker's registration loop on a
 * real BullMQ queue and worker: the schedule exists once after two starts, `refreshDashboardNow()`
 * recomputes the summary (a dump inserted after the first refresh is counted), and the period
 * setting is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_REFRESH_JOB, QUEUE_DASHBOARD } from '@tko/contract';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { dashboardRefreshEveryMs, refreshDashboardNow } from '../src/dashboard-refresh';
import { uniquePrefix, waitUntil } from './helpers';
import { startJobsHarness } from './jobs-harness';
import type { JobsHarness } from './jobs-harness';

let db: TestDatabase;
const prefix = uniquePrefix('dashboard');
const started: JobsHarness[] = [];
const start = async () => {
  const h = await startJobsHarness({ pool: db.pool, prefix, only: [DASHBOARD_REFRESH_JOB], every: { dashboardRefresh: 3_600_000 } });
  started.push(h);
  return h;
};

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const h of started.reverse()) await h.close();
  await db?.drop();
});

const dumps = async () => {
  const { rows } = await db.pool.query<{ n: number | null }>(
    `SELECT (r->>'total')::int AS n FROM dashboard_summary, jsonb_array_elements(data->'table'->'rows') r
      WHERE widget = 'registry_counts' AND r->>'registry' = 'Несанкционированные свалки'`,
  );
  return rows[0]?.n ?? null;
};

describe('dashboard-refresh', () => {
  it('runs on schedule and on demand, with one schedule after a restart', async () => {
    await db.pool.query(`INSERT INTO waste_dump (location, status) VALUES ('Овраг', 'DETECTED')`);
    await start();
    // The first scheduled run starts at once.
    await waitUntil(async () => (await dumps()) === 1, 'first refresh');
    await start();
    const schedulers = await started[0]!.client.queue(QUEUE_DASHBOARD).getJobSchedulers();
    expect(schedulers.filter((s) => s.key === DASHBOARD_REFRESH_JOB || s.name === DASHBOARD_REFRESH_JOB)).toHaveLength(1);
    await db.pool.query(`INSERT INTO waste_dump (location, status) VALUES ('Лес', 'DETECTED')`);
    await refreshDashboardNow(started[0]!.client);
    await waitUntil(async () => (await dumps()) === 2, 'refresh on demand');
  });

  it('reads DASHBOARD_REFRESH_EVERY_MS', () => {
    expect(dashboardRefreshEveryMs({})).toBe(300_000);
    expect(dashboardRefreshEveryMs({ DASHBOARD_REFRESH_EVERY_MS: '60000' })).toBe(60_000);
    expect(() => dashboardRefreshEveryMs({ DASHBOARD_REFRESH_EVERY_MS: '5' })).toThrow(/DASHBOARD_REFRESH_EVERY_MS/);
  });
});
