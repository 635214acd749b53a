/**
 * Rows of `attachment` (migration 20261122100300): one per uploaded file; the bytes are in the
 * FileStore under storage_key. size in bytes, sha256 hex.
 */
import type { Pool, PoolClient } from 'pg';
import type { UploadedAttachment } from '@tko/contract';
import { attachmentUrl } from '@tko/contract';

export interface AttachmentRow {
  id: number;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  created_by: number | null;
  created_at: string;
}

export type NewAttachment = Omit<AttachmentRow, 'id' | 'created_at'>;

const COLUMNS = `id, name, content_type, size, sha256, storage_key, created_by, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

export class AttachmentsRepository {
  constructor(private readonly pool: Pool) {}

  /** Records a stored file; `db`: a transaction's client (a public filing writes its photos with the appeal). */
  async insert(a: NewAttachment, db: Pool | PoolClient = this.pool): Promise<AttachmentRow> {
    const { rows } = await db.query<AttachmentRow>(
      `INSERT INTO attachment (name, content_type, size, sha256, storage_key, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [a.name, a.content_type, a.size, a.sha256, a.storage_key, a.created_by],
    );
    return rows[0]!;
  }

  async get(id: number): Promise<AttachmentRow | null> {
    const { rows } = await this.pool.query<AttachmentRow>(`SELECT ${COLUMNS} FROM attachment WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Deletes the row; throws the database's 23503 while a registry row still links it. */
  async delete(id: number): Promise<boolean> {
    const r = await this.pool.query('DELETE FROM attachment WHERE id = $1', [id]);
    return (r.rowCount ?? 0) > 0;
  }
}

/** The upload answer of a row. */
export function toUploaded(a: AttachmentRow): UploadedAttachment {
  return { id: a.id, name: a.name, content_type: a.content_type, size: a.size, url: attachmentUrl(a.id), sha256: a.sha256, created_at: a.created_at };
}
