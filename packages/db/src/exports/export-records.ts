/**
 * SQL of the `export_record` table (migration 20261124000100_export_record, issue 8 §7): the
 * finished xlsx exports, kept in PostgreSQL so that a download link outlives the BullMQ job
 * (Redis restarted without its data, a flushed queue). The worker's export processor saves a
 * row when the file is complete; the API's job routes read it when BullMQ no longer knows the
 * job (owner check: a row is found only with its user's id); the worker's export-cleanup job
 * expires rows past expires_at. Plain SQL on the pg pool (the worker has only a pool).
 */
import type { Pool } from 'pg';

/** One finished export. Times are Dates; `file` is the name inside EXPORT_DIR. */
export interface ExportRecord {
  id: string;
  userId: number;
  resource: string;
  file: string;
  downloadName: string;
  rows: number;
  status: 'completed' | 'expired';
  createdAt: Date;
  expiresAt: Date;
}

interface Row {
  id: string;
  user_id: number;
  resource: string;
  file: string;
  download_name: string;
  rows: number;
  status: 'completed' | 'expired';
  created_at: Date;
  expires_at: Date;
}

const toRecord = (r: Row): ExportRecord => ({
  id: r.id,
  userId: r.user_id,
  resource: r.resource,
  file: r.file,
  downloadName: r.download_name,
  rows: r.rows,
  status: r.status,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

export class ExportRecordStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Records a finished export; a re-run of the same job (crash recovery) overwrites its row,
   * so there is one row per job id. `ttlSeconds`: how long the file is kept.
   */
  async save(input: { id: string; userId: number; resource: string; file: string; downloadName: string; rows: number; ttlSeconds: number }): Promise<void> {
    await this.pool.query(
      `INSERT INTO export_record (id, user_id, resource, file, download_name, rows, status, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'completed', now() + make_interval(secs => $7))
       ON CONFLICT (id) DO UPDATE SET file = EXCLUDED.file, download_name = EXCLUDED.download_name, rows = EXCLUDED.rows,
         status = 'completed', expires_at = EXCLUDED.expires_at`,
      [input.id, input.userId, input.resource, input.file, input.downloadName, input.rows, input.ttlSeconds],
    );
  }

  /** The live ('completed', not past expires_at) export `id` of user `userId`; null otherwise. */
  async findOwn(id: string, userId: number): Promise<ExportRecord | null> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM export_record WHERE id = $1 AND user_id = $2 AND status = 'completed' AND expires_at > now()`,
      [id, userId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Marks the completed rows past expires_at 'expired'; returns them (their files are due). */
  async expire(): Promise<ExportRecord[]> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE export_record SET status = 'expired' WHERE status = 'completed' AND expires_at <= now() RETURNING *`,
    );
    return rows.map(toRecord);
  }
}
