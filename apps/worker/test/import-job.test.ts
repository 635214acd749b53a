/**
 * The import job in the real worker process (`node --import tsx src/main.ts`, IMPORT_DIR):
 * killed with SIGKILL in the middle of writing 30 000 sites, the run's transaction dies with its
 * connection (no site of it is visible); a worker started afterwards recovers the stalled job
 * (the dead worker's lock removed at the kill rather than waited out) and runs it again from scratch: the file ends DONE with exactly 30 000 sites (no duplicates),
 * progress reached the job topic, and the owner has exactly one notification.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, IMPORT_FILE_JOB, QUEUE_IMPORTS } from '@tko/contract';
import type { JobClient } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { cwaBundleTemplate, ImportFilesRepository, inspectStoredFile, LocalImportStore, suggestMapping } from '@tko/import';
import { workerJobClient } from '../src/jobs/client';
import { createUser, listenRealtime, REDIS_URL, uniquePrefix, waitUntil, exited, stopAll } from './helpers';
import type { RealtimeListener } from './helpers';

/** Enough sites that the writes last seconds (a run reads the file once and writes 4 000-site batches). */
const SITES = 30000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const prefix = uniquePrefix('import');
let db: TestDatabase;
let importDir: string;
let connection: Redis;
let jobs: JobClient<Queue>;
let queue: Queue;
let live: RealtimeListener;
const processes: ChildProcess[] = [];
let output = '';

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, REDIS_URL, QUEUE_PREFIX: prefix, IMPORT_DIR: importDir, EXPORT_DIR: importDir, WORKER_LOCK_DURATION_MS: '6000', WORKER_STALLED_INTERVAL_MS: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  processes.push(child);
  return child;
}


beforeAll(async () => {
  db = await createTestDatabase();
  importDir = mkdtempSync(path.join(tmpdir(), 'tko-import-job-'));
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  jobs = workerJobClient(connection, prefix);
  queue = jobs.queue(QUEUE_IMPORTS);
  live = await listenRealtime();
});

afterAll(async () => {
  await stopAll(processes);
  for (const q of jobs?.opened() ?? []) await q.obliterate({ force: true }).catch(() => undefined);
  await jobs?.close();
  await live?.close();
  connection?.disconnect();
  await db?.drop();
});

const sites = async () => (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE location LIKE '%(sigkill)'`)).rows[0]!.n;

describe('import job in the worker process', () => {
  it('survives SIGKILL mid-run: nothing half-written, then done once after a restart', async () => {
    const userId = await createUser(db.pool, 'importer@test.local');
    const lines = ['Адрес;Широта;Долгота'];
    for (let s = 0; s < SITES; s++) lines.push(`Ангарск, ул. Тестовая, ${s + 1} (sigkill);${(52 + s / 10000).toFixed(6)};${(103 + s / 10000).toFixed(6)}`);
    const store = new LocalImportStore(importDir);
    const stored = await store.put(Readable.from([Buffer.from(lines.join('\n'))]), 'csv');
    const info = await inspectStoredFile(store, stored.key);
    const files = new ImportFilesRepository(db.pool);
    const file = await files.insert({
      userId, name: 'sigkill.csv', storageKey: stored.key, fileType: info.fileType, size: stored.size, sha256: stored.sha256,
      encoding: info.encoding, delimiter: info.delimiter, columns: info.columns, preview: [], rowCount: info.rowCount,
      templateType: 'CWA_BUNDLE', columnMapping: suggestMapping(cwaBundleTemplate, info.columns, []),
    });
    expect(file.column_mapping).toEqual({ Адрес: 'location', Широта: 'coordinates_lat', Долгота: 'coordinates_lng' });
    const run = (await files.startRun(file.id))!;
    await jobs.enqueue(IMPORT_FILE_JOB, { file_id: file.id, user_id: userId, run: run.run }, { jobId: run.jobId });

    const first = startWorker();
    await waitUntil(async () => ((await files.get(file.id))!.progress >= 35 ? true : null), 'the run writing sites', 240000);
    first.kill('SIGKILL');
    await exited(first);
    // The killed run's transaction is gone with its connection: no site of it is visible.
    expect(await sites()).toBe(0);
    expect((await files.get(file.id))!.status).toBe('PROCESSING');
    // The dead worker's lock would expire WORKER_LOCK_DURATION_MS after its last renewal; removed now instead
    // of waiting on the clock. The second worker's stalled check still has to find and recover the job.
    expect(await connection.del(queue.toKey(`${run.jobId}:lock`))).toBe(1);
    const killedAt = Date.now();

    startWorker();
    const done = await waitUntil(async () => {
      const f = (await files.get(file.id))!;
      return f.status === 'DONE' ? f : null;
    }, `the recovered run to finish (worker output: ${output.slice(-500)})`, 300000);
    console.log(`import-job: the recovered run finished ${Date.now() - killedAt} ms after the kill`);
    expect(done.report).toMatchObject({ rows: SITES, created: SITES, failed_rows: 0 });
    expect(await sites()).toBe(SITES);
    // The file is DONE at the COMMIT; the job completes once the run has announced its rows.
    const job = await queue.getJob(run.jobId);
    await waitUntil(async () => ((await job!.getState()) === 'completed' ? true : null), 'the job completed', 30000);
    const progress = () => live.on(DESTINATIONS.job(run.jobId)).map((m) => m.body as { state: string; progress: number });
    await waitUntil(() => progress().some((p) => p.state === 'completed'), 'the completed progress message', 10000);
    expect(progress().at(-1)).toMatchObject({ state: 'completed', progress: 100 });
    const notes = await waitUntil(async () => {
      const r = await db.pool.query<{ body: string }>('SELECT body FROM notification WHERE user_id = $1', [userId]);
      return r.rows.length ? r : null;
    }, 'the notification', 10000);
    expect(notes.rows.map((r) => r.body)).toEqual([`Импорт файла «sigkill.csv»: создано ${SITES}, обновлено 0, без изменений 0, пропущено 0, строк с ошибками 0.`]);
  }, 600000);
});
