/**
 * Sign-in calls (spec 01 §7, issue 8 §3; contract routes/auth.ts):
 *   POST /api/auth/token/          email + password → {access, refresh}; opens a session (family)
 *   POST /api/auth/token/refresh/  refresh → {access, refresh}: the refresh token is single-use
 *                                  (rotation); a spent one sent again revokes its family → 401
 *   POST /api/auth/logout/         refresh → 204: revokes its family
 *   GET  /api/users/me/            the current user
 * Bad credentials answer 401 with DRF simple-jwt's Russian message. Sign-in and refresh are
 * rate-limited per account and per address (plugins/rate-limit.ts) → 429 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { logoutRoute, meRoute, MSG, obtainTokenRoute, refreshTokenRoute } from '@tko/contract';
import type { Pool } from 'pg';
import type { RealtimePublisher } from '@tko/realtime';
import type { Config } from '../../config';
import { HttpError, tokenInvalid } from '../../plugins/http-errors';
import type { AuthGuards } from '../../plugins/auth';
import { registerSignInRateLimit } from '../../plugins/rate-limit';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { registerPasswordRoutes } from '../users/password.routes';
import { announceSessionEnd } from '../stomp/session-end';
import { RefreshStore } from './refresh-store';
import type { TokenService } from './tokens';
import type { UserStore } from './user-store';

export interface AuthRouteDeps {
  config: Config;
  /** Announces the end of live sessions (logout, reuse) to every API instance. */
  publisher?: RealtimePublisher;
  pool: Pool;
  tokens: TokenService;
  users: UserStore;
  guards: AuthGuards;
}

export async function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const { tokens, users } = deps;
  const sessions = new RefreshStore(deps.pool, tokens.refreshLifetime, deps.config.refreshTokenReuseGrace);

  // Per address before the body is read, per account (email, or the refresh token's user) after.
  await registerSignInRateLimit(app, {
    routes: [obtainTokenRoute.path, refreshTokenRoute.path],
    limits: deps.config.signInRateLimit,
    redisUrl: deps.config.redisUrl,
    accountOf: (url, body) => {
      if (url === obtainTokenRoute.path) return typeof body?.email === 'string' ? `email:${body.email.trim().toLowerCase()}` : null;
      if (typeof body?.refresh !== 'string') return null;
      try {
        return `user:${tokens.verify(body.refresh, 'refresh').user_id}`;
      } catch {
        return null;
      }
    },
  });

  registerRoute(app, obtainTokenRoute, async ({ body }) => {
    const user = await users.authenticate(body.email, body.password);
    if (!user) throw new HttpError(401, MSG.badCredentials, 'no_active_account');
    const issued = await sessions.start(user.id);
    return { access: tokens.access(user.id, issued.ver, issued.fam), refresh: tokens.refresh(user.id, issued) };
  }, deps);

  registerRoute(app, refreshTokenRoute, async ({ body }) => {
    const claims = tokens.verify(body.refresh, 'refresh');
    const rotated = await sessions.rotate(claims.user_id, claims.jti!, claims.ver ?? 0);
    if (!rotated.ok) {
      // A spent token came back: its family is revoked, and so are its live sessions.
      if (rotated.reason === 'reused') await announceSessionEnd(deps.publisher, { user_id: claims.user_id, fam: claims.fam!, reason: 'revoked' });
      throw tokenInvalid();
    }
    return { access: tokens.access(claims.user_id, rotated.next.ver, rotated.next.fam), refresh: tokens.refresh(claims.user_id, rotated.next) };
  }, deps);

  registerRoute(app, logoutRoute, async ({ body, reply }) => {
    const claims = tokens.verify(body.refresh, 'refresh');
    await sessions.revokeFamily(claims.user_id, claims.fam!);
    // Live sessions of this sign-in end now, on every API instance (stomp/session-end.ts).
    await announceSessionEnd(deps.publisher, { user_id: claims.user_id, fam: claims.fam!, reason: 'logout' });
    return reply.status(204).send();
  }, deps);

  // The wire user: the permission map without the server-side row-scope bindings.
  registerRoute(app, meRoute, ({ user }) => user, deps);
}

// Registration and password restore (issue 14 §3) share this module: their own limits, the same context.
export const authModule = apiModule('auth', async (app, d) => {
  await registerAuthRoutes(app, d);
  await registerPasswordRoutes(app, d);
});
