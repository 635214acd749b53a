/**
 * SQL of an appeal's dialog (tables appeal_message, appeal_message_attachment) and of the files a
 * reply adds to the appeal (appeal_attachment, the registry's `attachments` field).
 */
import type { Pool, PoolClient } from 'pg';
import type { AppealMessage } from '@tko/contract';

const MESSAGE_SELECT = `SELECT m.id, m.appeal_id,
       CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.email) END AS author,
       m.author_name, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, m.text,
       (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'content_type', a.content_type, 'size', a.size,
                'url', '/api/attachments/' || a.id || '/download/') ORDER BY j.position, a.id), '[]'::json)
          FROM appeal_message_attachment j JOIN attachment a ON a.id = j.attachment_id WHERE j.message_id = m.id) AS files
  FROM appeal_message m LEFT JOIN app_user u ON u.id = m.author_id`;

export interface AttachmentOwner {
  id: number;
  created_by: number | null;
  held_by_appeal: boolean;
}

export class AppealsRepository {
  constructor(private readonly pool: Pool) {}

  async exists(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM appeal WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }

  /** A page of the appeal's messages, oldest first, and their number. */
  async messages(appealId: number, paging: { limit: number; offset: number }, db: Pool | PoolClient = this.pool): Promise<{ count: number; rows: AppealMessage[] }> {
    const [{ rows }, count] = await Promise.all([
      db.query<AppealMessage>(`${MESSAGE_SELECT} WHERE m.appeal_id = $1 ORDER BY m.created_at, m.id LIMIT $2 OFFSET $3`, [appealId, paging.limit, paging.offset]),
      db.query<{ n: string }>('SELECT count(*) AS n FROM appeal_message WHERE appeal_id = $1', [appealId]),
    ]);
    return { count: Number(count.rows[0]!.n), rows };
  }

  /** One message as answered. */
  async message(id: number, db: Pool | PoolClient = this.pool): Promise<AppealMessage | null> {
    const { rows } = await db.query<AppealMessage>(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The files asked for: who uploaded each and whether the appeal already holds it. */
  async attachmentOwners(appealId: number, ids: number[], db: PoolClient): Promise<AttachmentOwner[]> {
    const { rows } = await db.query<AttachmentOwner>(
      `SELECT a.id, a.created_by, EXISTS (SELECT 1 FROM appeal_attachment x WHERE x.appeal_id = $1 AND x.attachment_id = a.id) AS held_by_appeal
         FROM attachment a WHERE a.id = ANY ($2::int[])`,
      [appealId, ids],
    );
    return rows;
  }

  /** Inserts a message with its files (also appended to the appeal's attachments); returns its id. */
  async insertMessage(m: { appealId: number; authorId: number | null; authorName: string; text: string; files: number[] }, db: PoolClient): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO appeal_message (appeal_id, author_id, author_name, text) VALUES ($1, $2, $3, $4) RETURNING id',
      [m.appealId, m.authorId, m.authorName, m.text],
    );
    const id = rows[0]!.id;
    if (m.files.length) {
      await db.query(
        `INSERT INTO appeal_message_attachment (message_id, attachment_id, position)
         SELECT $1, f.id, f.ord FROM unnest($2::int[]) WITH ORDINALITY AS f(id, ord)`,
        [id, m.files],
      );
      await db.query(
        `INSERT INTO appeal_attachment (appeal_id, attachment_id, position)
         SELECT $1, f.id, (SELECT coalesce(max(position), 0) FROM appeal_attachment WHERE appeal_id = $1) + f.ord
           FROM unnest($2::int[]) WITH ORDINALITY AS f(id, ord)
         ON CONFLICT DO NOTHING`,
        [m.appealId, m.files],
      );
    }
    return id;
  }

  /** Every file of the appeal (its attachments), in order, with the storage key. */
  async files(appealId: number): Promise<{ id: number; name: string; storage_key: string }[]> {
    const { rows } = await this.pool.query<{ id: number; name: string; storage_key: string }>(
      `SELECT a.id, a.name, a.storage_key FROM appeal_attachment j JOIN attachment a ON a.id = j.attachment_id
        WHERE j.appeal_id = $1 ORDER BY j.position, a.id`,
      [appealId],
    );
    return rows;
  }
}
