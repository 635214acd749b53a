/**
 * Harness of the import tests: the real app on its own database (helpers.ts) with an import
 * queue under a BullMQ prefix of its own (files run in parallel, each with its own worker), the
 * worker's registration loop (its `import-file` kind) in-process on the same database,
 * and a Redis subscriber collecting the live progress envelopes (REALTIME_CHANNEL). No mocks.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import iconv from 'iconv-lite';
import type { ImportFile, RealtimeEnvelope } from '@tko/contract';
import { IMPORT_FILE_JOB, QUEUE_IMPORTS, REALTIME_CHANNEL } from '@tko/contract';
import { redisPublisher } from '@tko/realtime';
import { createDomain } from '@tko/db';
import type { ImportGeocoder } from '@tko/import';
import { workerJobClient } from '../../worker/src/jobs/client';
import { startJobs } from '../../worker/src/jobs/register';
import type { RunningJobs } from '../../worker/src/jobs/register';
import { workerJobTable } from '../../worker/src/jobs/table';
import { openImportQueue } from '../src/modules/import/import-queue';
import type { ImportQueue } from '../src/modules/import/import-queue';
import type { Config } from '../src/config';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ImportHarness {
  t: TestApp;
  queue: ImportQueue;
  importDir: string;
  /** Live messages seen on REALTIME_CHANNEL since the start. */
  envelopes: RealtimeEnvelope[];
  /** Starts the in-process worker (tests that want a job to wait may start it late). */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function startImportHarness(opts: { overrides?: Partial<Config>; worker?: boolean; geocoder?: ImportGeocoder } = {}): Promise<ImportHarness> {
  const prefix = `test-import-${randomBytes(4).toString('hex')}`;
  const importDir = mkdtempSync(path.join(tmpdir(), 'tko-import-'));
  const queue = openImportQueue(REDIS_URL, prefix)!;
  await waitFor(async () => queue.ready(), 10000);
  const t = await startTestApp({ overrides: { importDir, ...opts.overrides }, extra: { imports: queue } });
  const envelopes: RealtimeEnvelope[] = [];
  const sub = new Redis(REDIS_URL);
  await sub.subscribe(REALTIME_CHANNEL);
  sub.on('message', (_ch, msg) => {
    // The channel is shared with other test files (one publishes garbage on purpose): keep envelopes only.
    try {
      envelopes.push(JSON.parse(msg) as RealtimeEnvelope);
    } catch {
      /* not an envelope */
    }
  });
  const pub = new Redis(REDIS_URL);
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const jobs = workerJobClient(connection, prefix);
  const domain = createDomain({ pool: t.pool, publisher: redisPublisher(pub), jobs });
  const table = workerJobTable({
    domain, exportDir: importDir, exportTtlSeconds: 3600, importDir, geocoder: opts.geocoder, log: () => undefined,
    every: { notificationCleanup: 3600_000, exportCleanup: 3600_000, dashboardRefresh: 3600_000, problemDetect: 3600_000 },
  });
  let worker: RunningJobs | null = null;
  const h: ImportHarness = {
    t,
    queue,
    importDir,
    envelopes,
    async startWorker() {
      worker ??= await startJobs({ connection, client: jobs, table, only: [IMPORT_FILE_JOB], workerOptions: { prefix }, log: () => undefined });
      await worker.workers.get(QUEUE_IMPORTS)!.waitUntilReady();
    },
    async stopWorker() {
      await worker?.close();
      worker = null;
    },
    async close() {
      await worker?.close();
      // The follow-up jobs an import queues (dashboard, problems) have no consumer here: remove them.
      for (const q of jobs.opened()) await q.obliterate({ force: true }).catch(() => undefined);
      await jobs.close();
      await t.close();
      await queue.close();
      sub.disconnect();
      pub.disconnect();
      connection.disconnect();
    },
  };
  if (opts.worker !== false) await h.startWorker();
  return h;
}

/** Polls `check` every 50 ms until it is truthy; throws after `ms`. */
export async function waitFor<T>(check: () => Promise<T | false | null | undefined>, ms = 60000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const UPLOAD = '/api/import/files/upload/';
export const files = (id: number, rest = '') => `/api/import/files/${id}/${rest}`;

/** Uploads `bytes` as `name` (multipart, template_type when given). */
export function upload(t: TestApp, bytes: Buffer, name: string, templateType?: string, who: 'admin' | 'viewer' | 'nobody' = 'admin') {
  const req = request(t.app.server).post(UPLOAD).set(t.auth(who));
  if (templateType) req.field('template_type', templateType);
  return req.attach('file', bytes, name);
}

/** Waits until the file's run has ended (DONE, FAILED or CANCELLED) and returns the file. */
export async function finished(t: TestApp, id: number, ms = 120000): Promise<ImportFile> {
  return waitFor(async () => {
    const res = await request(t.app.server).get(files(id)).set(t.auth('admin'));
    const f = res.body as ImportFile;
    return ['DONE', 'FAILED', 'CANCELLED', 'ROLLED_BACK'].includes(f.status) ? f : null;
  }, ms);
}

/** Uploads, optionally remaps, processes and waits for the end. */
export async function importFile(t: TestApp, bytes: Buffer, name: string, opts: { mapping?: Record<string, string | null>; options?: Record<string, unknown> } = {}): Promise<ImportFile> {
  const up = await upload(t, bytes, name, 'CWA_BUNDLE');
  if (up.status !== 201) throw new Error(`upload ${up.status}: ${JSON.stringify(up.body)}`);
  if (opts.mapping || opts.options) {
    const patch = await request(t.app.server).patch(files(up.body.id)).set(t.auth('admin')).send({ ...(opts.mapping ? { column_mapping: opts.mapping } : {}), ...(opts.options ? { options: opts.options } : {}) });
    if (patch.status !== 200) throw new Error(`patch ${patch.status}: ${JSON.stringify(patch.body)}`);
  }
  const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(t.auth('admin'));
  if (run.status !== 202) throw new Error(`process ${run.status}: ${JSON.stringify(run.body)}`);
  return finished(t, up.body.id);
}

/** CSV text from rows of cells (';'-separated, quoted where needed) in `encoding`. */
export function csv(rows: (string | number)[][], encoding = 'utf8', delimiter = ';'): Buffer {
  const text = rows.map((r) => r.map((c) => {
    const s = String(c);
    return s.includes(delimiter) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s;
  }).join(delimiter)).join('\r\n') + '\r\n';
  return iconv.encode(text, encoding);
}

/** Collects a binary response body (download.ts; kept here for the import tests' imports). */
export { binary } from './download';
