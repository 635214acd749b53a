/**
 * Large exports of any registry as background jobs, end to end through the API: 202 with a
 * UUID job id, progress pushed live to the owner on DESTINATIONS.job(id), a `download`
 * notification in the owner's list whose documentUrl serves the file (the toast's 'Скачать'),
 * and the link gone once the worker's cleanup removed the file after EXPORT_TTL_SECONDS.
 * The worker's real processor runs in-process on this file's own BullMQ prefix.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress, Notification, RealtimeEnvelope } from '@tko/contract';
import { DESTINATIONS, QUEUE_EXPORTS, REALTIME_CHANNEL } from '@tko/contract';
import { redisPublisher } from '@tko/realtime';
import { removeOldExports } from '../../worker/src/cleanup';
import { createDomain } from '@tko/db';
import { xlsxExportProcessor } from '../../worker/src/processors/xlsx-export';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-test-export-jobs-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let queues: Queues;
let exportDir: string;
let connection: Redis;
let publisherRedis: Redis;
let sub: Redis;
let worker: Worker;
const live: RealtimeEnvelope[] = [];


async function waitUntil<T>(check: () => Promise<T> | T, what: string, timeoutMs = 60000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  queues = openQueues(REDIS_URL, prefix)!;
  await queues.exports.waitUntilReady();
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-export-jobs-'));
  t = await startTestApp({ queues, overrides: { xlsxAsyncThreshold: 2, exportDir } });
  for (const id of ['E-1', 'E-2', 'E-3']) await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ identifier: id }));
  await request(t.app.server).post('/api/dicts/contract-zones/').set(t.auth('admin')).send({ name: 'Южная зона' });
  sub = new Redis(REDIS_URL);
  sub.on('message', (_c: string, raw: string) => live.push(JSON.parse(raw) as RealtimeEnvelope));
  await sub.subscribe(REALTIME_CHANNEL);
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  publisherRedis = new Redis(REDIS_URL);
  worker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(createDomain({ pool: t.pool, publisher: redisPublisher(publisherRedis) }), exportDir, { exportTtlSeconds: 60 }), { connection, prefix });
});
afterAll(async () => {
  await worker?.close();
  await queues?.exports.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
  sub?.disconnect();
  publisherRedis?.disconnect();
  connection?.disconnect();
  await t?.close();
});

/** POSTs `{path}xlsx/{query}`, expects 202 and waits for the owner's notification of that job. */
async function runExport(path: string, query = '', who: 'admin' | 'viewer' = 'admin'): Promise<{ jobId: string; notification: Notification }> {
  const res = await request(t.app.server).post(`${path}xlsx/${query}`).set(t.auth(who)).send({});
  expect(res.status).toBe(202);
  const jobId = res.body.job_id as string;
  expect(jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const notification = await waitUntil(async () => {
    const page = (await request(t.app.server).get('/api/notifications/').set(t.auth(who))).body;
    return (page.results as Notification[]).find((n) => n.documentUrl === `/api/jobs/${jobId}/file/`);
  }, `the notification of job ${jobId}`);
  return { jobId, notification };
}

describe('an export run as a job', () => {
  it('pushes progress to its owner and ends with a notification whose link downloads the file', async () => {
    const { jobId, notification } = await runExport('/api/waste-area/container/');
    expect(notification).toMatchObject({
      type: 'download',
      readed: false,
      body: 'Выгрузка «Контейнерные площадки» готова: 3 строки.',
      documentFileType: 'xlsx',
      documentData: { job_id: jobId, resource: 'container', rows: 3 },
    });
    expect(notification.documentName).toMatch(/^container_\d{4}-\d{2}-\d{2}\.xlsx$/);

    const progress = await waitUntil(() => {
      const msgs = live.filter((m) => m.destination === DESTINATIONS.job(jobId));
      return msgs.some((m) => (m.body as JobProgress).state === 'completed') ? msgs : null;
    }, 'the completed progress');
    expect(progress.every((m) => m.user_id === t.users.admin)).toBe(true);
    expect(progress.map((m) => (m.body as JobProgress).state)).toEqual(['active', 'active', 'completed']);
    expect(progress.at(-1)!.body).toEqual({ id: jobId, state: 'completed', progress: 100, file_url: `/api/jobs/${jobId}/file/` });
    expect(live.filter((m) => m.destination === DESTINATIONS.notifications && (m.body as Notification).id === notification.id)).toEqual([
      { destination: DESTINATIONS.notifications, user_id: t.users.admin, body: notification },
    ]);

    const file = await request(t.app.server).get(notification.documentUrl!).set(t.auth('admin')).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${notification.documentName}"; filename*=UTF-8''${notification.documentName}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4);
    expect((await request(t.app.server).get(notification.documentUrl!).set(t.auth('viewer'))).status).toBe(404);
    expect((await request(t.app.server).get(notification.documentUrl!)).status).toBe(401);

    // Kept EXPORT_TTL_SECONDS, then removed by the worker's cleanup: the link answers 404.
    expect(await removeOldExports(exportDir, 60)).toBe(0);
    expect(await removeOldExports(exportDir, 60, Date.now() + 61_000)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(exportDir)).not.toContain(`${jobId}.xlsx`);
    expect((await request(t.app.server).get(notification.documentUrl!).set(t.auth('admin'))).status).toBe(404);
  });

  it('works for any registry (contract zones, 1 row, queued with ?async=true)', async () => {
    const { notification } = await runExport('/api/dicts/contract-zones/', '?async=true');
    expect(notification.body).toBe('Выгрузка «Зоны деятельности» готова: 1 строка.');
    expect(notification.documentName).toMatch(/^contract-zones_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
