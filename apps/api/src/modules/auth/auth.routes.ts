/**
 * Sign-in calls (spec 01 §7; contract routes/auth.ts): POST /api/auth/token/,
 * POST /api/auth/token/refresh/, GET /api/users/me/. Bad credentials answer 401 with DRF
 * simple-jwt's Russian message.
 */
import type { FastifyInstance } from 'fastify';
import { meRoute, MSG, obtainTokenRoute, refreshTokenRoute } from '@tko/contract';
import { HttpError, notAuthenticated } from '../../plugins/http-errors';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import type { TokenService } from './tokens';
import type { UserStore } from './user-store';

export function registerAuthRoutes(app: FastifyInstance, deps: { tokens: TokenService; users: UserStore; guards: AuthGuards }): void {
  const { tokens, users } = deps;

  registerRoute(app, obtainTokenRoute, async ({ body }) => {
    const user = await users.authenticate(body.email, body.password);
    if (!user) throw new HttpError(401, MSG.badCredentials, 'no_active_account');
    return { access: tokens.access(user.id), refresh: tokens.refresh(user.id) };
  }, deps);

  registerRoute(app, refreshTokenRoute, async ({ body }) => {
    const claims = tokens.verify(body.refresh, 'refresh');
    if (!(await users.me(claims.user_id))) throw notAuthenticated();
    return { access: tokens.access(claims.user_id) };
  }, deps);

  // The wire user: the permission map without the server-side row-scope bindings.
  registerRoute(app, meRoute, ({ user }) => user, deps);
}

export const authModule = apiModule('auth', (app, d) => registerAuthRoutes(app, d));
