/**
 * Background job status and results: GET /api/jobs/{id}/ (state, progress 0–100, file link)
 * and GET /api/jobs/{id}/file/ (the finished xlsx). Only the user who started a job sees it
 * (404 otherwise). 503 while Redis is unreachable. The file is served as soon as it exists
 * under its final name `<jobId>.xlsx` (the worker renames it there only when complete), even in
 * the instant before BullMQ records the job completed; after EXPORT_TTL_SECONDS it is 404.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobStatus, XlsxExportJob } from '@tko/contract';
import { jobFileRoute, jobStatusRoute, resourceByName } from '@tko/contract';
import { exportFileName } from '@tko/xlsx';
import { Job } from 'bullmq';
import type { AuthGuards } from '../../plugins/auth';
import { notFound, unavailable } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
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

export function registerJobRoutes(app: FastifyInstance, deps: { queues: Queues | null; guards: AuthGuards; exportDir: string }): void {
  async function ownJob(id: string, userId: number): Promise<Job<XlsxExportJob, ExportResult>> {
    if (!deps.queues?.ready()) throw unavailable(QUEUE_DOWN);
    let job: Job<XlsxExportJob, ExportResult> | undefined;
    try {
      job = await Job.fromId(deps.queues.exports, id);
    } catch {
      throw unavailable(QUEUE_DOWN);
    }
    if (!job || job.data.user_id !== userId) throw notFound();
    return job;
  }

  registerRoute(app, jobStatusRoute, async ({ params, user }): Promise<JobStatus> => {
    const job = await ownJob(params.id, user.id);
    const state = await job.getState();
    const done = state === 'completed' && job.returnvalue;
    return {
      id: job.id!,
      name: job.name,
      state: (['waiting', 'active', 'completed', 'failed', 'delayed'].includes(state) ? state : 'unknown') as JobStatus['state'],
      progress: typeof job.progress === 'number' ? job.progress : 0,
      file_url: done ? `/api/jobs/${job.id}/file/` : null,
      file_name: done ? job.returnvalue.download_name : null,
      error: state === 'failed' ? 'Выгрузка не удалась. Повторите попытку.' : null,
    };
  }, deps);

  // A file: the description carries the permission and the OpenAPI entry, the handler streams.
  registerRoute(app, jobFileRoute, async ({ params, user, reply }) => {
    const job = await ownJob(params.id, user.id);
    const result = job.returnvalue as ExportResult | null | undefined;
    const file = path.join(deps.exportDir, path.basename(result?.file ?? `${job.id}.xlsx`));
    if (!existsSync(file)) throw notFound();
    const def = resourceByName(job.data.resource);
    const downloadName = result?.download_name ?? (def ? exportFileName(def) : path.basename(file));
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="${downloadName}"`)
      .send(createReadStream(file));
  }, deps);
}

export const jobsModule = apiModule('jobs', (app, d) => registerJobRoutes(app, { queues: d.queues, guards: d.guards, exportDir: d.config.exportDir }));
