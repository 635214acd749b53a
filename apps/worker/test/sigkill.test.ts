/**
 * Crash recovery (issue 3 §3): the real worker process (`node --import tsx src/main.ts`, one
 * process, so SIGKILL kills the worker itself, not a launcher) is killed with SIGKILL in the
 * middle of a 30 000-row export; a second process started afterwards recovers the stalled job
 * (its stalled check every WORKER_STALLED_INTERVAL_MS; the dead worker's lock is removed at the kill instead of
 * waiting WORKER_LOCK_DURATION_MS for it to expire) and finishes it: completed once,
 * the file holds exactly the rows, no `.part` file is left, and the owner has one notification.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '@tko/contract';
import { DESTINATIONS, QUEUE_EXPORTS, XLSX_EXPORT_JOB } from '@tko/contract';
import type { JobClient } from '@tko/db';
import { workerJobClient } from '../src/jobs/client';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { createUser, listenRealtime, REDIS_URL, seedContainerSites, uniquePrefix, waitUntil, exited, stopAll } from './helpers';
import type { RealtimeListener } from './helpers';

const ROWS = 30000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let db: TestDatabase;
let userId: number;
let exportDir: string;
const prefix = uniquePrefix('sigkill');
let connection: Redis;
let jobs: JobClient<Queue>;
let queue: Queue;
let live: RealtimeListener;
const processes: ChildProcess[] = [];
let output = '';

/** Starts `apps/worker/src/main.ts` in one node process with the test's environment. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      EXPORT_DIR: exportDir,
      WORKER_LOCK_DURATION_MS: '6000',
      WORKER_STALLED_INTERVAL_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  processes.push(child);
  return child;
}


beforeAll(async () => {
  db = await createTestDatabase();
  userId = await createUser(db.pool, 'owner@test.local');
  await seedContainerSites(db.pool, ROWS);
  exportDir = mkdtempSync(path.join(tmpdir(), 'tko-sigkill-'));
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  jobs = workerJobClient(connection, prefix);
  queue = jobs.queue(QUEUE_EXPORTS);
  live = await listenRealtime();
});

afterAll(async () => {
  await stopAll(processes);
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await jobs?.close();
  await live?.close();
  connection?.disconnect();
  await db?.drop();
});

describe('a worker killed with SIGKILL mid-job', () => {
  it('finishes the job after a restart, once, with no duplicated output', async () => {
    const job = (await queue.getJob(await jobs.enqueue(XLSX_EXPORT_JOB, { resource: 'container', filters: {}, user_id: userId }, { jobId: 'sigkill-export' })))!;
    const destination = DESTINATIONS.job(job.id!);
    const progressOf = () => live.on(destination).map((m) => m.body as JobProgress);

    const first = startWorker();
    await waitUntil(() => progressOf().some((p) => p.state === 'active' && p.progress > 0), 'progress > 0 from the first worker', 90000, 20);
    first.kill('SIGKILL');
    await exited(first);
    const killedAt = Date.now();
    const progressAtKill = Math.max(...progressOf().map((p) => p.progress));
    expect(first.signalCode).toBe('SIGKILL');
    expect(progressAtKill).toBeLessThan(100);
    expect(await job.getState()).toBe('active'); // its lock is still held by the dead worker
    expect(readdirSync(exportDir)).toEqual([`${job.id}.xlsx.part`]); // a half file, not under the final name
    // The dead worker can no longer renew its lock; removing it stands for its expiry (WORKER_LOCK_DURATION_MS
    // after the last renewal) without waiting on the clock. The second worker's stalled check must still find
    // the job active without a lock and move it back to wait (stalledCounter 1 below).
    expect(await connection.del(queue.toKey(`${job.id}:lock`))).toBe(1);

    const seenAtKill = progressOf().length;
    startWorker();
    // The second run starts again from 0 % (the file is written from scratch).
    await waitUntil(() => progressOf().slice(seenAtKill).some((p) => p.state === 'active' && p.progress === 0), 'the job to be picked up again', 120000, 50);
    const pickedUpInMs = Date.now() - killedAt;
    await waitUntil(async () => (await job.getState()) === 'completed', 'the job to complete after the restart', 120000, 200);
    console.log(`killed at ${progressAtKill} %; picked up again ${pickedUpInMs} ms and completed ${Date.now() - killedAt} ms after the kill`);

    const done = (await queue.getJob(job.id!))!;
    expect(done.returnvalue).toMatchObject({ file: `${job.id}.xlsx`, rows: ROWS });
    expect(done.stalledCounter).toBe(1); // recovered as a stalled job, not as a failed attempt
    expect(done.attemptsStarted).toBe(2); // the killed run and the finishing one
    expect(done.attemptsMade).toBe(1); // one finished attempt: the killed run used no retry
    expect(output.match(new RegExp(`job ${job.id} completed`, 'g'))).toHaveLength(1);
    expect(progressOf().filter((p) => p.state === 'completed')).toHaveLength(1);

    expect(readdirSync(exportDir)).toEqual([`${job.id}.xlsx`]); // no .part left
    let rows = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path.join(exportDir, `${job.id}.xlsx`), { worksheets: 'emit', sharedStrings: 'cache' });
    const identifiers = new Set<string>();
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rows++;
        if (rows === 1) continue;
        const id = (row.values as unknown[]).find((v) => typeof v === 'string' && /^S-\d+$/.test(v));
        if (typeof id === 'string') identifiers.add(id);
      }
    }
    expect(rows).toBe(ROWS + 1); // header + every row exactly once
    expect(identifiers.size).toBe(ROWS);

    const { rows: notes } = await db.pool.query(`SELECT type, document_url FROM notification WHERE user_id = $1`, [userId]);
    expect(notes).toEqual([{ type: 'download', document_url: `/api/jobs/${job.id}/file/` }]);
  }, 300000);
});
