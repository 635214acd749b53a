/**
 * Runs the problem detector (issue 12 §1; @tko/db runProblemDetector) as BullMQ jobs on the
 * `problems` queue: a job scheduler runs `problem-detect` every PROBLEM_DETECT_EVERY_MS (default
 * 3 600 000 ms = 1 h; trigger SCHEDULE), and `detectNow()` queues an extra run after each import
 * (trigger IMPORT), deduplicated per second. The schedule is upserted at start and on every
 * Redis 'ready' (issue 8 §7), like maintenance.ts; with several worker processes each run
 * happens once (BullMQ), and two overlapping runs are serialised per rule by the detector's
 * advisory locks. Every run is recorded in problem_detector_run. The job's result: the run's
 * counts (opened, closed, open_total).
 */
import { Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { PROBLEM_DETECT_JOB, QUEUE_PROBLEMS } from '@tko/contract';
import { detectorEvents, runProblemDetector } from '@tko/db';
import type { DetectorTrigger, WriteEvent } from '@tko/db';

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

/** The job's processor: one run over every rule; trigger from the job data (default SCHEDULE). */
export function problemDetectProcessor(pool: Pool, announce?: AnnounceChanges) {
  return async (job: Job<{ trigger?: DetectorTrigger }>): Promise<{ run_id: number; opened: number; closed: number; open_total: number }> => {
    const r = await runProblemDetector(pool, { trigger: job.data?.trigger ?? 'SCHEDULE' });
    if (announce) await announce(detectorEvents(r)).catch(() => undefined);
    return { run_id: r.run_id, opened: r.opened, closed: r.closed, open_total: r.open_total };
  };
}

export interface ProblemDetect {
  queue: Queue;
  worker: Worker;
  /** Queues one run now (after an import). */
  detectNow(trigger?: DetectorTrigger): Promise<void>;
  close(): Promise<void>;
}

/** Schedules the detector, re-schedules on reconnect and starts its consumer. */
export async function startProblemDetect(
  pool: Pool, connection: Redis,
  opts: { prefix?: string; everyMs: number; workerOptions?: Record<string, unknown>; log?: (m: string) => void; announce?: AnnounceChanges },
): Promise<ProblemDetect> {
  const log = opts.log ?? ((m: string) => console.error(m));
  const queue = new Queue(QUEUE_PROBLEMS, { connection, prefix: opts.prefix });
  queue.on('error', () => undefined);
  const jobOpts = { removeOnComplete: { count: 10 }, removeOnFail: { count: 20 } };
  const schedule = () => queue.upsertJobScheduler(PROBLEM_DETECT_JOB, { every: opts.everyMs }, { name: PROBLEM_DETECT_JOB, data: { trigger: 'SCHEDULE' }, opts: jobOpts });
  await schedule();
  const onReady = () => void schedule().catch((e: unknown) => log(`problems: re-scheduling failed: ${(e as Error).message}`));
  connection.on('ready', onReady);
  const worker = new Worker(QUEUE_PROBLEMS, problemDetectProcessor(pool, opts.announce), { ...opts.workerOptions, connection, prefix: opts.prefix, concurrency: 1 });
  worker.on('error', (e) => log(`problems: ${e.message}`));
  worker.on('failed', (job, e) => log(`problems: detector run ${job?.id} failed: ${e.message}`));
  return {
    queue,
    worker,
    async detectNow(trigger: DetectorTrigger = 'IMPORT') {
      await queue.add(PROBLEM_DETECT_JOB, { trigger }, { ...jobOpts, jobId: `${PROBLEM_DETECT_JOB}-now-${Math.floor(Date.now() / 1000)}` });
    },
    async close() {
      connection.off('ready', onReady);
      await worker.close();
      await queue.close();
    },
  };
}
