/**
 * JWT access and refresh tokens (jsonwebtoken, HS256, secret from JWT_SECRET).
 * Lifetimes in seconds: access 300, refresh 86 400 by default (configurable).
 * verify() throws HttpError 401 `token_not_valid` for a bad, expired or wrong-type token.
 */
import jwt from 'jsonwebtoken';
import type { TokenClaims } from '@tko/contract';
import { tokenInvalid } from '../../plugins/http-errors';

export class TokenService {
  constructor(
    private readonly secret: string,
    private readonly accessLifetime: number,
    private readonly refreshLifetime: number,
  ) {}

  /** A new access token for the user. */
  access(userId: number): string {
    return jwt.sign({ user_id: userId, type: 'access' } satisfies TokenClaims, this.secret, { algorithm: 'HS256', expiresIn: this.accessLifetime });
  }

  /** A new refresh token for the user. */
  refresh(userId: number): string {
    return jwt.sign({ user_id: userId, type: 'refresh' } satisfies TokenClaims, this.secret, { algorithm: 'HS256', expiresIn: this.refreshLifetime });
  }

  /** The claims of a valid token of the given type. */
  verify(token: string, type: TokenClaims['type']): TokenClaims {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] }) as TokenClaims;
      if (claims.type !== type || typeof claims.user_id !== 'number') throw tokenInvalid();
      return claims;
    } catch {
      throw tokenInvalid();
    }
  }
}
