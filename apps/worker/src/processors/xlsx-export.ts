/**
 * Processor of the `xlsx-export` job (@tko/contract jobs/): streams the registry rows that
 * match the filters into EXPORT_DIR, reporting progress 0–100 after each batch (stored on the
 * job and pushed live on DESTINATIONS.job(id), progress.ts). At the end the owner gets a
 * notification carrying the file link (documentUrl `/api/jobs/{id}/file/`, documentName,
 * documentFileType 'xlsx'): the toast's 'Скачать' (spec 01 §4). It lives as long as the file
 * (EXPORT_TTL_SECONDS).
 *
 * No duplicated output after a crash: the workbook is written to `<jobId>.xlsx.part` and
 * renamed at the end, so a worker killed mid-job leaves no half file under the final name; the
 * re-run (stalled-job recovery or a retry) truncates the part file and writes it again from
 * scratch; the notification has the dedup key `job:<id>:done`, so a re-run after the rename
 * notifies nobody twice.
 * The finished file is recorded in PostgreSQL (export_record: id, owner, resource, file, rows,
 * expires_at) before the owner is notified, so the link works even when Redis loses the job.
 * The rows are read through the process's domain runtime (`domain.registries`: the one repository
 * of the registry) within the requester's row scope carried by the payload (`scope`).
 * Throws UnrecoverableError (no retry) on an invalid payload or an unknown registry.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import type { ListQuery, ResourceDef, XlsxExportJob } from '@tko/contract';
import { resourceByName, XlsxExportJobSchema } from '@tko/contract';
import { ExportRecordStore, withScope } from '@tko/db';
import type { Domain } from '@tko/db';
import { exportFileName, writeXlsx } from '@tko/xlsx';
import { jobPublisher, progressReporter, publishJobProgress } from '../progress';

export interface ExportResult {
  /** File name inside EXPORT_DIR: `<jobId>.xlsx`. */
  file: string;
  download_name: string;
  rows: number;
}

export interface ExportProcessorOptions {
  /** How long the file is kept (the notification lives as long). Default 86 400 s. */
  exportTtlSeconds?: number;
}

/** The link of a finished export's file, served by the API (apps/api modules/jobs). */
export const jobFileUrl = (jobId: string) => `/api/jobs/${jobId}/file/`;

function parse(job: Job): { data: XlsxExportJob; def: ResourceDef } {
  const parsed = XlsxExportJobSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid export payload: ${parsed.error.message}`);
  const def = resourceByName(parsed.data.resource);
  if (!def) throw new UnrecoverableError(`unknown registry: ${parsed.data.resource}`);
  return { data: parsed.data, def };
}

/**
 * The processor on the process's domain (its registries, notifier and publisher: live progress
 * and the notification; without a publisher they are dropped, the database rows still written).
 */
export function xlsxExportProcessor(domain: Domain, exportDir: string, opts: ExportProcessorOptions = {}) {
  const publisher = jobPublisher(domain);
  const { notifier } = domain;
  const records = new ExportRecordStore(domain.pool);
  const ttl = opts.exportTtlSeconds ?? 86400;
  return async (job: Job<XlsxExportJob>): Promise<ExportResult> => {
    const { data, def } = parse(job);
    const report = progressReporter(job, publisher, data.user_id);
    await report(0);
    const repo = domain.registries.repo(def);
    // The requester's row scope travels with the job: the file holds the rows their list shows.
    const query = withScope(data.filters as ListQuery, data.scope ?? null);
    const total = Math.max(await repo.count(query), 1);
    await mkdir(exportDir, { recursive: true });
    const file = `${job.id}.xlsx`;
    const part = path.join(exportDir, `${file}.part`);
    const out = createWriteStream(part);
    let rows: number;
    try {
      rows = await writeXlsx(def, repo.stream(query), out, { onProgress: (n) => report(Math.min(99, (n / total) * 100)) });
      await finished(out);
      await rename(part, path.join(exportDir, file));
    } catch (e) {
      out.destroy();
      await rm(part, { force: true });
      throw e;
    }
    const downloadName = exportFileName(def);
    await records.save({ id: job.id!, userId: data.user_id, resource: def.name, file, downloadName, rows, ttlSeconds: ttl });
    await job.updateProgress(100);
    await notifier.notify(data.user_id, {
      type: 'download',
      body: `Выгрузка «${def.label}» готова: ${rows} ${rowsWord(rows)}.`,
      liveUntil: new Date(Date.now() + ttl * 1000),
      documentUrl: jobFileUrl(job.id!),
      documentName: downloadName,
      documentFileType: 'xlsx',
      documentData: { job_id: job.id, resource: def.name, rows },
      dedupKey: `job:${job.id}:done`,
    });
    await publishJobProgress(publisher, data.user_id, { id: job.id!, state: 'completed', progress: 100, file_url: jobFileUrl(job.id!) });
    return { file, download_name: downloadName, rows };
  };
}

/** «строка / строки / строк» for n (Russian plural). */
export function rowsWord(n: number): string {
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return 'строка';
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return 'строки';
  return 'строк';
}

export const EXPORT_FAILED = 'Выгрузка не удалась. Повторите попытку.';

/**
 * Worker `failed` listener of the exports queue: a failure that will be retried is pushed as
 * `waiting` (with the reason); the last one (attempts used up, an UnrecoverableError, or a job
 * that stalled too often) as `failed`, and the owner gets an `error` notification once.
 */
export function exportFailureHandler(domain: Domain) {
  const publisher = jobPublisher(domain);
  const { notifier } = domain;
  return async (job: Job<XlsxExportJob> | undefined, err: Error): Promise<void> => {
    const userId = job?.data?.user_id;
    if (!job?.id || typeof userId !== 'number') return;
    const final = err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1) || Boolean(job.finishedOn);
    if (!final) {
      await publishJobProgress(publisher, userId, { id: job.id, state: 'waiting', progress: 0, error: 'Ошибка выгрузки, повторная попытка.' });
      return;
    }
    await publishJobProgress(publisher, userId, { id: job.id, state: 'failed', progress: typeof job.progress === 'number' ? job.progress : 0, error: EXPORT_FAILED });
    const def = resourceByName(job.data.resource);
    await notifier.notify(userId, {
      type: 'error',
      body: def ? `Выгрузка «${def.label}» не удалась. Повторите попытку.` : EXPORT_FAILED,
      documentData: { job_id: job.id, resource: job.data.resource },
      dedupKey: `job:${job.id}:failed`,
    }).catch(() => undefined); // the owner may have been deleted meanwhile
  };
}
