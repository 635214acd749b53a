/**
 * JWT access and refresh tokens (jsonwebtoken, HS256, secret from JWT_SECRET).
 * Lifetimes in seconds: access 300, refresh 86 400 by default (configurable).
 * Both carry the user's token version `ver` (app_user.token_version when issued); a refresh
 * token also carries its id `jti` and family `fam` (refresh-store.ts keeps them single-use).
 * verify() throws HttpError 401 `token_not_valid` for a bad, expired or wrong-type token.
 */
import jwt from 'jsonwebtoken';
import type { TokenClaims } from '@tko/contract';
import { tokenInvalid } from '../../plugins/http-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly accessLifetime: number,
    /** Seconds a refresh token lives. */
    readonly refreshLifetime: number,
  ) {}

  /**
   * A new access token for the user at token version `ver` (0 = never changed); `fam` = the
   * sign-in (refresh family) it belongs to, which binds a live session to it (stomp/session-end.ts).
   */
  access(userId: number, ver = 0, fam?: string): string {
    const claims: TokenClaims = { user_id: userId, type: 'access', ver, ...(fam ? { fam } : {}) };
    return jwt.sign(claims, this.secret, { algorithm: 'HS256', expiresIn: this.accessLifetime });
  }

  /** A new refresh token; `jti` and `fam` are its record's id and family (refresh-store.ts). */
  refresh(userId: number, ids: { jti: string; fam: string; ver?: number }): string {
    return jwt.sign({ user_id: userId, type: 'refresh', ver: ids.ver ?? 0, jti: ids.jti, fam: ids.fam } satisfies TokenClaims, this.secret, { algorithm: 'HS256', expiresIn: this.refreshLifetime });
  }

  /** The claims of a valid token of the given type. */
  verify(token: string, type: TokenClaims['type']): TokenClaims {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] }) as TokenClaims;
      if (claims.type !== type || typeof claims.user_id !== 'number') throw tokenInvalid();
      if (claims.ver !== undefined && !Number.isInteger(claims.ver)) throw tokenInvalid();
      if (type === 'refresh' && (typeof claims.jti !== 'string' || typeof claims.fam !== 'string')) throw tokenInvalid();
      if (claims.fam !== undefined && (typeof claims.fam !== 'string' || !UUID.test(claims.fam))) throw tokenInvalid();
      return claims;
    } catch {
      throw tokenInvalid();
    }
  }
}
