/**
 * The one job client of a process (issue 21 §1; docs/ARCHITECTURE.md «Domain runtime»): every job
 * is enqueued through it, by its name in the contract's table (@tko/contract jobs/definitions.ts).
 * `enqueue` validates the payload with the kind's zod schema (a wrong payload throws
 * JobPayloadError, nothing is queued), stamps the kind's version into the data (`job_version`,
 * read back by the worker's registration loop), applies the kind's BullMQ options (attempts,
 * backoff, retention; the caller may add a job id or override the retention) and adds the job to
 * the kind's queue. Each queue is opened once, on first use, by the process's `open` (the
 * process owns the Redis connection: the API's answers 503 while it is down, the worker's blocks).
 *
 * No BullMQ import here: `JobQueue` is what the client needs of a BullMQ Queue, which the
 * process's `open` returns (so @tko/db needs no Redis library).
 */
import type { JobKindOptions, JobName, JobPayload, JobRetention, JobSpec } from '@tko/contract';
import { JOB_VERSION_KEY, jobSpec } from '@tko/contract';

/** What the client uses of a BullMQ Queue (bullmq's `Queue` has it). */
export interface JobQueue {
  readonly name: string;
  add(name: string, data: unknown, opts?: object): Promise<{ id?: string }>;
  upsertJobScheduler(id: string, repeat: { every: number }, template: { name: string; data: unknown; opts: object }): Promise<unknown>;
  close(): Promise<void>;
}

/** Per-job options a producer may add to its kind's (JobKindOptions). */
export interface EnqueueOptions {
  /** BullMQ job id (a second job with a used id is ignored by BullMQ: pick unique ids). */
  jobId?: string;
  removeOnComplete?: JobRetention;
  removeOnFail?: JobRetention;
  /** Run no sooner than this many ms from now. */
  delay?: number;
  /** BullMQ deduplication: a job with this id added while one with it waits (or within `ttl` ms) is not added. */
  deduplication?: { id: string; ttl?: number };
}

/** One payload problem: the field's path (dots; '' = the payload itself) and zod's message. */
export interface JobPayloadIssue {
  path: string;
  message: string;
}

/** A payload that does not match its kind's schema; nothing was queued. */
export class JobPayloadError extends Error {
  constructor(readonly job: string, readonly issues: JobPayloadIssue[]) {
    super(`Задание «${job}»: неверные данные (${issues.map((i) => `${i.path || 'payload'}: ${i.message}`).join('; ')}) / invalid job payload`);
    this.name = 'JobPayloadError';
  }
}

/** The kind named `name`; throws for a name the table does not have. */
export function requireJobSpec(name: string): JobSpec {
  const spec = jobSpec(name);
  if (!spec) throw new Error(`Неизвестное задание «${name}» / unknown job`);
  return spec;
}

/**
 * The job data of `payload` for kind `name`: validated (JobPayloadError otherwise), stripped of
 * keys the schema does not know, with the kind's version stamped under JOB_VERSION_KEY.
 */
export function jobData<N extends JobName>(name: N, payload: JobPayload<N>): Record<string, unknown> {
  const spec = requireJobSpec(name);
  const parsed = spec.payload.safeParse(payload);
  if (!parsed.success) {
    throw new JobPayloadError(name, parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  }
  return { ...(parsed.data as Record<string, unknown>), [JOB_VERSION_KEY]: spec.version };
}

/** BullMQ options of a job of `spec` with the producer's additions. */
function jobOptions(spec: JobSpec, opts: EnqueueOptions): JobKindOptions & EnqueueOptions {
  return { ...spec.options, ...opts };
}

export class JobClient<Q extends JobQueue = JobQueue> {
  private readonly queues = new Map<string, Q>();

  /** `open(queueName)` opens a BullMQ Queue on the process's connection and prefix; called once per queue. */
  constructor(private readonly open: (queue: string) => Q) {}

  /** The queue named `name`, opened on first use. */
  queue(name: string): Q {
    let q = this.queues.get(name);
    if (!q) this.queues.set(name, (q = this.open(name)));
    return q;
  }

  /** The queues opened so far. */
  opened(): Q[] {
    return [...this.queues.values()];
  }

  /** Queues job `name` (see the module comment); returns the job's id. Throws JobPayloadError on a wrong payload. */
  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: EnqueueOptions = {}): Promise<string> {
    const spec = requireJobSpec(name);
    const data = jobData(name, payload);
    const job = await this.queue(spec.queue).add(name, data, jobOptions(spec, opts));
    return job.id!;
  }

  /**
   * Upserts the schedule of a housekeeping kind: one job every `every` ms with `payload`
   * (idempotent: the scheduler's id is the job's name, so a restart keeps one schedule).
   */
  async schedule<N extends JobName>(name: N, every: number, payload: JobPayload<N>): Promise<void> {
    const spec = requireJobSpec(name);
    const data = jobData(name, payload);
    await this.queue(spec.queue).upsertJobScheduler(name, { every }, { name, data, opts: { removeOnComplete: spec.options.removeOnComplete, removeOnFail: spec.options.removeOnFail } });
  }

  /** Closes every queue it opened (the connection is the opener's to close). */
  async close(): Promise<void> {
    const all = this.opened();
    this.queues.clear();
    await Promise.all(all.map((q) => q.close()));
  }
}
