/**
 * The job table (docs/DECISIONS.md «Where the job table lives») end to end,
 * in-process on real Redis and PostgreSQL: the worker's
 * registration loop (jobs/register.ts over jobs/table.ts, as main.ts runs it) has a consumer for
 * every kind of the contract's JOBS — a job of each kind, enqueued through the one job client,
 * is taken by its handler (completed, or failed with the handler's own reason) — the client
 * refuses a wrong payload (zod issues, nothing queued), and a job whose payload version is not
 * the table's (or that has none, or whose name no kind of its queue has) fails at once with its
 * reason, without a retry and without reaching the handler.
 */
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobName, JobPayload } from '@tko/contract';
import {
  APPEAL_OVERDUE_JOB, DASHBOARD_REFRESH_JOB, EXPORT_CLEANUP_JOB, FLOWS_GENERATE_JOB, IMPORT_FILE_JOB, JOB_QUEUES, JOB_SPECS, JOB_VERSION_KEY, JOBS, REGION_LOAD_JOB,
  NOTIFICATION_CLEANUP_JOB, PLAN_DAY_JOB, PLAN_FACT_JOB, POSITION_PARTITIONS_JOB, PROBLEM_DETECT_JOB, QUEUE_PLANNING, XLSX_EXPORT_JOB,
} from '@tko/contract';
import { JobPayloadError } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { createUser, uniquePrefix, waitUntil } from './helpers';
import { startJobsHarness } from './jobs-harness';
import type { JobsHarness } from './jobs-harness';

let db: TestDatabase;
let h: JobsHarness;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  userId = await createUser(db.pool, 'jobs@test.local');
  h = await startJobsHarness({ pool: db.pool, prefix: uniquePrefix('jobs-table') });
});
afterAll(async () => {
  await h?.close();
  await db?.drop();
});

/** A payload of every kind (the type requires one per JobName: a new kind needs one here). */
const samples = (): { [N in JobName]: JobPayload<N> } => ({
  [XLSX_EXPORT_JOB]: { resource: 'container', filters: {}, user_id: userId },
  [IMPORT_FILE_JOB]: { file_id: 2_000_000_000, user_id: userId, run: 1 },
  [FLOWS_GENERATE_JOB]: { years: [2030], base_year: 2026, area_radius_m: 5000, user_id: userId },
  [PLAN_DAY_JOB]: { schedule_id: 2_000_000_000, work_date: '2026-03-02', user_id: userId },
  [PLAN_FACT_JOB]: { schedule_id: 2_000_000_000, work_date: '2026-03-02' },
  [DASHBOARD_REFRESH_JOB]: {},
  [PROBLEM_DETECT_JOB]: { trigger: 'MANUAL' },
  [NOTIFICATION_CLEANUP_JOB]: {},
  [EXPORT_CLEANUP_JOB]: {},
  [POSITION_PARTITIONS_JOB]: {},
  [APPEAL_OVERDUE_JOB]: {},
  // No region settings in the harness: the handler fails with its own reason.
  [REGION_LOAD_JOB]: { upload: 'missing.osm.pbf', file_name: 'missing.osm.pbf', user_id: userId },
});

/** Waits until the job has ended (completed or failed) and returns it as stored. */
async function ended(queue: string, id: string): Promise<{ job: Job; state: string }> {
  return waitUntil(async () => {
    const job = await h.client.queue(queue).getJob(id);
    const state = job ? await job.getState() : 'missing';
    if (!job || (state !== 'completed' && state !== 'failed')) return null;
    // Read again: the job may have ended between the read above and its state (no failedReason yet).
    return { job: (await h.client.queue(queue).getJob(id))!, state };
  }, `job ${id} on «${queue}» to end`, 120000, 100);
}

const GUARD = /не описано для очереди|обработчик читает версию|неверные данные/;

describe('the job table', () => {
  it('runs one consumer per queue of the table', () => {
    expect([...h.running.workers.keys()].sort()).toEqual([...JOB_QUEUES].sort());
    expect(JOB_SPECS.map((s) => s.name).sort()).toEqual(Object.keys(samples()).sort());
  });

  it('takes a job of every kind, enqueued through the client, to its handler', async () => {
    const all = samples();
    const ids = new Map<string, string>();
    for (const spec of JOB_SPECS) {
      const name = spec.name as JobName;
      ids.set(name, await h.client.enqueue(name, all[name] as never, { jobId: `every-kind-${name}` }));
    }
    for (const spec of JOB_SPECS) {
      const { job, state } = await ended(spec.queue, ids.get(spec.name)!);
      expect(job.data[JOB_VERSION_KEY], spec.name).toBe(spec.version);
      if (state === 'failed') expect(job.failedReason, spec.name).not.toMatch(GUARD); // the handler's own reason
      else expect(job.returnvalue, spec.name).not.toBeNull();
    }
    // Two of them by their result: the export wrote its rows (none), the unknown import file was skipped.
    expect((await h.client.queue(JOBS[IMPORT_FILE_JOB].queue).getJob(ids.get(IMPORT_FILE_JOB)!))!.returnvalue).toMatchObject({ status: 'SKIPPED' });
    expect((await h.client.queue(JOBS[XLSX_EXPORT_JOB].queue).getJob(ids.get(XLSX_EXPORT_JOB)!))!.returnvalue).toMatchObject({ rows: 0 });
  });

  it('refuses a wrong payload in the client: zod issues, nothing queued', async () => {
    const queue = h.client.queue(QUEUE_PLANNING);
    const before = await queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed');
    const wrong = { schedule_id: 'семь', work_date: '2026-03-02' } as unknown as JobPayload<typeof PLAN_DAY_JOB>;
    const error = await h.client.enqueue(PLAN_DAY_JOB, wrong).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(JobPayloadError);
    expect((error as JobPayloadError).issues.map((i) => i.path).sort()).toEqual(['schedule_id', 'user_id']);
    expect((error as Error).message).toMatch(/^Задание «plan-day»: неверные данные \(/);
    expect(await queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(before);
  });

  it('fails a job of another payload version, or of none, at once with its reason', async () => {
    const queue = h.client.queue(QUEUE_PLANNING);
    const payload = samples()[PLAN_DAY_JOB];
    // Added past the client, as a producer of an older or newer release would have queued it.
    await queue.add(PLAN_DAY_JOB, { ...payload, [JOB_VERSION_KEY]: 99 }, { jobId: 'stale-version', attempts: 3 });
    await queue.add(PLAN_DAY_JOB, payload, { jobId: 'no-version', attempts: 3 });
    await queue.add('plan-week', { ...payload, [JOB_VERSION_KEY]: 1 }, { jobId: 'unknown-name', attempts: 3 });
    const stale = await ended(QUEUE_PLANNING, 'stale-version');
    expect(stale.state).toBe('failed');
    expect(stale.job.failedReason).toBe(
      'Задание «plan-day» поставлено с данными версии 99, обработчик читает версию 1; не выполнено — поставьте его заново / ' +
        'unsupported payload version 99 of job «plan-day» (expected 1)',
    );
    expect(stale.job.attemptsMade).toBe(1); // no retry: another attempt would misread it again
    const none = await ended(QUEUE_PLANNING, 'no-version');
    expect(none.state).toBe('failed');
    expect(none.job.failedReason).toMatch(/^Задание «plan-day» поставлено с данными без версии, обработчик читает версию 1;.* unsupported payload version null/);
    const unknown = await ended(QUEUE_PLANNING, 'unknown-name');
    expect(unknown.state).toBe('failed');
    expect(unknown.job.failedReason).toBe('Задание «plan-week» не описано для очереди «planning»; не выполнено / unknown job «plan-week» on queue «planning»');
    // The handler never ran: a plan-day handler on this schedule id fails with the planner's reason, not these.
    for (const j of [stale.job, none.job, unknown.job]) expect(j.progress).toBe(0);
  });
});
