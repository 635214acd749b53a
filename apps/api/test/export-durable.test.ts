/**
 * Durable queues (issue 8 §7) on a throw-away redis-server of this file (own port, own --dir,
 * `--appendonly yes --appendfsync everysec`, as start.sh runs it): an export runs through the
 * API and the worker's registration loop in-process (export and housekeeping kinds); then
 * 1. Redis is killed (SIGKILL) and started again on its AOF: the job, its download link and the
 *    maintenance schedules are all still there;
 * 2. Redis is killed and started again WITHOUT its data: the download link still serves the file
 *    (from the export_record row in PostgreSQL; another user still gets 404), also while Redis
 *    is down, and the worker registers the repeatable cleanup jobs again when it reconnects.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CLEANUP_JOB, NOTIFICATION_CLEANUP_JOB, QUEUE_MAINTENANCE, XLSX_EXPORT_JOB } from '@tko/contract';
import { createDomain } from '@tko/db';
import type { JobClient } from '@tko/db';
import { workerJobClient } from '../../worker/src/jobs/client';
import { startJobs } from '../../worker/src/jobs/register';
import type { RunningJobs } from '../../worker/src/jobs/register';
import { workerJobTable } from '../../worker/src/jobs/table';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './download';

const prefix = `tko-test-export-durable-${randomBytes(4).toString('hex')}`;
let redisDir: string;
let exportDir: string;
let port: number;
let redis: ChildProcess | undefined;
let t: TestApp;
let queues: Queues;
let connection: Redis;
let workerJobs: JobClient<Queue>;
let running: RunningJobs;


async function waitUntil<T>(check: () => Promise<T> | T, what: string, timeoutMs = 30000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as { port: number };
      srv.close(() => resolve(p));
    });
  });
}

/** Starts redis-server on `port` with AOF in `redisDir`; resolves when it answers PING. */
async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''], { stdio: 'ignore' });
  redis = child;
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  await waitUntil(async () => {
    try {
      if (probe.status !== 'ready') await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      probe.disconnect();
      return false;
    }
  }, `redis-server on port ${port}`);
  probe.disconnect();
}

/** SIGKILL: no shutdown save, only what the AOF already holds survives. */
async function killRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const maintenanceQueue = () => workerJobs.queue(QUEUE_MAINTENANCE);
const schedulerNames = async () => (await maintenanceQueue().getJobSchedulers()).map((s) => s.key ?? s.id).sort();

beforeAll(async () => {
  redisDir = mkdtempSync(path.join(tmpdir(), 'tko-redis-aof-'));
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-export-durable-'));
  port = await freePort();
  await startRedis();
  const url = `redis://127.0.0.1:${port}`;
  queues = openQueues(url, prefix)!;
  await queues.exports.waitUntilReady();
  t = await startTestApp({ queues, overrides: { xlsxAsyncThreshold: 1000, exportDir } });
  for (const id of ['D-1', 'D-2']) await request(t.app.server).post('/api/waste-area/container/').set(t.auth('admin')).send(siteBody({ identifier: id }));
  connection = new Redis(url, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  // The worker: its job client and registration loop on one connection, export + housekeeping kinds.
  workerJobs = workerJobClient(connection, prefix);
  const domain = createDomain({ pool: t.pool, jobs: workerJobs });
  const table = workerJobTable({
    domain, exportDir, exportTtlSeconds: 3600, log: () => undefined,
    every: { notificationCleanup: 3600_000, exportCleanup: 600_000, dashboardRefresh: 3600_000, problemDetect: 3600_000 },
  });
  running = await startJobs({ connection, client: workerJobs, table, only: [XLSX_EXPORT_JOB, NOTIFICATION_CLEANUP_JOB, EXPORT_CLEANUP_JOB], workerOptions: { prefix }, log: () => undefined });
}, 60000);

afterAll(async () => {
  await running?.close().catch(() => undefined);
  await workerJobs?.close().catch(() => undefined);
  await queues?.close().catch(() => undefined);
  connection?.disconnect();
  await t?.close();
  await killRedis();
  rmSync(redisDir, { recursive: true, force: true });
  rmSync(exportDir, { recursive: true, force: true });
});

async function expectFile(url: string, who: 'admin' | 'viewer' = 'admin'): Promise<void> {
  const file = await request(t.app.server).get(url).set(t.auth(who)).buffer(true).parse(binary);
  expect(file.status).toBe(200);
  expect(file.headers['content-disposition']).toMatch(/^attachment; filename="(container_\d{4}-\d{2}-\d{2}\.xlsx)"; filename\*=UTF-8''\1$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.body as unknown as ArrayBuffer);
  expect(wb.worksheets[0]!.rowCount).toBe(3); // header + 2 sites
}

describe('a finished export across Redis restarts', () => {
  let jobId: string;

  it('runs to completion and is recorded in PostgreSQL', async () => {
    const res = await request(t.app.server).post('/api/waste-area/container/xlsx/?async=true').set(t.auth('admin')).send({});
    expect(res.status).toBe(202);
    jobId = res.body.job_id as string;
    const status = await waitUntil(async () => {
      const r = await request(t.app.server).get(`/api/jobs/${jobId}/`).set(t.auth('admin'));
      return r.body.state === 'completed' ? r.body : null;
    }, 'the export to complete');
    expect(status).toMatchObject({ id: jobId, state: 'completed', progress: 100, file_url: `/api/jobs/${jobId}/file/` });
    const { rows } = await t.pool.query(`SELECT user_id, resource, file, rows, status, expires_at > now() + interval '59 minutes' AS ttl_ok FROM export_record WHERE id = $1`, [jobId]);
    expect(rows).toEqual([{ user_id: t.users.admin, resource: 'container', file: `${jobId}.xlsx`, rows: 2, status: 'completed', ttl_ok: true }]);
    expect(await schedulerNames()).toEqual([EXPORT_CLEANUP_JOB, NOTIFICATION_CLEANUP_JOB].sort());
  });

  it('keeps the job, the link and the schedules when Redis is killed and restarted on its AOF', async () => {
    await new Promise((r) => setTimeout(r, 2000)); // appendfsync everysec
    await killRedis();
    await startRedis();
    await waitUntil(() => queues.ready(), 'the API to reconnect');
    const status = await request(t.app.server).get(`/api/jobs/${jobId}/`).set(t.auth('admin'));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ id: jobId, state: 'completed', file_url: `/api/jobs/${jobId}/file/` });
    // Still the BullMQ job (restored from the AOF), not only the PostgreSQL record.
    expect(await queues.exports.getJob(jobId)).toBeTruthy();
    await expectFile(`/api/jobs/${jobId}/file/`);
    expect(await schedulerNames()).toEqual([EXPORT_CLEANUP_JOB, NOTIFICATION_CLEANUP_JOB].sort());
  });

  it('serves the link from PostgreSQL and schedules the cleanup again when Redis comes back empty', async () => {
    await killRedis();
    // While Redis is down the finished export still answers (its owner only).
    await waitUntil(() => !queues.ready(), 'the API to notice Redis is gone');
    const down = await request(t.app.server).get(`/api/jobs/${jobId}/`).set(t.auth('admin'));
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ id: jobId, state: 'completed', progress: 100, file_url: `/api/jobs/${jobId}/file/` });
    await expectFile(`/api/jobs/${jobId}/file/`);
    expect((await request(t.app.server).get(`/api/jobs/${randomBytes(4).toString('hex')}/`).set(t.auth('admin'))).status).toBe(503);

    // Redis restarted without its data: BullMQ has forgotten the job and the schedules.
    rmSync(redisDir, { recursive: true, force: true });
    redisDir = mkdtempSync(path.join(tmpdir(), 'tko-redis-aof-'));
    await startRedis();
    await waitUntil(() => queues.ready(), 'the API to reconnect');
    expect(await queues.exports.getJob(jobId)).toBeUndefined();
    const status = await request(t.app.server).get(`/api/jobs/${jobId}/`).set(t.auth('admin'));
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ id: jobId, name: 'xlsx-export', state: 'completed', progress: 100, file_url: `/api/jobs/${jobId}/file/`, file_name: expect.stringMatching(/^container_/), error: null });
    await expectFile(`/api/jobs/${jobId}/file/`);
    // The owner check holds for the record too.
    expect((await request(t.app.server).get(`/api/jobs/${jobId}/`).set(t.auth('viewer'))).status).toBe(404);
    expect((await request(t.app.server).get(`/api/jobs/${jobId}/file/`).set(t.auth('viewer'))).status).toBe(404);
    expect((await request(t.app.server).get(`/api/jobs/${jobId}/file/`)).status).toBe(401);

    // The worker re-registered its repeatable jobs on reconnect ('ready').
    await waitUntil(async () => (await schedulerNames()).length === 2, 'the schedules to be registered again');
    expect(await schedulerNames()).toEqual([EXPORT_CLEANUP_JOB, NOTIFICATION_CLEANUP_JOB].sort());

    // An expired record no longer answers, and the cleanup job removes its file.
    await t.pool.query(`UPDATE export_record SET expires_at = now() - interval '1 second' WHERE id = $1`, [jobId]);
    expect((await request(t.app.server).get(`/api/jobs/${jobId}/file/`).set(t.auth('admin'))).status).toBe(404);
    const cleanupId = await workerJobs.enqueue(EXPORT_CLEANUP_JOB, {});
    await waitUntil(async () => (await (await maintenanceQueue().getJob(cleanupId))!.getState()) === 'completed', 'the export cleanup to run');
    expect((await maintenanceQueue().getJob(cleanupId))!.returnvalue).toEqual({ removed: 0, expired: 1 });
    expect((await t.pool.query(`SELECT status FROM export_record WHERE id = $1`, [jobId])).rows).toEqual([{ status: 'expired' }]);
  });
});
