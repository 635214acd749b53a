/**
 * xlsx exports of any registry. Up to XLSX_ASYNC_THRESHOLD rows the workbook is streamed
 * straight into the response (constant memory, exceljs streaming writer); larger exports, or
 * `?async=true`, go to the worker as a BullMQ job and answer 202 `{job_id, status_url}`; the
 * browser follows it live on the STOMP topic DESTINATIONS.job(id) (or polls `status_url`) and
 * downloads the file from `/api/jobs/{id}/file/`, the link of the notification that ends it.
 * A queued export is retried with backoff (the kind's options, contract jobs/definitions.ts); its id is a
 * random UUID; the job (and so its file link) is kept EXPORT_TTL_SECONDS, as long as the file.
 * Progress and the final notification come from the worker (apps/worker processors/xlsx-export).
 * Errors: 503 when the queue is needed and Redis is unreachable.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ListQuery, ResourceDef, UserScope, XlsxExportJob } from '@tko/contract';
import { XLSX_EXPORT_JOB } from '@tko/contract';
import type { RegistryRepository } from '@tko/db';
import { JobPayloadError, withScope } from '@tko/db';
import { exportFileName, writeXlsx } from '@tko/xlsx';
import { unavailable } from '../../plugins/http-errors';
import type { Queues } from './queue';
import { sendFile } from '../../http/file-reply';

export const QUEUE_DOWN = 'Фоновые задачи временно недоступны (нет связи с Redis). Попробуйте позже или сузьте выборку.';

export class ExportService {
  constructor(
    private readonly queues: Queues | null,
    private readonly asyncThreshold: number,
    /** Seconds a finished or failed job is kept. */
    private readonly keepSeconds = 86400,
  ) {}

  /**
   * Exports the rows of `filters` within the user's row `scope` (the same rows the list shows):
   * streamed, or queued with the scope in the job so that the worker reads the same rows.
   */
  async export(def: ResourceDef, repo: RegistryRepository, filters: ListQuery, opts: { userId: number; scope?: UserScope | null; forceAsync: boolean }, reply: FastifyReply) {
    const { page: _p, page_size: _s, ...plain } = filters;
    const query = withScope(plain, opts.scope);
    const big = opts.forceAsync || (await repo.count(query)) > this.asyncThreshold;
    if (big) {
      const job = await this.enqueue({ resource: def.name, filters: plain, user_id: opts.userId, ...(opts.scope ? { scope: opts.scope } : {}) });
      return reply.status(202).send({ job_id: job, status_url: `/api/jobs/${job}/` });
    }
    const out = new PassThrough();
    writeXlsx(def, repo.stream(query), out).catch((err: unknown) => out.destroy(err as Error));
    return sendFile(reply, { name: exportFileName(def), body: out });
  }

  /**
   * Queues an export job through the job client; returns its id. Throws 503 when Redis is down or
   * not configured (a payload the kind's schema refuses is the server's fault: JobPayloadError, 500).
   */
  async enqueue(payload: XlsxExportJob): Promise<string> {
    if (!this.queues?.ready()) throw unavailable(QUEUE_DOWN);
    try {
      return await this.queues.jobs.enqueue(XLSX_EXPORT_JOB, payload, {
        jobId: randomUUID(),
        removeOnComplete: { age: this.keepSeconds },
        removeOnFail: { age: this.keepSeconds },
      });
    } catch (e) {
      if (e instanceof JobPayloadError) throw e;
      throw unavailable(QUEUE_DOWN);
    }
  }
}
