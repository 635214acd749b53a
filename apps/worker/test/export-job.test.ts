/**
 * The export job in-process through the worker's registration loop (real BullMQ worker, Redis,
 * PostgreSQL; enqueued through the job client): progress pushed live on
 * DESTINATIONS.job(id) for the owner, the finished file, and one `download` notification
 * carrying the file link, stored and pushed on the owner's queue; a job that cannot succeed
 * ends `failed` with one `error` notification.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress, Notification } from '@tko/contract';
import { DESTINATIONS, QUEUE_EXPORTS, XLSX_EXPORT_JOB } from '@tko/contract';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { createUser, listenRealtime, REDIS_URL, seedContainerSites, uniquePrefix, waitUntil } from './helpers';
import type { RealtimeListener } from './helpers';
import { startJobsHarness } from './jobs-harness';
import type { JobsHarness } from './jobs-harness';

const ROWS = 5000;
let db: TestDatabase;
let userId: number;
let exportDir: string;
let prefix: string;
let queue: Queue;
let jobs: JobsHarness;
let publisherRedis: Redis;
let live: RealtimeListener;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = await createUser(db.pool, 'owner@test.local');
  await seedContainerSites(db.pool, ROWS);
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-export-job-'));
  prefix = uniquePrefix('export');
  publisherRedis = new Redis(REDIS_URL);
  live = await listenRealtime();
  jobs = await startJobsHarness({ pool: db.pool, prefix, only: [XLSX_EXPORT_JOB], publisher: redisPublisher(publisherRedis), exportDir });
  queue = jobs.client.queue(QUEUE_EXPORTS);
});

afterAll(async () => {
  await jobs?.close();
  await live?.close();
  publisherRedis?.disconnect();
  await db?.drop();
});

async function notifications(): Promise<Array<{ type: string; body: string; document_url: string | null; document_name: string | null; document_file_type: string | null; live_until: Date; document_data: Record<string, unknown> }>> {
  return (await db.pool.query(`SELECT * FROM notification WHERE user_id = $1 ORDER BY id`, [userId])).rows;
}

describe('xlsx export job', () => {
  it('pushes progress to the owner, writes every row once and notifies once with the file link', async () => {
    const job = (await queue.getJob(await jobs.client.enqueue(XLSX_EXPORT_JOB, { resource: 'container', filters: {}, user_id: userId }, { jobId: 'export-ok' })))!;
    const destination = DESTINATIONS.job(job.id!);
    await waitUntil(() => live.on(destination).some((m) => (m.body as JobProgress).state === 'completed'), 'the completed progress message');
    await waitUntil(async () => (await job.getState()) === 'completed', 'the job to be completed');

    const progress = live.on(destination);
    expect(progress.every((m) => m.user_id === userId)).toBe(true);
    const bodies = progress.map((m) => m.body as JobProgress);
    expect(bodies[0]).toEqual({ id: job.id, state: 'active', progress: 0 });
    const percents = bodies.map((b) => b.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b)); // never goes back
    expect(new Set(percents).size).toBe(percents.length); // one message per change
    expect(bodies.filter((b) => b.state === 'active' && b.progress > 0 && b.progress < 100).length).toBeGreaterThanOrEqual(2); // 5 000 rows = 3 batches
    expect(bodies.at(-1)).toEqual({ id: job.id, state: 'completed', progress: 100, file_url: `/api/jobs/${job.id}/file/` });

    expect(readdirSync(exportDir)).toEqual([`${job.id}.xlsx`]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(exportDir, `${job.id}.xlsx`));
    expect(wb.worksheets[0]!.rowCount).toBe(ROWS + 1);

    const rows = await notifications();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'download',
      body: 'Выгрузка «Контейнерные площадки» готова: 5000 строк.',
      document_url: `/api/jobs/${job.id}/file/`,
      document_file_type: 'xlsx',
      document_data: { job_id: job.id, resource: 'container', rows: ROWS },
    });
    expect(rows[0]!.document_name).toMatch(/^container_\d{4}-\d{2}-\d{2}\.xlsx$/);
    // It lives as long as the file (EXPORT_TTL_SECONDS = 3600 here), not a month.
    expect(Math.abs(rows[0]!.live_until.getTime() - (Date.now() + 3600_000))).toBeLessThan(120_000);

    const pushed = live.on(DESTINATIONS.notifications);
    const mine = pushed.filter((m) => m.user_id === userId && (m.body as Notification).documentUrl === `/api/jobs/${job.id}/file/`);
    expect(mine).toHaveLength(1);
    expect((mine[0]!.body as Notification)).toMatchObject({ type: 'download', readed: false, documentFileType: 'xlsx' });
  });

  it('ends failed without retrying an unknown registry, with one error notification', async () => {
    const before = (await notifications()).length;
    const job = (await queue.getJob(await jobs.client.enqueue(XLSX_EXPORT_JOB, { resource: 'no-such-registry', filters: {}, user_id: userId }, { jobId: 'export-bad' })))!;
    const destination = DESTINATIONS.job(job.id!);
    await waitUntil(() => live.on(destination).some((m) => (m.body as JobProgress).state === 'failed'), 'the failed progress message');
    expect(await job.getState()).toBe('failed');
    expect((await queue.getJob(job.id!))!.attemptsMade).toBe(1); // UnrecoverableError: no retry
    expect(live.on(destination).map((m) => m.body)).toEqual([{ id: job.id, state: 'failed', progress: 0, error: 'Выгрузка не удалась. Повторите попытку.' }]);
    const rows = await waitUntil(async () => ((await notifications()).length > before ? notifications() : null), 'the error notification');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ type: 'error', body: 'Выгрузка не удалась. Повторите попытку.', document_url: null });
  });
});
