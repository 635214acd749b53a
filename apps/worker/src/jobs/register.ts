/**
 * The worker's one registration loop (issue 21 §1; docs/ARCHITECTURE.md «Domain runtime»): one
 * BullMQ Worker per queue of the job table (@tko/contract JOBS), each running the handlers of the
 * kinds on that queue (table.ts) one job at a time, after the checks of guard.ts (kind, payload
 * version, payload). Housekeeping kinds get their schedule through the job client (a BullMQ job
 * scheduler keyed by the job's name: restarting keeps one), upserted at start and again every
 * time the Redis connection becomes ready (issue 8 §7: a Redis restarted without its data, or
 * flushed, gets them back as soon as the worker reconnects).
 *
 * Crash recovery is BullMQ's (settings.ts recoveryOptions, passed as `workerOptions`): a job whose
 * worker died is taken up again by a live one.
 */
import { Worker } from 'bullmq';
import type { Job, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobName, JobSpec } from '@tko/contract';
import { JOBS } from '@tko/contract';
import type { JobClient } from '@tko/db';
import { checkJobData, unknownJob } from './guard';
import type { WorkerJob, WorkerJobTable } from './table';

export interface StartJobsOptions {
  /** The worker's Redis connection (maxRetriesPerRequest null), also the one `client` opens its queues on. */
  connection: Redis;
  /** The process's job client (the domain's): the schedules are upserted through it. */
  client: JobClient;
  table: WorkerJobTable;
  /** Only these kinds (a test of one job); default every kind of the table. */
  only?: readonly JobName[];
  /** BullMQ options of every Worker: `prefix` (QUEUE_PREFIX) and the recovery settings. */
  workerOptions?: Partial<WorkerOptions>;
  log?: (message: string) => void;
}

export interface RunningJobs {
  /** The consumer of each queue, by queue name. */
  workers: ReadonlyMap<string, Worker>;
  /** Upserts every schedule (what each Redis 'ready' runs). */
  schedule(): Promise<void>;
  /** Stops the consumers (a running job is finished or handed back) and the re-scheduling. */
  close(): Promise<void>;
}

interface Kind {
  spec: JobSpec;
  run: WorkerJob;
}

/** The kinds to run, grouped by queue, in the contract's order. */
function kindsByQueue(table: WorkerJobTable, only?: readonly JobName[]): Map<string, Map<string, Kind>> {
  const byQueue = new Map<string, Map<string, Kind>>();
  for (const name of Object.keys(JOBS) as JobName[]) {
    if (only && !only.includes(name)) continue;
    const spec: JobSpec = JOBS[name];
    const kinds = byQueue.get(spec.queue) ?? new Map<string, Kind>();
    kinds.set(name, { spec, run: table[name] as WorkerJob });
    byQueue.set(spec.queue, kinds);
  }
  return byQueue;
}

/** The processor of one queue: checks the job, then runs its kind's handler. */
function dispatcher(queue: string, kinds: Map<string, Kind>) {
  return async (job: Job): Promise<unknown> => {
    const kind = kinds.get(job.name) ?? unknownJob(queue, job.name);
    checkJobData(kind.spec, job.data);
    return kind.run.handler(job);
  };
}

/** Starts a consumer for every queue of the table (or of `only`) and upserts the schedules; see the module comment. */
export async function startJobs(o: StartJobsOptions): Promise<RunningJobs> {
  const log = o.log ?? ((m: string) => console.error(m));
  const byQueue = kindsByQueue(o.table, o.only);
  const kinds = [...byQueue.values()].flatMap((k) => [...k.values()]);
  const schedule = async () => {
    for (const { spec, run } of kinds) {
      if (run.schedule) await o.client.schedule(spec.name as JobName, run.schedule.every, run.schedule.payload as never);
    }
  };
  await schedule();
  let outage = false; // one line per outage, not one per reconnect attempt
  const onReady = () => {
    outage = false;
    void schedule().catch((e: unknown) => log(`jobs: re-scheduling failed: ${(e as Error).message}`));
  };
  o.connection.on('ready', onReady);

  const workers = new Map<string, Worker>();
  for (const [queue, queueKinds] of byQueue) {
    const worker = new Worker(queue, dispatcher(queue, queueKinds), { ...o.workerOptions, connection: o.connection, concurrency: 1 });
    worker.on('error', (e) => {
      if (!outage) log(`jobs: queue «${queue}»: ${e.message} (schedules are registered again on reconnect)`);
      outage = true;
    });
    worker.on('failed', (job, err) => {
      log(`${job?.name ?? queue} job ${job?.id} failed: ${err.message}`);
      const run = job ? queueKinds.get(job.name)?.run : undefined;
      void run?.onFailed?.(job, err).catch((e: unknown) => log(`${job?.name} job ${job?.id} failure report: ${(e as Error).message}`));
    });
    worker.on('completed', (job) => {
      const run = queueKinds.get(job.name)?.run;
      if (!run?.schedule) console.log(`${job.name} job ${job.id} completed`);
      void run?.onCompleted?.(job).catch((e: unknown) => log(`${job.name} job ${job.id} follow-up: ${(e as Error).message}`));
    });
    workers.set(queue, worker);
  }
  return {
    workers,
    schedule,
    async close() {
      o.connection.off('ready', onReady);
      await Promise.all([...workers.values()].map((w) => w.close()));
    },
  };
}
