/**
 * Runs the problem detector (issue 12 §1; @tko/db runProblemDetector) as the `problem-detect`
 * job (contract jobs/definitions.ts): a schedule of the worker's registration loop runs it every
 * PROBLEM_DETECT_EVERY_MS (default 3 600 000 ms = 1 h; trigger SCHEDULE), and
 * `detectProblemsNow()` queues an extra run after each import (trigger IMPORT), one per second at
 * most. The schedule is upserted at start and on every Redis 'ready' (issue 8 §7,
 * jobs/register.ts); with several worker processes each run happens once (BullMQ), and two
 * overlapping runs are serialised per rule by the detector's advisory locks. Every run is
 * recorded in problem_detector_run. The job's result: the run's counts (opened, closed, open_total).
 */
import type { Job } from 'bullmq';
import type { Pool } from 'pg';
import { PROBLEM_DETECT_JOB } from '@tko/contract';
import type { ProblemDetectJob } from '@tko/contract';
import { detectorEvents, runProblemDetector } from '@tko/db';
import type { DetectorTrigger, JobClient, WriteEvent } from '@tko/db';

/** Default period of the detector, ms (1 hour). */
export const PROBLEM_DETECT_DEFAULT_MS = 3_600_000;

/** Reads PROBLEM_DETECT_EVERY_MS (integer ms ≥ 1000); throws on another value. */
export function problemDetectEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.PROBLEM_DETECT_EVERY_MS;
  if (v === undefined || v === '') return PROBLEM_DETECT_DEFAULT_MS;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1000) throw new Error(`PROBLEM_DETECT_EVERY_MS: целое число миллисекунд не меньше 1000, получено «${v}».`);
  return n;
}

/** Announces the run's changes (a WritePipeline's announce: /topic/registry.problems); never throws into the job. */
export type AnnounceChanges = (events: WriteEvent[]) => Promise<void>;

/**
 * The job's processor: one run over every rule; trigger from the job data (default SCHEDULE).
 * The schedule's runs are INCREMENTAL (issue 27 §1): only the objects changed since the last run
 * are re-checked — the detector runs FULL by itself when it has no base run or the state changed
 * (@tko/db problems/scope.ts). A run after an import is FULL: some loaders write without the
 * registry history (the Angarsk plan, ОКТМО, raw data loaders), which the incremental scope reads.
 */
export function problemDetectProcessor(pool: Pool, announce?: AnnounceChanges) {
  return async (job: Job<ProblemDetectJob>): Promise<{ run_id: number; opened: number; closed: number; open_total: number }> => {
    const trigger = job.data?.trigger ?? 'SCHEDULE';
    const r = await runProblemDetector(pool, { trigger, mode: trigger === 'SCHEDULE' ? 'INCREMENTAL' : 'FULL' });
    if (announce) await announce(detectorEvents(r)).catch(() => undefined);
    return { run_id: r.run_id, opened: r.opened, closed: r.closed, open_total: r.open_total };
  };
}

/** Queues one run now (after an import: trigger IMPORT) through the job client; one per second at most. */
export async function detectProblemsNow(jobs: JobClient, trigger: DetectorTrigger = 'IMPORT'): Promise<void> {
  await jobs.enqueue(PROBLEM_DETECT_JOB, { trigger }, { jobId: `${PROBLEM_DETECT_JOB}-now-${Math.floor(Date.now() / 1000)}` });
}
