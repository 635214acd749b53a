/**
 * SQL of the `notification` table (migration 20261122100100_notifications; contract
 * routes/notifications.ts). Every read and write is scoped to one user, and an expired row
 * (live_until ≤ now()) is invisible: never listed, counted, marked or deleted through here —
 * only {@link NotificationStore.removeExpired} touches it. Plain SQL on the pg pool because the
 * worker (which has only a pool) writes here too, and the deduplicated insert needs
 * ON CONFLICT … DO NOTHING.
 */
import type { Notification, NotificationType, NotifyInput } from '@tko/contract';
import { NotifyInputSchema } from '@tko/contract';
import type { Pool } from 'pg';

interface Row {
  id: number;
  created_at: Date;
  type: NotificationType;
  body: string;
  readed: boolean;
  live_until: Date;
  document_data: unknown;
  document_url: string | null;
  document_name: string | null;
  document_file_type: string | null;
}

const COLUMNS = 'id, created_at, type, body, readed, live_until, document_data, document_url, document_name, document_file_type';
const ALIVE = 'live_until > now()';

/** Row → wire (camelCase names of spec 01 §3, ISO 8601 times). */
function toWire(r: Row): Notification {
  return {
    id: r.id,
    createdAt: r.created_at.toISOString(),
    type: r.type,
    body: r.body,
    readed: r.readed,
    liveUntil: r.live_until.toISOString(),
    documentData: r.document_data ?? null,
    documentUrl: r.document_url,
    documentName: r.document_name,
    documentFileType: r.document_file_type,
  };
}

export class NotificationStore {
  constructor(private readonly pool: Pool) {}

  /**
   * Inserts a notification for `userId`. Returns it, or null when `dedupKey` was already used
   * (nothing written). Throws a zod error on an invalid input and the database error on an
   * unknown user (foreign key).
   */
  async insert(userId: number, input: NotifyInput): Promise<Notification | null> {
    const n = NotifyInputSchema.parse(input);
    const { rows } = await this.pool.query<Row>(
      `INSERT INTO notification (user_id, type, body, live_until, document_data, document_url, document_name, document_file_type, dedup_key)
       VALUES ($1, $2, $3, COALESCE($4, now() + interval '1 month'), $5, $6, $7, $8, $9)
       ON CONFLICT (dedup_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [userId, n.type ?? 'simple', n.body, n.liveUntil ?? null, n.documentData === undefined ? null : JSON.stringify(n.documentData),
        n.documentUrl ?? null, n.documentName ?? null, n.documentFileType ?? null, n.dedupKey ?? null],
    );
    return rows[0] ? toWire(rows[0]) : null;
  }

  /** One page of the user's live notifications, newest first, with the total and unread counts. */
  async page(userId: number, opts: { limit: number; offset: number; readed?: boolean }): Promise<{ count: number; unread: number; rows: Notification[] }> {
    const params: unknown[] = [userId];
    let filter = 'true';
    if (opts.readed !== undefined) {
      params.push(opts.readed);
      filter = 'readed = $2';
    }
    const n = params.length;
    const [rows, counts] = await Promise.all([
      this.pool.query<Row>(
        `SELECT ${COLUMNS} FROM notification WHERE user_id = $1 AND ${ALIVE} AND ${filter}
          ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, opts.limit, opts.offset],
      ),
      this.pool.query<{ count: number; unread: number }>(
        `SELECT count(*) FILTER (WHERE ${filter})::int AS count, count(*) FILTER (WHERE NOT readed)::int AS unread
           FROM notification WHERE user_id = $1 AND ${ALIVE}`,
        params,
      ),
    ]);
    return { count: counts.rows[0]!.count, unread: counts.rows[0]!.unread, rows: rows.rows.map(toWire) };
  }

  /** Number of the user's live unread notifications. */
  async unreadCount(userId: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND NOT readed AND ${ALIVE}`,
      [userId],
    );
    return rows[0]!.n;
  }

  /** Marks one of the user's live notifications read; null when there is none with that id. */
  async markRead(userId: number, id: number): Promise<Notification | null> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE notification SET readed = true WHERE id = $1 AND user_id = $2 AND ${ALIVE} RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0] ? toWire(rows[0]) : null;
  }

  /** Marks all the user's live unread notifications read; returns how many changed. */
  async markAllRead(userId: number): Promise<number> {
    const res = await this.pool.query(`UPDATE notification SET readed = true WHERE user_id = $1 AND NOT readed AND ${ALIVE}`, [userId]);
    return res.rowCount ?? 0;
  }

  /** Deletes one of the user's live notifications; false when there is none with that id. */
  async delete(userId: number, id: number): Promise<boolean> {
    const res = await this.pool.query(`DELETE FROM notification WHERE id = $1 AND user_id = $2 AND ${ALIVE}`, [id, userId]);
    return (res.rowCount ?? 0) > 0;
  }

  /** Deletes every notification whose live_until has passed (all users); returns how many. */
  async removeExpired(): Promise<number> {
    const res = await this.pool.query(`DELETE FROM notification WHERE live_until <= now()`);
    return res.rowCount ?? 0;
  }
}
