/**
 * The `import_file` and `import_file_error` tables (migration 20261122100200_import): uploaded
 * files, their matching, the state of their runs and the failed rows of the last run. Shared by
 * the API (upload, matching, list, cancel) and the worker (run state, progress, result).
 * A run is identified by (file id, run number): a late write of an old run never touches a newer
 * one.
 */
import type { ImportFile, ImportFileStatusValue, ImportOptions, ImportReport } from '@tko/contract';
import { ImportOptionsSchema, importJobId } from '@tko/contract';
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { createHash } from 'node:crypto';
import { foldHeader } from './matching';
import type { FailedRow, ImportedRecord } from './run-types';
import { writerNameSql } from '@tko/db';

/** The key of a header set: sha1 of the folded names, sorted (the order of columns does not matter). */
export function headerKey(columns: string[]): string {
  return createHash('sha1').update(columns.map(foldHeader).sort().join('\u0001')).digest('hex');
}

export interface ImportFileRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  name: string;
  storage_key: string;
  file_type: 'CSV' | 'XLSX' | 'JSON';
  size: number;
  sha256: string;
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  preview: string[][];
  row_count: number;
  template_type: string;
  column_mapping: Record<string, string | null>;
  options: ImportOptions;
  status: ImportFileStatusValue;
  progress: number;
  run: number;
  job_id: string | null;
  cancel_requested: boolean;
  report: ImportReport | null;
  error: string | null;
  errors_count: number;
  warnings_count: number;
  geocode_status: 'NONE' | 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  geocode_total: number;
  geocode_done: number;
  geocode_placed: number;
  /** Registry records of this file's runs (import_record). */
  records: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface NewImportFile {
  userId: number;
  name: string;
  storageKey: string;
  fileType: 'CSV' | 'XLSX' | 'JSON';
  size: number;
  sha256: string;
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  preview: string[][];
  rowCount: number;
  templateType: string;
  columnMapping: Record<string, string | null>;
}

const SELECT = `SELECT f.id, f.user_id, ${writerNameSql('u')} AS user_name,
  f.name, f.storage_key, f.file_type, f.size, f.sha256, f.encoding, f.delimiter, f.columns, f.preview, f.row_count,
  f.template_type, f.column_mapping, f.options, f.status, f.progress, f.run, f.job_id, f.cancel_requested, f.report,
  f.error, f.errors_count, f.warnings_count, f.geocode_status, f.geocode_total, f.geocode_done, f.geocode_placed,
  (SELECT count(*)::int FROM import_record r WHERE r.import_file_id = f.id) AS records, f.created_at, f.started_at, f.finished_at
  FROM import_file f LEFT JOIN app_user u ON u.id = f.user_id`;

/** Statuses in which a run is under way. */
export const RUNNING: ImportFileStatusValue[] = ['QUEUED', 'PROCESSING'];

function fromDb(r: ImportFileRow): ImportFileRow {
  return { ...r, options: ImportOptionsSchema.parse(r.options ?? {}) };
}

/** The file as the API answers it (@tko/contract ImportFileSchema); `listPath`: the template registry's web list. */
export function importFileWire(r: ImportFileRow, listPath?: string): ImportFile {
  return {
    id: r.id,
    name: r.name,
    file_type: r.file_type,
    size: r.size,
    encoding: r.encoding,
    delimiter: r.delimiter,
    columns: r.columns,
    preview: r.preview,
    row_count: r.row_count,
    template_type: r.template_type as ImportFile['template_type'],
    column_mapping: r.column_mapping,
    options: r.options,
    status: r.status,
    progress: r.progress,
    job_id: r.job_id,
    report: r.report,
    error: r.error,
    errors_count: r.errors_count,
    warnings_count: r.warnings_count,
    geocode: { status: r.geocode_status, total: r.geocode_total, done: r.geocode_done, placed: r.geocode_placed },
    records_url: listPath && r.records > 0 ? `${listPath}#import_file=${r.id}` : null,
    user: r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '' },
    created_at: r.created_at.toISOString(),
    started_at: r.started_at?.toISOString() ?? null,
    finished_at: r.finished_at?.toISOString() ?? null,
    download_url: `/api/import/files/${r.id}/download/`,
    errors_url: r.errors_count + r.warnings_count > 0 ? `/api/import/files/${r.id}/errors/` : null,
  };
}

export class ImportFilesRepository {
  constructor(private readonly pool: Pool) {}

  async insert(f: NewImportFile): Promise<ImportFileRow> {
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO import_file (user_id, name, storage_key, file_type, size, sha256, encoding, delimiter, columns, preview, row_count, template_type, column_mapping)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [f.userId, f.name, f.storageKey, f.fileType, f.size, f.sha256, f.encoding, f.delimiter, f.columns, JSON.stringify(f.preview), f.rowCount, f.templateType, JSON.stringify(f.columnMapping)],
    );
    return (await this.get(rows[0]!.id))!;
  }

  async get(id: number): Promise<ImportFileRow | null> {
    const { rows } = await this.pool.query<ImportFileRow>(`${SELECT} WHERE f.id = $1`, [id]);
    return rows[0] ? fromDb(rows[0]) : null;
  }

  /** Newest first; `userId` null = every user's files. */
  async list(userId: number | null, paging: { limit: number; offset: number }): Promise<{ count: number; rows: ImportFileRow[] }> {
    const where = userId === null ? 'TRUE' : 'f.user_id = $1';
    const params = userId === null ? [] : [userId];
    const [list, count] = await Promise.all([
      this.pool.query<ImportFileRow>(`${SELECT} WHERE ${where} ORDER BY f.created_at DESC, f.id DESC LIMIT ${Math.trunc(paging.limit)} OFFSET ${Math.trunc(paging.offset)}`, params),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_file f WHERE ${where}`, params),
    ]);
    return { count: count.rows[0]!.n, rows: list.rows.map(fromDb) };
  }

  /** Saves the matching; null when the file is being processed (or gone). */
  async saveMatching(id: number, templateType: string, mapping: Record<string, string | null>, options: ImportOptions): Promise<ImportFileRow | null> {
    const { rowCount } = await this.pool.query(
      `UPDATE import_file SET template_type = $2, column_mapping = $3, options = $4, updated_at = now()
        WHERE id = $1 AND status <> ALL($5::text[])`,
      [id, templateType, JSON.stringify(mapping), JSON.stringify(options), RUNNING],
    );
    return rowCount ? this.get(id) : null;
  }

  /**
   * Starts a new run: status QUEUED, run + 1, the run's job id; only from UPLOADED, FAILED or
   * CANCELLED. Null when the file is busy, done or gone.
   */
  async startRun(id: number): Promise<{ run: number; jobId: string } | null> {
    const { rows } = await this.pool.query<{ run: number }>(
      `UPDATE import_file SET status = 'QUEUED', run = run + 1, progress = 0, cancel_requested = false, error = NULL,
              started_at = NULL, finished_at = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('UPLOADED', 'FAILED', 'CANCELLED') RETURNING run`,
      [id],
    );
    if (!rows[0]) return null;
    const jobId = importJobId(id, rows[0].run, randomBytes(4).toString('hex'));
    await this.pool.query('UPDATE import_file SET job_id = $2 WHERE id = $1', [id, jobId]);
    return { run: rows[0].run, jobId };
  }

  /** Asks the run to stop. Returns the status it had (null: no run under way). */
  async requestCancel(id: number): Promise<ImportFileStatusValue | null> {
    const { rows } = await this.pool.query<{ status: ImportFileStatusValue }>(
      `UPDATE import_file SET cancel_requested = true, updated_at = now() WHERE id = $1 AND status = ANY($2::text[]) RETURNING status`,
      [id, RUNNING],
    );
    return rows[0]?.status ?? null;
  }

  /** The worker takes run `run`: PROCESSING. False when it was cancelled or superseded. */
  async markProcessing(id: number, run: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE import_file SET status = 'PROCESSING', started_at = coalesce(started_at, now()), progress = 0, updated_at = now()
        WHERE id = $1 AND run = $2 AND status = ANY($3::text[]) AND NOT cancel_requested`,
      [id, run, RUNNING],
    );
    return (rowCount ?? 0) > 0;
  }

  async setProgress(id: number, run: number, progress: number): Promise<void> {
    await this.pool.query('UPDATE import_file SET progress = $3 WHERE id = $1 AND run = $2 AND status = \'PROCESSING\' AND progress < $3', [id, run, progress]);
  }

  /** True when the user cancelled run `run`, or the run is no longer current (file deleted, re-run). */
  async cancelRequested(id: number, run: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ stop: boolean }>('SELECT cancel_requested OR run <> $2 AS stop FROM import_file WHERE id = $1', [id, run]);
    return rows[0]?.stop ?? true;
  }

  /**
   * Ends run `run` with `status`, its report and failed rows (replacing the previous run's), on
   * `db` — inside the import's transaction for a committed run, so the data and the report land
   * together.
   */
  async finish(db: Pool | PoolClient, id: number, run: number, end: { status: ImportFileStatusValue; report: ImportReport | null; error: string | null; failed: FailedRow[] }): Promise<void> {
    await db.query('DELETE FROM import_file_error WHERE import_file_id = $1', [id]);
    for (let i = 0; i < end.failed.length; i += 5000) {
      const part = end.failed.slice(i, i + 5000).map((f) => ({ line: f.line, cells: f.cells, messages: f.messages, warnings: f.warnings ?? [] }));
      await db.query(
        `INSERT INTO import_file_error (import_file_id, line, cells, messages, warnings)
         SELECT $1, x.line, ARRAY(SELECT jsonb_array_elements_text(x.cells)), ARRAY(SELECT jsonb_array_elements_text(x.messages)),
                ARRAY(SELECT jsonb_array_elements_text(x.warnings))
           FROM jsonb_to_recordset($2::jsonb) AS x(line int, cells jsonb, messages jsonb, warnings jsonb)`,
        [id, JSON.stringify(part)],
      );
    }
    await db.query(
      `UPDATE import_file SET status = $3, report = $4, error = $5, errors_count = $6, warnings_count = $7,
              progress = CASE WHEN $3 = 'DONE' THEN 100 ELSE progress END, finished_at = now(), updated_at = now()
        WHERE id = $1 AND run = $2`,
      [id, run, end.status, end.report ? JSON.stringify(end.report) : null, end.error,
        end.failed.filter((f) => f.messages.length > 0).length, end.failed.filter((f) => f.messages.length === 0).length],
    );
  }

  /** Puts a run back in the queue state after a failed attempt that BullMQ will retry. */
  async requeue(id: number, run: number): Promise<void> {
    await this.pool.query(`UPDATE import_file SET status = 'QUEUED', progress = 0, updated_at = now() WHERE id = $1 AND run = $2 AND status = 'PROCESSING'`, [id, run]);
  }

  /** Failed rows and rows with warnings of the last run, by line. */
  async errors(id: number): Promise<FailedRow[]> {
    const { rows } = await this.pool.query<FailedRow>('SELECT line, cells, messages, warnings FROM import_file_error WHERE import_file_id = $1 ORDER BY line', [id]);
    return rows;
  }

  /**
   * Records what a run created and updated (in the run's transaction), in blocks of 5 000;
   * `afterBlock` runs after each (the job's progress heartbeat on a long file).
   */
  async addRecords(db: Pool | PoolClient, id: number, records: ImportedRecord[], afterBlock?: () => Promise<void>): Promise<void> {
    for (let i = 0; i < records.length; i += 5000) {
      if (i > 0) await afterBlock?.();
      const part = records.slice(i, i + 5000);
      await db.query(
        `INSERT INTO import_record (import_file_id, registry, record_id, action, old_values, line)
         SELECT $1, x.registry, x.record_id, x.action, x.old_values, x.line
           FROM unnest($2::text[], $3::int[], $4::text[], $5::jsonb[], $6::int[]) AS x(registry, record_id, action, old_values, line)`,
        [id, part.map((r) => r.registry), part.map((r) => r.recordId), part.map((r) => r.action), part.map((r) => (r.oldValues ? JSON.stringify(r.oldValues) : null)), part.map((r) => r.line)],
      );
    }
  }

  /** The matching `userId` last saved for `templateType` and a file with these headers, or null. */
  async rememberedMapping(userId: number, templateType: string, columns: string[]): Promise<Record<string, string | null> | null> {
    const { rows } = await this.pool.query<{ column_mapping: Record<string, string | null> }>(
      'SELECT column_mapping FROM import_mapping_memory WHERE user_id = $1 AND template_type = $2 AND header_key = $3',
      [userId, templateType, headerKey(columns)],
    );
    return rows[0]?.column_mapping ?? null;
  }

  /** Remembers a matching the user saved, for their next file of this template with these headers. */
  async rememberMapping(userId: number, templateType: string, columns: string[], mapping: Record<string, string | null>): Promise<void> {
    await this.pool.query(
      `INSERT INTO import_mapping_memory (user_id, template_type, header_key, column_mapping) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, template_type, header_key) DO UPDATE SET column_mapping = EXCLUDED.column_mapping, updated_at = now()`,
      [userId, templateType, headerKey(columns), JSON.stringify(mapping)],
    );
  }

  /** Deletes the file's row (its failed rows go with it) unless a run is under way; false then or when missing. */
  async delete(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM import_file WHERE id = $1 AND status <> ALL($2::text[])', [id, RUNNING]);
    return (rowCount ?? 0) > 0;
  }
}
