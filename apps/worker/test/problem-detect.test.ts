/**
 * The problem detector's job (apps/worker/src/problem-detect.ts) through a real BullMQ queue and
 * worker: the schedule runs at once and exists once after two starts, `detectNow('IMPORT')`
 * after new data opens its problem (recorded as an IMPORT run), and the period setting is checked.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_DETECT_JOB } from '@tko/contract';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { problemDetectEveryMs, startProblemDetect } from '../src/problem-detect';
import type { ProblemDetect } from '../src/problem-detect';
import type { WriteEvent } from '@tko/db';
import { REDIS_URL, uniquePrefix, waitUntil } from './helpers';

let db: TestDatabase;
let connection: Redis;
const prefix = uniquePrefix('problems');
const started: ProblemDetect[] = [];

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

const openOf = async (code: string) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE code = $1 AND closed_at IS NULL`, [code])).rows[0]!.n;

describe('problem-detect', () => {
  it('runs on schedule and after an import, with one schedule after a restart', async () => {
    await db.pool.query(`INSERT INTO waste_dump (location, status, liquidation_period) VALUES ('Овраг', 'DETECTED', daterange('2026-01-01', '2026-02-01'))`);
    const announced: WriteEvent[] = [];
    started.push(await startProblemDetect(db.pool, connection, { prefix, everyMs: 3_600_000, log: () => undefined, announce: async (e) => { announced.push(...e); } }));
    await waitUntil(async () => (await openOf('P301')) === 1, 'first scheduled run');
    const [p301] = (await db.pool.query<{ id: number }>(`SELECT id FROM problem WHERE code = 'P301'`)).rows;
    await waitUntil(async () => announced.some((e) => e.id === p301!.id), 'announced');
    expect(announced.find((e) => e.id === p301!.id)).toMatchObject({ resource: 'problems', action: 'create' });
    started.push(await startProblemDetect(db.pool, connection, { prefix, everyMs: 3_600_000, log: () => undefined }));
    const schedulers = await started[0]!.queue.getJobSchedulers();
    expect(schedulers.filter((s) => s.key === PROBLEM_DETECT_JOB || s.name === PROBLEM_DETECT_JOB)).toHaveLength(1);
    await db.pool.query(`INSERT INTO waste_dump (location, status, liquidation_period) VALUES ('Лес', 'LIQUIDATION', daterange('2026-03-01', '2026-04-01'))`);
    await started[0]!.detectNow('IMPORT');
    // The second start's schedule may run again first and open the new problem itself, so wait for
    // the IMPORT run to be recorded as finished, not only for the problem (CI saw that order once).
    const finished = async () =>
      (await db.pool.query<{ trigger: string }>(`SELECT trigger FROM problem_detector_run WHERE finished_at IS NOT NULL ORDER BY id`)).rows.map((r) => r.trigger);
    await waitUntil(async () => (await finished()).includes('IMPORT'), 'run after an import');
    expect(await openOf('P301')).toBe(2);
    expect(await finished()).toContain('SCHEDULE');
  });

  it('reads PROBLEM_DETECT_EVERY_MS', () => {
    expect(problemDetectEveryMs({})).toBe(3_600_000);
    expect(problemDetectEveryMs({ PROBLEM_DETECT_EVERY_MS: '60000' })).toBe(60_000);
    expect(() => problemDetectEveryMs({ PROBLEM_DETECT_EVERY_MS: 'x' })).toThrow(/PROBLEM_DETECT_EVERY_MS/);
  });
});
