/**
 * The `import-file` job (@tko/contract jobs/: QUEUE_IMPORTS, ImportFileJobSchema), run by the
 * worker: takes run `run` of file `file_id`, reads the stored file, runs the import
 * (run-import.ts) and ends the run with its status, report and failed rows.
 *
 * The run writes as the user who started it (data.user_id), through writerFor: with their name
 * and their row scope, loaded when the run starts, so an import creates and updates only rows
 * that user may see (a row outside it is refused with its reason, like any other refused row).
 *
 * Progress 0–100 goes to the file's row (REST), to the BullMQ job, and live to
 * DESTINATIONS.job(job id) as a JobProgress through @tko/realtime (every API instance delivers
 * it to the STOMP subscribers), at most every 200 ms — and again after HEARTBEAT_MS while a
 * percent stays put (a long file's final steps stay at 99 %).
 * Cancel: the run polls the file's cancel flag (at most every 250 ms) and rolls back; the job
 * then completes with status CANCELLED (not retried). Any other error rolls back and is retried
 * by BullMQ (attempts, backoff) from scratch; after the last attempt the file is FAILED.
 */
import type { ImportFileJob, ImportReport, JobProgress, NotifyInput } from '@tko/contract';
import { DESTINATIONS, IMPORT_MSG, ImportFileJobSchema } from '@tko/contract';
import { loadWriterUser, writerFor } from '@tko/db';
import type { WritePipeline } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import type { Pool } from 'pg';
import { ImportCancelled, ImportInputError } from './errors';
import { ImportFilesRepository } from './files-repository';
import type { ImportFileRow } from './files-repository';
import { openStoredSource } from './read-table';
import { runImport } from './run-import';
import type { ImportGeocoder } from './geocode-import';
import { geocodeImport } from './geocode-import';
import type { ImportFileStore } from './storage';
import { templateOf } from './templates/index';

/** The part of a BullMQ Job the processor uses. */
export interface ImportJobLike {
  id?: string;
  data: unknown;
  attemptsMade: number;
  opts: { attempts?: number };
  updateProgress(progress: number): Promise<unknown>;
}

export interface ImportJobDeps {
  pool: Pool;
  /** The process's write pipeline (the domain runtime's): the run's unit, hooks, announcements. */
  pipeline: WritePipeline;
  store: ImportFileStore;
  publisher: RealtimePublisher;
  /** Tells the file's owner how the run ended (a toast and the notification centre); optional. */
  notifier?: { notify(userId: number, input: NotifyInput): Promise<unknown> };
  /**
   * Places the records a run created without coordinates, after the run commits (issue 9 §1, §2);
   * without one they stay flagged and queued (geocode_status QUEUED).
   */
  geocoder?: ImportGeocoder | null;
}

export interface ImportJobResult {
  file_id: number;
  status: string;
  created?: number;
  updated?: number;
  failed_rows?: number;
}

const PROGRESS_EVERY_MS = 200;
const HEARTBEAT_MS = 900;
const CANCEL_POLL_MS = 250;
export const ALL_OR_NOTHING_FAILED = 'Ничего не записано: в файле есть строки с ошибками, а выбран режим «всё или ничего». Исправьте строки из файла ошибок и повторите импорт.';

/** «создано 1692, обновлено 0, без изменений 0, строк с ошибками 0» */
export function summary(r: ImportReport): string {
  return `создано ${r.created}, обновлено ${r.updated}, без изменений ${r.unchanged}, пропущено ${r.skipped}, строк с ошибками ${r.failed_rows}.`;
}

/** Builds the processor the worker registers on QUEUE_IMPORTS. */
export function importFileProcessor(deps: ImportJobDeps) {
  return (job: ImportJobLike) => processImportJob(deps, job);
}

export async function processImportJob(deps: ImportJobDeps, job: ImportJobLike): Promise<ImportJobResult> {
  const data: ImportFileJob = ImportFileJobSchema.parse(job.data);
  const files = new ImportFilesRepository(deps.pool);
  const jobId = job.id ?? `import-${data.file_id}-${data.run}`;
  const errorsUrl = `/api/import/files/${data.file_id}/errors/`;
  // For the job's starter only (the broker also lets only them subscribe to the topic).
  const publish = (body: Omit<JobProgress, 'id'>) => deps.publisher.publish({ destination: DESTINATIONS.job(jobId), user_id: data.user_id, body: { id: jobId, ...body } });
  const tell = (file: ImportFileRow, text: string, errors: boolean, type: 'simple' | 'error') =>
    deps.notifier?.notify(data.user_id, {
      type: errors ? 'download' : type,
      body: `Импорт файла «${file.name}»: ${text}`,
      dedupKey: `import-${file.id}-${data.run}`,
      ...(errors ? { documentUrl: errorsUrl, documentName: `errors_${file.id}.xlsx`, documentFileType: 'xlsx' } : {}),
    }).catch(() => undefined);
  const end = async (file: ImportFileRow | null, status: 'CANCELLED' | 'FAILED', error: string): Promise<ImportJobResult> => {
    if (file) await files.finish(deps.pool, file.id, data.run, { status, report: null, error, failed: [] });
    await publish({ state: 'failed', progress: file?.progress ?? 0, error });
    if (file && status === 'FAILED') await tell(file, error, false, 'error');
    return { file_id: data.file_id, status };
  };

  if (!(await files.markProcessing(data.file_id, data.run))) {
    const file = await files.get(data.file_id);
    // Cancelled while waiting in the queue: say so; superseded or deleted: nothing to do.
    if (file && file.run === data.run && file.cancel_requested) return end(file, 'CANCELLED', IMPORT_MSG.cancelled);
    return { file_id: data.file_id, status: 'SKIPPED' };
  }
  const file = (await files.get(data.file_id))!;
  const template = templateOf(file.template_type);
  if (!template) return end(file, 'FAILED', IMPORT_MSG.templateMissing);
  const starter = await loadWriterUser(deps.pool, data.user_id);
  if (!starter) return end(file, 'FAILED', IMPORT_MSG.starterGone);
  // Who writes: the starter's name and row scope (domain writer.ts), never an unscoped writer.
  const writer = writerFor(starter);
  await publish({ state: 'active', progress: 0 });

  let last = 0;
  let lastAt = 0;
  const progress = async (p: number) => {
    const now = Date.now();
    // A percent not moving is sent again after HEARTBEAT_MS (the final steps of a long file stay at 99 %).
    if (p < last || (p === last && now - lastAt < HEARTBEAT_MS) || (now - lastAt < PROGRESS_EVERY_MS && p < 99)) return;
    last = p;
    lastAt = now;
    await files.setProgress(file.id, data.run, p);
    await job.updateProgress(p);
    await publish({ state: 'active', progress: p });
  };
  let polledAt = 0;
  let stop = false;
  const cancelled = async () => {
    if (stop || Date.now() - polledAt < CANCEL_POLL_MS) return stop;
    polledAt = Date.now();
    return (stop = await files.cancelRequested(file.id, data.run));
  };

  try {
    const source = await openStoredSource(deps.store, file.storage_key, { fileType: file.file_type, encoding: file.encoding as never, delimiter: file.delimiter });
    const { pipeline } = deps;
    // A template filling several registries at once (ANGARSK_PLAN) brings its own run.
    const run = template.run ?? runImport;
    const outcome = await run({
      pool: deps.pool,
      pipeline,
      template,
      source,
      mapping: file.column_mapping,
      options: file.options,
      file: { id: file.id, name: file.name },
      writer,
      progress,
      cancelled,
      beforeCommit: async (db, o) => {
        await files.addRecords(db, file.id, o.records, () => progress(99));
        await files.finish(db, file.id, data.run, { status: 'DONE', report: o.report, error: null, failed: o.failed });
        if (o.report.without_coordinates) await db.query(`UPDATE import_file SET geocode_status = 'QUEUED', geocode_total = $2, geocode_done = 0, geocode_placed = 0 WHERE id = $1`, [file.id, o.report.without_coordinates]);
      },
    });
    const r = outcome.report;
    if (r.rolled_back) {
      await files.finish(deps.pool, file.id, data.run, { status: 'FAILED', report: r, error: ALL_OR_NOTHING_FAILED, failed: outcome.failed });
      await publish({ state: 'failed', progress: last, error: ALL_OR_NOTHING_FAILED, file_url: errorsUrl });
      await tell(file, ALL_OR_NOTHING_FAILED, true, 'error');
    } else {
      await publish({ state: 'completed', progress: 100, file_url: outcome.failed.length ? errorsUrl : null });
      await tell(file, summary(r), r.failed_rows > 0, 'simple');
      // The second phase: geocoding of the rows without coordinates (its own progress on the file).
      if (r.without_coordinates && deps.geocoder) {
        await geocodeImport({ pool: deps.pool, pipeline, geocoder: deps.geocoder, writer }, template, file.id).catch((e: unknown) => console.error(`import ${file.id}: geocoding failed: ${(e as Error).message}`));
      }
    }
    return { file_id: file.id, status: r.rolled_back ? 'FAILED' : 'DONE', created: r.created, updated: r.updated, failed_rows: r.failed_rows };
  } catch (e) {
    if (e instanceof ImportCancelled) return end({ ...file, progress: last }, 'CANCELLED', IMPORT_MSG.cancelled);
    if (e instanceof ImportInputError) return end(file, 'FAILED', e.message);
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (final) await end(file, 'FAILED', IMPORT_MSG.failed);
    else await files.requeue(file.id, data.run);
    throw e;
  }
}
