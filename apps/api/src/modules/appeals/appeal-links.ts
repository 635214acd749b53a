/**
 * The author's link to an appeal and the session it opens (docs/DECISIONS.md
 * «Single-use appeal links»). Both are JWTs (jsonwebtoken, HS256, JWT_SECRET) naming the appeal
 * and a hash of the author's e-mail, so they stop working when the appeal's e-mail changes, never
 * by a guess (HMAC):
 * - the link (audience `appeal-link`, a random nonce `jti`) is e-mailed with each staff reply and
 *   on request; it expires after APPEAL_LINK_TTL_DAYS (default 30: the 59-ФЗ term of an answer)
 *   and is opened once: exchanging it for a session consumes its nonce (table appeal_link_use);
 * - the session (audience `appeal-session`, the link's nonce) lives {@link APPEAL_SESSION_HOURS}
 *   hours; the page keeps it in its browser and sends it with each read and answer.
 * Neither is an access token (audience), nor one the other.
 */
import { createHash, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { PUBLIC_APPEAL_WEB_PATH } from '@tko/contract';

const LINK = 'appeal-link';
const SESSION = 'appeal-session';
const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

/** Hours a session opened by a link works. */
export const APPEAL_SESSION_HOURS = 24;

/** What a checked link or session names. */
export interface AppealKey {
  appealId: number;
  /** The link's nonce (a session carries its link's). */
  nonce: string;
  /** When the link or session ends. */
  expiresAt: Date;
}

/** A session token and when it ends. */
export interface AppealSession {
  session: string;
  expiresAt: Date;
}

type Claims = { appeal_id?: unknown; em?: unknown; jti?: unknown; nonce?: unknown; exp?: unknown };

export class AppealLinks {
  constructor(
    private readonly secret: string,
    /** Days a link works. */
    readonly ttlDays: number,
  ) {}

  /** A fresh link token (its own nonce) for the appeal `id` written by `email`. */
  issue(id: number, email: string): string {
    return jwt.sign({ appeal_id: id, em: emailHash(email) }, this.secret, { algorithm: 'HS256', audience: LINK, expiresIn: this.ttlDays * 86_400, jwtid: randomUUID() });
  }

  /** A session for the appeal `id` opened by the link with `nonce`. */
  session(id: number, email: string, nonce: string, now = new Date()): AppealSession {
    const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + APPEAL_SESSION_HOURS * 3_600_000);
    const session = jwt.sign({ appeal_id: id, em: emailHash(email), nonce, exp: expiresAt.getTime() / 1000, iat: Math.floor(now.getTime() / 1000) }, this.secret, { algorithm: 'HS256', audience: SESSION });
    return { session, expiresAt };
  }

  /**
   * The appeal and nonce a link token names, when its signature and term hold and
   * `currentEmail(id)` (the appeal's e-mail now) still matches; null otherwise. A link issued
   * before nonces existed takes the hash of its text as its nonce (it is single-use too).
   */
  async verify(token: string, currentEmail: (id: number) => Promise<string | null>): Promise<AppealKey | null> {
    const c = await this.check(token, LINK, currentEmail);
    if (!c) return null;
    return { appealId: c.appealId, nonce: typeof c.claims.jti === 'string' ? c.claims.jti : createHash('sha256').update(token).digest('base64url'), expiresAt: c.expiresAt };
  }

  /** The appeal a session token names (as {@link verify}); null when bad, expired or the e-mail changed. */
  async verifySession(session: string, currentEmail: (id: number) => Promise<string | null>): Promise<AppealKey | null> {
    const c = await this.check(session, SESSION, currentEmail);
    return c && typeof c.claims.nonce === 'string' ? { appealId: c.appealId, nonce: c.claims.nonce, expiresAt: c.expiresAt } : null;
  }

  private async check(token: string, audience: string, currentEmail: (id: number) => Promise<string | null>): Promise<{ appealId: number; claims: Claims; expiresAt: Date } | null> {
    let claims: Claims;
    try {
      claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience }) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.appeal_id !== 'number' || typeof claims.em !== 'string' || typeof claims.exp !== 'number') return null;
    const email = await currentEmail(claims.appeal_id);
    return email && emailHash(email) === claims.em ? { appealId: claims.appeal_id, claims, expiresAt: new Date(claims.exp * 1000) } : null;
  }

  /** The web page of the link (the web app's dialog page): `${publicUrl}${PUBLIC_APPEAL_WEB_PATH}?token=…`. */
  static url(publicUrl: string, token: string): string {
    return `${publicUrl}${PUBLIC_APPEAL_WEB_PATH}?token=${encodeURIComponent(token)}`;
  }
}
