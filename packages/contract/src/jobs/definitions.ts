/**
 * The table of background jobs (issue 21 §1): every job the product runs, once — its name, the
 * BullMQ queue it travels on, the version of its payload, the zod schema of that payload and the
 * BullMQ options every job of the kind gets (attempts, backoff, how long finished jobs are kept).
 *
 * The producers (the API, the worker's own follow-up jobs) enqueue only through the one job client
 * (@tko/db jobs/client.ts: validates the payload with `payload`, stamps `version` into the job's
 * data as `job_version`, opens each queue once); the worker starts one consumer per queue of this
 * table and refuses a job whose `job_version` is not the table's (apps/worker src/jobs/register.ts).
 * The handlers live with their code and are wired to these names in the worker's table
 * (apps/worker src/jobs/table.ts), whose type requires a handler for every name here.
 *
 * A payload change that an older worker cannot read (a field renamed, made required, its meaning
 * changed) raises `version`: jobs queued before the deploy then fail with their reason instead of
 * running on data they misread.
 */
import { z } from 'zod';
import { PLAN_DAY_JOB, PlanDayJobSchema, QUEUE_PLANNING } from '../routes/schedule-routes';
import { PLAN_FACT_JOB, PlanFactJobSchema, QUEUE_PLAN_FACT } from '../routes/plan-fact';
import { FLOWS_GENERATE_JOB, FlowsGenerateJobSchema, QUEUE_FLOWS } from '../routes/operations';
import { DASHBOARD_REFRESH_JOB, QUEUE_DASHBOARD } from '../routes/dashboard';
import { PROBLEM_DETECT_JOB, QUEUE_PROBLEMS } from '../routes/problems';
import { QUEUE_REGION, REGION_LOAD_JOB, RegionLoadJobSchema } from '../routes/region';
import {
  APPEAL_OVERDUE_JOB, EXPORT_CLEANUP_JOB, EXPORT_JOB_ATTEMPTS, EXPORT_JOB_BACKOFF, IMPORT_FILE_JOB, ImportFileJobSchema, NOTIFICATION_CLEANUP_JOB,
  POSITION_PARTITIONS_JOB, QUEUE_EXPORTS, QUEUE_IMPORTS, QUEUE_MAINTENANCE, XLSX_EXPORT_JOB, XlsxExportJobSchema,
} from './index';

/** The data key the job client stamps the payload's version under. */
export const JOB_VERSION_KEY = 'job_version';

/** How many finished jobs BullMQ keeps: by age (seconds) and/or count (BullMQ KeepJobs). */
export interface JobRetention {
  age?: number;
  count?: number;
}

/** The BullMQ options a job kind fixes (a subset of BullMQ JobsOptions, as plain data). */
export interface JobKindOptions {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: JobRetention;
  removeOnFail?: JobRetention;
}

/** One job kind of the table. */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  /** The BullMQ job name (unique across the table). */
  name: string;
  /** The BullMQ queue (several kinds may share one: `maintenance`). */
  queue: string;
  /** The payload's version (integer ≥ 1); see the module comment. */
  version: number;
  payload: S;
  options: JobKindOptions;
  /** Housekeeping run by a schedule of the worker (its period from the worker's settings), not by a request. */
  scheduled?: boolean;
}

const spec = <S extends z.ZodType>(s: JobSpec<S>): JobSpec<S> => s;

/** No data (the housekeeping jobs). */
export const EmptyJobSchema = z.object({});
/** Payload of `problem-detect`: what started the run (recorded in problem_detector_run). */
export const ProblemDetectJobSchema = z.object({ trigger: z.enum(['SCHEDULE', 'IMPORT', 'MANUAL']).optional() });
export type ProblemDetectJob = z.infer<typeof ProblemDetectJobSchema>;

const DAY = 86400;
const housekeeping = { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } };

/** Every background job, by name. */
export const JOBS = {
  /** Export a registry to xlsx (apps/worker processors/xlsx-export.ts); retried with backoff. */
  [XLSX_EXPORT_JOB]: spec({
    name: XLSX_EXPORT_JOB, queue: QUEUE_EXPORTS, version: 1, payload: XlsxExportJobSchema,
    options: { attempts: EXPORT_JOB_ATTEMPTS, backoff: EXPORT_JOB_BACKOFF, removeOnComplete: { age: DAY }, removeOnFail: { age: DAY } },
  }),
  /** One run of a system import (@tko/import process-job.ts). */
  [IMPORT_FILE_JOB]: spec({
    name: IMPORT_FILE_JOB, queue: QUEUE_IMPORTS, version: 1, payload: ImportFileJobSchema,
    options: { attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: DAY }, removeOnFail: { age: 7 * DAY } },
  }),
  /**
   * Loading the region's OpenStreetMap extract (apps/worker region-load.ts): no retry — a failed
   * load is started again from the screen (it runs for minutes and its tools' errors do not pass).
   */
  [REGION_LOAD_JOB]: spec({
    name: REGION_LOAD_JOB, queue: QUEUE_REGION, version: 1, payload: RegionLoadJobSchema,
    options: { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } },
  }),
  /** Recount of the predicted flows (apps/worker flows-generate.ts): no retry (a recount is asked again). */
  [FLOWS_GENERATE_JOB]: spec({
    name: FLOWS_GENERATE_JOB, queue: QUEUE_FLOWS, version: 1, payload: FlowsGenerateJobSchema,
    options: { removeOnComplete: { age: DAY }, removeOnFail: { age: 7 * DAY } },
  }),
  /** Day planning of a schedule (@tko/planning store plan-day.ts). */
  [PLAN_DAY_JOB]: spec({
    name: PLAN_DAY_JOB, queue: QUEUE_PLANNING, version: 1, payload: PlanDayJobSchema,
    options: { attempts: 2, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { age: DAY }, removeOnFail: { age: DAY } },
  }),
  /**
   * Plan and fact of a (schedule, date) (@tko/planning plan-fact): enqueued by the position ingest,
   * deduplicated per (schedule, date) while one waits (PLAN_FACT_DEBOUNCE_MS), so a burst of positions is one run.
   */
  [PLAN_FACT_JOB]: spec({
    name: PLAN_FACT_JOB, queue: QUEUE_PLAN_FACT, version: 1, payload: PlanFactJobSchema,
    options: { attempts: 2, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { count: 100 }, removeOnFail: { age: DAY } },
  }),
  /** The dashboard summary (@tko/db refreshDashboard): on schedule and after each import. */
  [DASHBOARD_REFRESH_JOB]: spec({
    name: DASHBOARD_REFRESH_JOB, queue: QUEUE_DASHBOARD, version: 1, payload: EmptyJobSchema, scheduled: true,
    options: { removeOnComplete: { count: 10 }, removeOnFail: { count: 20 } },
  }),
  /** The problem detector (@tko/db runProblemDetector): on schedule and after each import. */
  [PROBLEM_DETECT_JOB]: spec({
    name: PROBLEM_DETECT_JOB, queue: QUEUE_PROBLEMS, version: 1, payload: ProblemDetectJobSchema, scheduled: true,
    options: { removeOnComplete: { count: 10 }, removeOnFail: { count: 20 } },
  }),
  /** Deletes expired notifications (spec 01 §9: a notification lives one month). */
  [NOTIFICATION_CLEANUP_JOB]: spec({
    name: NOTIFICATION_CLEANUP_JOB, queue: QUEUE_MAINTENANCE, version: 1, payload: EmptyJobSchema, scheduled: true, options: housekeeping,
  }),
  /** Deletes export files older than EXPORT_TTL_SECONDS, marks their export_record rows expired. */
  [EXPORT_CLEANUP_JOB]: spec({
    name: EXPORT_CLEANUP_JOB, queue: QUEUE_MAINTENANCE, version: 1, payload: EmptyJobSchema, scheduled: true, options: housekeeping,
  }),
  /** Makes the GPS positions' day partitions of the position window (issue 22), hourly. */
  [POSITION_PARTITIONS_JOB]: spec({
    name: POSITION_PARTITIONS_JOB, queue: QUEUE_MAINTENANCE, version: 1, payload: EmptyJobSchema, scheduled: true, options: housekeeping,
  }),
  /** Overdue appeals told to their staff once per appeal and term (@tko/db notifyOverdueAppeals). */
  [APPEAL_OVERDUE_JOB]: spec({
    name: APPEAL_OVERDUE_JOB, queue: QUEUE_MAINTENANCE, version: 1, payload: EmptyJobSchema, scheduled: true, options: housekeeping,
  }),
} as const;

export type JobName = keyof typeof JOBS;
/** The payload of job `N` as the producer gives it (before the version is stamped). */
export type JobPayload<N extends JobName> = z.input<(typeof JOBS)[N]['payload']>;
/** The payload of job `N` as the worker reads it. */
export type JobData<N extends JobName> = z.output<(typeof JOBS)[N]['payload']>;

/** Every job kind, in the table's order. */
export const JOB_SPECS: readonly JobSpec[] = Object.values(JOBS);

/** The queues of the table, each once. */
export const JOB_QUEUES: readonly string[] = [...new Set(JOB_SPECS.map((s) => s.queue))];

/** The kind named `name`, or undefined. */
export function jobSpec(name: string): JobSpec | undefined {
  return (JOBS as Record<string, JobSpec>)[name];
}
