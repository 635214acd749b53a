/**
 * The scheduled housekeeping (maintenance.ts) through the worker's registration loop
 * (jobs/register.ts) on a real BullMQ job scheduler and worker: expired notifications disappear,
 * live ones stay, restarting keeps one schedule, and the GPS positions' day partitions are made
 * for the position window and no further (issue 22).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CLEANUP_JOB, POSITION_PARTITIONS_JOB, QUEUE_MAINTENANCE } from '@tko/contract';
import { DEFAULT_POSITION_WINDOW, NotificationStore, partitionDays } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { createUser, uniquePrefix, waitUntil } from './helpers';
import { startJobsHarness } from './jobs-harness';
import type { JobsHarness } from './jobs-harness';

let db: TestDatabase;
const prefix = uniquePrefix('maintenance');
const started: JobsHarness[] = [];
const start = async () => {
  const h = await startJobsHarness({ pool: db.pool, prefix, only: [NOTIFICATION_CLEANUP_JOB], every: { notificationCleanup: 500 } });
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

describe('notification-cleanup', () => {
  it('deletes expired notifications on schedule and keeps live ones', async () => {
    const store = new NotificationStore(db.pool);
    const a = await createUser(db.pool, 'a@test.local');
    const b = await createUser(db.pool, 'b@test.local');
    await store.insert(a, { body: 'Живое уведомление' });
    await store.insert(b, { body: 'Живое, до завтра', liveUntil: new Date(Date.now() + 86400_000) });
    await store.insert(a, { body: 'Истекло час назад', liveUntil: new Date(Date.now() - 3600_000) });
    await store.insert(b, { body: 'Истекло вчера', liveUntil: new Date(Date.now() - 86400_000) });
    // Expired rows are already invisible to their users before the job runs.
    expect((await store.page(a, { limit: 20, offset: 0 })).count).toBe(1);

    await start();
    const count = async () => (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification`)).rows[0]!.n;
    await waitUntil(async () => (await count()) === 2, 'the expired notifications to be deleted', 60000, 200);
    const { rows } = await db.pool.query<{ body: string }>(`SELECT body FROM notification ORDER BY body`);
    expect(rows.map((r) => r.body)).toEqual(['Живое уведомление', 'Живое, до завтра']);

    // Runs again on schedule: a notification that expires later is removed too.
    await store.insert(a, { body: 'Истекает сейчас', liveUntil: new Date(Date.now() + 300) });
    await waitUntil(async () => (await count()) === 2, 'the next scheduled run', 60000, 200);
  });

  it('keeps one schedule when the worker starts again', async () => {
    await start();
    const queue = started[0]!.client.queue(QUEUE_MAINTENANCE);
    expect((await queue.getJobSchedulers()).map((s) => s.key ?? s.id)).toEqual([NOTIFICATION_CLEANUP_JOB]);
    await started[1]!.running.schedule(); // what a Redis 'ready' runs: still one schedule
    expect((await queue.getJobSchedulers()).map((s) => s.key ?? s.id)).toEqual([NOTIFICATION_CLEANUP_JOB]);
  });
});

describe('position-partitions', () => {
  it('makes the day partitions of the position window (30 days back, 2 ahead) and none outside it', async () => {
    const parts = async () => (await db.pool.query<{ relname: string }>(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'public.vehicle_position'::regclass ORDER BY 1`)).rows.map((r) => r.relname);
    expect(await parts()).toEqual([]); // a fresh database: none yet
    started.push(await startJobsHarness({ pool: db.pool, prefix: uniquePrefix('partitions'), only: [POSITION_PARTITIONS_JOB], every: { positionPartitions: 500 } }));
    // The default window (no TRACKER_MAX_AGE_DAYS set).
    const want = partitionDays(new Date(), DEFAULT_POSITION_WINDOW).map((d) => `vehicle_position_${d.replaceAll('-', '')}`);
    expect(want).toHaveLength(33);
    await waitUntil(async () => (await parts()).length >= want.length, 'the window\'s partitions', 60000, 200);
    expect(await parts()).toEqual(want); // exactly the window: nothing older, nothing further ahead
  });
});
