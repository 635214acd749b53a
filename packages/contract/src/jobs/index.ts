/**
 * Background jobs shared by the API (producer) and the worker (consumer): queue names and
 * zod payloads. Every kind is listed once, with its version and BullMQ options, in the job table
 * (definitions.ts); the worker holds its handler (apps/worker src/jobs/table.ts).
 */
import { z } from 'zod';

export const QUEUE_EXPORTS = 'exports';

/** Export a registry to xlsx with the list's filters; the result is a file under EXPORT_DIR. */
export const XlsxExportJobSchema = z.object({
  resource: z.string(),
  /** Raw filter parameters as the list took them (validated again by the worker). */
  filters: z.record(z.string(), z.unknown()),
  user_id: z.number().int(),
  /** The requester's row scope (common/row-scope.ts) when they are bound; absent: unrestricted. */
  scope: z.object({ organizations: z.array(z.number().int()), oktmo: z.array(z.string()), declarant: z.boolean().optional() }).optional(),
});
export type XlsxExportJob = z.infer<typeof XlsxExportJobSchema>;
export const XLSX_EXPORT_JOB = 'xlsx-export';

/**
 * BullMQ options of an export job: 3 attempts with exponential backoff (2 s, 4 s) after a
 * failure; a job stalled by a dead worker goes back to the queue (worker lock settings,
 * apps/worker/src/settings.ts). The job id is a random UUID (unique across queues and
 * unguessable; the API checks the owner anyway).
 */
export const EXPORT_JOB_ATTEMPTS = 3;
export const EXPORT_JOB_BACKOFF = { type: 'exponential', delay: 2000 } as const;

/** Housekeeping queue of the worker: scheduled (repeatable) jobs without payload. */
export const QUEUE_MAINTENANCE = 'maintenance';
/** Deletes expired notifications (live_until passed); scheduled every NOTIFICATION_CLEANUP_EVERY_MS. */
export const NOTIFICATION_CLEANUP_JOB = 'notification-cleanup';
/**
 * Deletes export files older than EXPORT_TTL_SECONDS and marks their export_record rows
 * 'expired'; scheduled every EXPORT_CLEANUP_EVERY_MS.
 */
export const EXPORT_CLEANUP_JOB = 'export-cleanup';
/**
 * Makes the day partitions of `vehicle_position` for the position window (today −
 * TRACKER_MAX_AGE_DAYS … today + 2 days; @tko/db position-window.ts) — the only place besides the
 * receiver's start-up that creates them (issue 22); scheduled every hour.
 */
export const POSITION_PARTITIONS_JOB = 'position-partitions';
/**
 * Tells the responsible staff about the appeals whose answer term has passed without an answer,
 * once per appeal and term (@tko/db appeals/overdue-notices.ts); scheduled every
 * APPEAL_OVERDUE_EVERY_MS (default 10 min).
 */
export const APPEAL_OVERDUE_JOB = 'appeal-overdue';

/**
 * State of a job as `GET /api/jobs/{id}/` answers it. `completed_with_warnings`: done, but with
 * remarks the user must see (`warnings`, Russian; e.g. a plan that left sites out) — «выполнено с
 * замечаниями», never a plain «выполнено».
 */
export const JobStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['waiting', 'active', 'completed', 'completed_with_warnings', 'failed', 'delayed', 'unknown']),
  warnings: z.array(z.string()).optional(),
  /** 0–100. */
  progress: z.number(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Queue of system-import runs (routes/import.ts); consumed by the worker's import processor. */
export const QUEUE_IMPORTS = 'imports';
export const IMPORT_FILE_JOB = 'import-file';
/** Import one uploaded file (import_file.id) as its owner; job id `import-<file_id>-<run>-<nonce>`. */
export const ImportFileJobSchema = z.object({
  file_id: z.number().int(),
  user_id: z.number().int(),
  run: z.number().int(),
});
export type ImportFileJob = z.infer<typeof ImportFileJobSchema>;
/**
 * BullMQ job id of run `run` of import file `fileId` (also the STOMP job topic id). `nonce`
 * (random) keeps ids unique when file ids repeat on one Redis: a restored or recreated database,
 * several installations or test databases; BullMQ silently ignores a second job with a used id.
 */
export const importJobId = (fileId: number, run: number, nonce: string) => `import-${fileId}-${run}-${nonce}`;
