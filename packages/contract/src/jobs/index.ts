/**
 * Background jobs shared by the API (producer) and the worker (consumer): queue names and
 * zod payloads. A job is described once here; the worker holds its processor.
 */
import { z } from 'zod';

export const QUEUE_EXPORTS = 'exports';

/** Export a registry to xlsx with the list's filters; the result is a file under EXPORT_DIR. */
export const XlsxExportJobSchema = z.object({
  resource: z.string(),
  /** Raw filter parameters as the list took them (validated again by the worker). */
  filters: z.record(z.string(), z.unknown()),
  user_id: z.number().int(),
});
export type XlsxExportJob = z.infer<typeof XlsxExportJobSchema>;
export const XLSX_EXPORT_JOB = 'xlsx-export';

/** State of a job as `GET /api/jobs/{id}/` answers it. */
export const JobStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['waiting', 'active', 'completed', 'failed', 'delayed', 'unknown']),
  /** 0–100. */
  progress: z.number(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;
