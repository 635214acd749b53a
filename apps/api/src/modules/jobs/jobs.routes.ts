/**
 * Background job status and results: GET /api/jobs/{id}/ (state, progress 0–100, file link)
 * and GET /api/jobs/{id}/file/ (the finished xlsx). Only the user who started a job sees it
 * (404 otherwise). The file is served as soon as it exists under its final name `<jobId>.xlsx`
 * (the worker renames it there only when complete), even in the instant before BullMQ records
 * the job completed; after EXPORT_TTL_SECONDS it is 404.
 * A finished export is also recorded in PostgreSQL (export_record, issue 8 §7): when BullMQ no
 * longer knows the job (Redis restarted without its data) or Redis is unreachable, both routes
 * answer from that record, with the same owner check. 503 only while Redis is unreachable and
 * there is no record.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { JobStatus, XlsxExportJob } from '@tko/contract';
import { jobFileRoute, jobStatusRoute, REGION_LOAD_JOB, REGION_MSG, resourceByName, XLSX_EXPORT_JOB } from '@tko/contract';
import type { ExportRecord } from '@tko/db';
import { ExportRecordStore } from '@tko/db';
import { exportFileName } from '@tko/xlsx';
import { Job } from 'bullmq';
import type { AuthGuards } from '../../plugins/auth';
import { notFound, unavailable } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { sendFile } from '../../http/file-reply';
import { apiModule } from '../module';
import { QUEUE_DOWN } from './export-service';
import type { Queues } from './queue';

export interface ExportResult {
  /** File name inside EXPORT_DIR. */
  file: string;
  /** Name offered to the browser. */
  download_name: string;
  rows: number;
}

/** The caller's job: the BullMQ job, or the PostgreSQL record of a finished export. */
type OwnJob = { job: Job<XlsxExportJob, ExportResult>; record?: undefined } | { job?: undefined; record: ExportRecord };

/** A job's percent: a number, or the `percent` of an object progress ({percent, step}: the region load). */
export function progressOf(p: unknown): number {
  if (typeof p === 'number') return p;
  const percent = typeof p === 'object' && p !== null ? (p as { percent?: unknown }).percent : undefined;
  return typeof percent === 'number' ? percent : 0;
}

/** The Russian reason of a failed job: a region load says its own (the worker's Russian message), the others a fixed text. */
function failureText(job: Job): string {
  if (job.name === REGION_LOAD_JOB) return job.failedReason || REGION_MSG.failed;
  return job.name === XLSX_EXPORT_JOB ? 'Выгрузка не удалась. Повторите попытку.' : 'Задача не выполнена. Повторите попытку.';
}

export function registerJobRoutes(app: FastifyInstance, deps: { queues: Queues | null; guards: AuthGuards; exportDir: string; pool: Pool }): void {
  const records = new ExportRecordStore(deps.pool);

  /** The job `id` of `userId`: BullMQ first, the export record when BullMQ lost it. 404 / 503. */
  async function ownJob(id: string, userId: number): Promise<OwnJob> {
    let job: Job<XlsxExportJob, ExportResult> | undefined;
    let queueDown = !deps.queues?.ready();
    if (!queueDown) {
      try {
        job = (await Job.fromId(deps.queues!.exports, id))
          ?? ((await Job.fromId(deps.queues!.flows, id)) as Job<XlsxExportJob, ExportResult> | undefined)
          ?? ((await Job.fromId(deps.queues!.region, id)) as Job<XlsxExportJob, ExportResult> | undefined);
      } catch {
        queueDown = true;
      }
    }
    if (job) {
      if (job.data.user_id !== userId) throw notFound();
      return { job };
    }
    const record = await records.findOwn(id, userId);
    if (record) return { record };
    throw queueDown ? unavailable(QUEUE_DOWN) : notFound();
  }

  registerRoute(app, jobStatusRoute, async ({ params, user }): Promise<JobStatus> => {
    const { job, record } = await ownJob(params.id, user.id);
    if (record) {
      return { id: record.id, name: XLSX_EXPORT_JOB, state: 'completed', progress: 100, file_url: `/api/jobs/${record.id}/file/`, file_name: record.downloadName, error: null };
    }
    const state = await job.getState();
    const done = state === 'completed' && job.name === XLSX_EXPORT_JOB && job.returnvalue;
    return {
      id: job.id!,
      name: job.name,
      state: (['waiting', 'active', 'completed', 'failed', 'delayed'].includes(state) ? state : 'unknown') as JobStatus['state'],
      progress: progressOf(job.progress),
      file_url: done ? `/api/jobs/${job.id}/file/` : null,
      file_name: done ? job.returnvalue.download_name : null,
      error: state === 'failed' ? failureText(job) : null,
    };
  }, deps);

  // A file: the description carries the permission and the OpenAPI entry, the handler streams.
  registerRoute(app, jobFileRoute, async ({ params, user, reply }) => {
    const { job, record } = await ownJob(params.id, user.id);
    const result = (record ? { file: record.file, download_name: record.downloadName } : job.returnvalue) as Partial<ExportResult> | null | undefined;
    const file = path.join(deps.exportDir, path.basename(result?.file ?? `${params.id}.xlsx`));
    if (!existsSync(file)) throw notFound();
    const def = resourceByName(record?.resource ?? job!.data.resource);
    const downloadName = result?.download_name ?? (def ? exportFileName(def) : path.basename(file));
    return sendFile(reply, { name: downloadName, body: createReadStream(file) });
  }, deps);
}

export const jobsModule = apiModule('jobs', (app, d) => registerJobRoutes(app, { queues: d.queues, guards: d.guards, exportDir: d.config.exportDir, pool: d.pool }));
