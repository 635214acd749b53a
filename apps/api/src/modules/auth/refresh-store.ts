/**
 * Single-use refresh tokens (issue 8 §3) in `refresh_token` (migration 20261124001000):
 * one row per token ever issued — jti, family, user, issued/expires/used/revoked times.
 *
 * - start(user): a sign-in opens a family with its first token.
 * - rotate(claims): the token must be known, unused, unrevoked, unexpired and of the user's
 *   current token version; it is marked used and the next token of the same family is issued,
 *   in one transaction (row lock: two concurrent refreshes with one token give one success).
 *   A token presented a second time (already used) revokes its whole family — the thief's and
 *   the owner's copies both stop — and is refused. Except within `reuseGrace` seconds of its
 *   use while the token it was spent for is still unused: then the answer was lost (the tab
 *   reloaded or closed, or the network dropped, while the refresh was under way) and that
 *   successor is issued again (same jti, a fresh signature) instead — no fork of the family.
 *   The same rule as Okta's refresh-token grace period (default 30 s) and Auth0's reuse interval.
 * - revokeFamily(fam): logout.
 * A password change or (de)activation revokes every family of the user by a trigger on app_user.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

/** Ids for a new refresh token: its jti, family and the user's token version. */
export interface IssuedRefresh {
  jti: string;
  fam: string;
  ver: number;
}

/** Outcome of a rotation; `reused` = a spent token came back and its family is now revoked. */
export type RotateResult = { ok: true; next: IssuedRefresh } | { ok: false; reason: 'unknown' | 'revoked' | 'reused' | 'stale' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class RefreshStore {
  constructor(
    private readonly pool: Pool,
    /** Seconds a refresh token lives (as its JWT `exp`). */
    private readonly lifetime: number,
    /** Seconds after its use during which the token gets its unused successor again (0 = never). */
    private readonly reuseGrace = 0,
  ) {}

  /** Opens a family for a sign-in; drops the user's rows that expired more than a day ago. */
  async start(userId: number): Promise<IssuedRefresh> {
    const fam = randomUUID();
    const jti = randomUUID();
    const { rows } = await this.pool.query<{ ver: number }>(
      `WITH gone AS (DELETE FROM refresh_token WHERE user_id = $3 AND expires_at < now() - interval '1 day')
       INSERT INTO refresh_token (jti, family_id, user_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       RETURNING (SELECT token_version FROM app_user WHERE id = $3) AS ver`,
      [jti, fam, userId, this.lifetime],
    );
    return { jti, fam, ver: rows[0]?.ver ?? 0 };
  }

  /** Spends `jti` of `userId` and issues the next token of its family (see the module note). */
  async rotate(userId: number, jti: string, ver: number): Promise<RotateResult> {
    if (!UUID.test(jti)) return { ok: false, reason: 'unknown' };
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ family_id: string; used: boolean; revoked: boolean; expired: boolean; token_version: number | null; successor: string | null }>(
        `SELECT r.family_id, r.used_at IS NOT NULL AS used, r.revoked_at IS NOT NULL AS revoked, r.expires_at <= now() AS expired,
                (SELECT u.token_version FROM app_user u WHERE u.id = r.user_id AND u.is_active) AS token_version,
                -- the token it was spent for (inserted in the same transaction: issued_at = its used_at), still unused, within the grace
                (SELECT n.jti FROM refresh_token n
                  WHERE r.used_at > now() - make_interval(secs => $3) AND n.family_id = r.family_id AND n.issued_at = r.used_at
                    AND n.used_at IS NULL AND n.revoked_at IS NULL AND n.expires_at > now()
                  LIMIT 1) AS successor
           FROM refresh_token r WHERE r.jti = $1 AND r.user_id = $2 FOR UPDATE`,
        [jti, userId, this.reuseGrace],
      );
      const row = rows[0];
      let result: RotateResult;
      if (!row) result = { ok: false, reason: 'unknown' };
      else if (row.revoked || row.expired) result = { ok: false, reason: 'revoked' };
      else if (row.used && row.successor && row.token_version === ver) result = { ok: true, next: { jti: row.successor, fam: row.family_id, ver } };
      else if (row.used) {
        await client.query('UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id]);
        result = { ok: false, reason: 'reused' };
      } else if (row.token_version === null || row.token_version !== ver) result = { ok: false, reason: 'stale' };
      else {
        const next = randomUUID();
        await client.query('UPDATE refresh_token SET used_at = now() WHERE jti = $1', [jti]);
        await client.query(
          `INSERT INTO refresh_token (jti, family_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
          [next, row.family_id, userId, this.lifetime],
        );
        result = { ok: true, next: { jti: next, fam: row.family_id, ver: row.token_version } };
      }
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  /** Revokes every token of the family `fam` of `userId` (logout); idempotent. */
  async revokeFamily(userId: number, fam: string): Promise<void> {
    if (!UUID.test(fam)) return;
    await this.pool.query('UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL', [fam, userId]);
  }
}
