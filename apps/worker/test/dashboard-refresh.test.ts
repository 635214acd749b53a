/**
 * The dashboard's refresh job (apps/worker/src/dashboard-refresh.ts) through a real BullMQ queue
 * and worker: the schedule exists once after two starts, `refreshNow()` recomputes the summary
 * (a dump inserted after the first refresh is counted), and the period setting is checked.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_REFRESH_JOB } from '@tko/contract';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { dashboardRefreshEveryMs, startDashboardRefresh } from '../src/dashboard-refresh';
import type { DashboardRefresh } from '../src/dashboard-refresh';
import { REDIS_URL, uniquePrefix, waitUntil } from './helpers';

let db: TestDatabase;
let connection: Redis;
const prefix = uniquePrefix('dashboard');
const started: DashboardRefresh[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  for (const s of started) await s.worker.close();
  await started[0]?.queue.obliterate({ force: true }).catch(() => undefined);
  for (const s of started) await s.queue.close();
  connection?.disconnect();
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
    started.push(await startDashboardRefresh(db.pool, connection, { prefix, everyMs: 3_600_000, log: () => undefined }));
    // The first scheduled run starts at once.
    await waitUntil(async () => (await dumps()) === 1, 'first refresh');
    started.push(await startDashboardRefresh(db.pool, connection, { prefix, everyMs: 3_600_000, log: () => undefined }));
    const schedulers = await started[0]!.queue.getJobSchedulers();
    expect(schedulers.filter((s) => s.key === DASHBOARD_REFRESH_JOB || s.name === DASHBOARD_REFRESH_JOB)).toHaveLength(1);
    await db.pool.query(`INSERT INTO waste_dump (location, status) VALUES ('Лес', 'DETECTED')`);
    await started[0]!.refreshNow();
    await waitUntil(async () => (await dumps()) === 2, 'refresh on demand');
  });

  it('reads DASHBOARD_REFRESH_EVERY_MS', () => {
    expect(dashboardRefreshEveryMs({})).toBe(300_000);
    expect(dashboardRefreshEveryMs({ DASHBOARD_REFRESH_EVERY_MS: '60000' })).toBe(60_000);
    expect(() => dashboardRefreshEveryMs({ DASHBOARD_REFRESH_EVERY_MS: '5' })).toThrow(/DASHBOARD_REFRESH_EVERY_MS/);
  });
});
