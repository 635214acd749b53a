/**
 * The worker's side of the job table (docs/DECISIONS.md «Where the job table lives»):
 * for every kind of @tko/contract JOBS its
 * handler (where its code lives: the worker's processors, @tko/import, @tko/planning), the
 * schedule of a housekeeping kind and the listeners that tell the owner about a failure or start
 * the follow-up jobs. The type is a record over every JobName, so a kind added to the contract
 * without a handler here does not compile; jobs/register.ts starts a consumer for each.
 */
import type { Job } from 'bullmq';
import type { JobName, JobPayload } from '@tko/contract';
import {
  APPEAL_OVERDUE_JOB, DASHBOARD_REFRESH_JOB, EXPORT_CLEANUP_JOB, FLOWS_GENERATE_JOB, IMPORT_FILE_JOB, NOTIFICATION_CLEANUP_JOB, PLAN_DAY_JOB, POSITION_PARTITIONS_JOB,
  PLAN_FACT_JOB, PROBLEM_DETECT_JOB, REGION_LOAD_JOB, XLSX_EXPORT_JOB,
} from '@tko/contract';
import type { Domain } from '@tko/db';
import type { ImportJobDeps } from '@tko/import';
import { dashboardRefreshProcessor, refreshDashboardNow } from '../dashboard-refresh';
import { flowsFailureHandler, flowsGenerateProcessor } from '../flows-generate';
import { importProcessor } from '../import-worker';
import { appealOverdueProcessor, exportCleanupProcessor, notificationCleanupProcessor, positionPartitionsProcessor } from '../maintenance';
import { planFactProcessor } from '../plan-fact';
import { planDayProcessor, planFailureHandler } from '../planning-worker';
import { detectProblemsNow, problemDetectProcessor } from '../problem-detect';
import { exportFailureHandler, xlsxExportProcessor } from '../processors/xlsx-export';
import { jobPublisher } from '../progress';
import { regionLoadProcessor } from '../region-load';
import type { RegionLoadSettings } from '../region-load';

/** How the worker runs one kind. */
export interface WorkerJob<N extends JobName = JobName> {
  /** Runs one job whose name, version and payload the loop has checked (jobs/guard.ts); its result is the job's. */
  handler(job: Job): Promise<unknown>;
  /** Housekeeping: one job every `every` ms (a BullMQ job scheduler, upserted at start and on every Redis 'ready'). */
  schedule?: { every: number; payload: JobPayload<N> };
  /** After BullMQ's `failed` (a retry may follow: see job.attemptsMade); errors are logged. */
  onFailed?(job: Job | undefined, err: Error): Promise<void>;
  /** After BullMQ's `completed`; errors are logged. */
  onCompleted?(job: Job): Promise<void>;
}

export type WorkerJobTable = { [N in JobName]: WorkerJob<N> };

/** What the handlers need: the process's domain (with its job client), directories and periods (settings.ts). */
export interface WorkerJobContext {
  domain: Domain;
  exportDir: string;
  exportTtlSeconds: number;
  /** IMPORT_DIR (default import-worker.ts importDir()). */
  importDir?: string;
  geocoder?: ImportJobDeps['geocoder'];
  /** The region load's database URL and BASEMAP_DIR (region-load.ts); absent: its jobs fail with the reason. */
  region?: RegionLoadSettings;
  /** The housekeeping periods, ms (settings.ts, dashboard-refresh.ts, problem-detect.ts). */
  every: { notificationCleanup: number; exportCleanup: number; dashboardRefresh: number; problemDetect: number; positionPartitions?: number; appealOverdue?: number };
  log?: (message: string) => void;
}

/** The table of the worker process (main.ts) and of the tests that run the loop in-process. */
export function workerJobTable(ctx: WorkerJobContext): WorkerJobTable {
  const { domain } = ctx;
  const log = ctx.log ?? ((m: string) => console.error(m));
  const jobs = () => {
    if (!domain.jobs) throw new Error('worker: the domain has no job client');
    return domain.jobs;
  };
  return {
    [XLSX_EXPORT_JOB]: {
      handler: xlsxExportProcessor(domain, ctx.exportDir, { exportTtlSeconds: ctx.exportTtlSeconds }),
      onFailed: exportFailureHandler(domain),
    },
    [IMPORT_FILE_JOB]: {
      handler: importProcessor(domain, { dir: ctx.importDir, geocoder: ctx.geocoder }),
      // The dashboard and the problems follow the imported data at once, not at the next schedule.
      async onCompleted() {
        await refreshDashboardNow(jobs()).catch((e: unknown) => log(`dashboard: refresh after an import not queued: ${(e as Error).message}`));
        await detectProblemsNow(jobs(), 'IMPORT').catch((e: unknown) => log(`problems: run after an import not queued: ${(e as Error).message}`));
      },
    },
    [REGION_LOAD_JOB]: { handler: regionLoadProcessor(ctx.region ?? null, jobPublisher(domain)) },
    [FLOWS_GENERATE_JOB]: { handler: flowsGenerateProcessor(domain), onFailed: flowsFailureHandler(domain) },
    [PLAN_DAY_JOB]: { handler: planDayProcessor(domain.pool, jobPublisher(domain)), onFailed: planFailureHandler(jobPublisher(domain)) },
    [PLAN_FACT_JOB]: { handler: planFactProcessor(domain) },
    [DASHBOARD_REFRESH_JOB]: { handler: dashboardRefreshProcessor(domain.pool), schedule: { every: ctx.every.dashboardRefresh, payload: {} } },
    [PROBLEM_DETECT_JOB]: {
      handler: problemDetectProcessor(domain.pool, (events) => domain.pipeline.announce(events)),
      schedule: { every: ctx.every.problemDetect, payload: { trigger: 'SCHEDULE' } },
    },
    [NOTIFICATION_CLEANUP_JOB]: { handler: notificationCleanupProcessor(domain.pool), schedule: { every: ctx.every.notificationCleanup, payload: {} } },
    [EXPORT_CLEANUP_JOB]: {
      handler: exportCleanupProcessor(domain.pool, { exportDir: ctx.exportDir, exportTtlSeconds: ctx.exportTtlSeconds }),
      schedule: { every: ctx.every.exportCleanup, payload: {} },
    },
    // Hourly by default: the window's far end is 2 days ahead, so a missed run or two loses nothing.
    [POSITION_PARTITIONS_JOB]: { handler: positionPartitionsProcessor(domain.pool), schedule: { every: ctx.every.positionPartitions ?? 3_600_000, payload: {} } },
    // Every 10 min by default: a notice comes at most that long after the term passed.
    [APPEAL_OVERDUE_JOB]: { handler: appealOverdueProcessor(domain), schedule: { every: ctx.every.appealOverdue ?? 600_000, payload: {} } },
  };
}
