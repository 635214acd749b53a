/**
 * The author's link to an appeal (issue 25 §2): a JWT (jsonwebtoken, HS256, JWT_SECRET) with
 * audience `appeal-link`, the appeal's id and a hash of the author's e-mail, expiring after
 * APPEAL_LINK_TTL_DAYS (default 30: the 59-ФЗ term of an answer, so a link e-mailed with a reply
 * lasts while the author may reasonably answer). Each reply's e-mail carries a fresh link. No row
 * is stored: a link stops working when it expires or when the appeal's e-mail is changed (the
 * hash no longer matches), never by a guess (HMAC). An access token is not a link (audience).
 */
import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { PUBLIC_APPEAL_WEB_PATH } from '@tko/contract';

const AUDIENCE = 'appeal-link';
const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

export class AppealLinks {
  constructor(
    private readonly secret: string,
    /** Days a link works. */
    readonly ttlDays: number,
  ) {}

  /** A token for the appeal `id` written by `email`. */
  issue(id: number, email: string): string {
    return jwt.sign({ appeal_id: id, em: emailHash(email) }, this.secret, { algorithm: 'HS256', audience: AUDIENCE, expiresIn: this.ttlDays * 86_400 });
  }

  /**
   * The appeal id a token names, when its signature and term hold and `currentEmail(id)` (the
   * appeal's e-mail now) still matches; null otherwise.
   */
  async verify(token: string, currentEmail: (id: number) => Promise<string | null>): Promise<number | null> {
    let claims: { appeal_id?: unknown; em?: unknown };
    try {
      claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience: AUDIENCE }) as typeof claims;
    } catch {
      return null;
    }
    if (typeof claims.appeal_id !== 'number' || typeof claims.em !== 'string') return null;
    const email = await currentEmail(claims.appeal_id);
    return email && emailHash(email) === claims.em ? claims.appeal_id : null;
  }

  /** The web page of the link (the web app's dialog page): `${publicUrl}${PUBLIC_APPEAL_WEB_PATH}?token=…`. */
  static url(publicUrl: string, token: string): string {
    return `${publicUrl}${PUBLIC_APPEAL_WEB_PATH}?token=${encodeURIComponent(token)}`;
  }
}
