/**
 * Signed single-use e-mail links (issue 14 §3), rows of `auth_link` (migration
 * 20261124110000_administration). A link's token is `<uuid>.<HMAC-SHA256(JWT_SECRET, 'auth-link:' + uuid)>`
 * (base64url): a guessed or altered token fails the signature before any query; a valid one
 * must name an unused, unexpired row of that purpose. Consuming a link marks it and every other
 * open link of the user used, in the caller's transaction.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { PoolClient, Pool } from 'pg';

export type LinkPurpose = 'registration' | 'reset';

export class AuthLinks {
  constructor(
    private readonly pool: Pool,
    private readonly secret: string,
    /** Seconds a link works. */
    private readonly ttlSeconds: number,
  ) {}

  /** Minutes a link works (for the message text). */
  get minutes(): number {
    return Math.max(1, Math.round(this.ttlSeconds / 60));
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret).update(`auth-link:${id}`).digest('base64url');
  }

  /** A new link token of `purpose` for `userId`. */
  async issue(userId: number, purpose: LinkPurpose): Promise<string> {
    const id = randomUUID();
    await this.pool.query(
      `INSERT INTO auth_link (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [id, userId, purpose, this.ttlSeconds],
    );
    return `${id}.${this.sign(id)}`;
  }

  /**
   * Spends `token` in the transaction of `db`: the user id and purpose of a valid link (then
   * every open link of that user is marked used), or null for a bad signature, an unknown,
   * used or expired link, or an inactive user.
   */
  async consume(db: PoolClient, token: string): Promise<{ userId: number; purpose: LinkPurpose } | null> {
    const [id, sig] = token.split('.');
    if (!id || !sig || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const { rows } = await db.query<{ user_id: number; purpose: LinkPurpose }>(
      `SELECT l.user_id, l.purpose FROM auth_link l JOIN app_user u ON u.id = l.user_id AND u.is_active
        WHERE l.id = $1 AND l.used_at IS NULL AND l.expires_at > now() FOR UPDATE OF l`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    await db.query('UPDATE auth_link SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.user_id]);
    return { userId: row.user_id, purpose: row.purpose };
  }

  /** Removes links that expired more than a day ago (called when issuing is cheap enough). */
  async prune(): Promise<void> {
    await this.pool.query(`DELETE FROM auth_link WHERE expires_at < now() - interval '1 day'`);
  }
}
