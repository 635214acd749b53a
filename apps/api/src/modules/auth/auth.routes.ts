/**
 * Sign-in calls (spec 01 §7): POST /api/auth/token/, POST /api/auth/token/refresh/,
 * GET /api/users/me/. Bad credentials answer 401 with DRF simple-jwt's Russian message.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AccessTokenSchema, MeSchema, MSG, RefreshRequestSchema, TokenPairSchema, TokenRequestSchema } from '@tko/contract';
import { HttpError, notAuthenticated } from '../../plugins/http-errors';
import type { AuthGuards } from '../../plugins/auth';
import type { TokenService } from './tokens';
import type { UserStore } from './user-store';

export function registerAuthRoutes(app: FastifyInstance, deps: { tokens: TokenService; users: UserStore; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tokens, users, guards } = deps;

  r.post('/api/auth/token/', {
    schema: { tags: ['auth'], summary: 'Вход: пара токенов', body: TokenRequestSchema, response: { 200: TokenPairSchema } },
  }, async (request) => {
    const user = await users.authenticate(request.body.email, request.body.password);
    if (!user) throw new HttpError(401, MSG.badCredentials, 'no_active_account');
    return { access: tokens.access(user.id), refresh: tokens.refresh(user.id) };
  });

  r.post('/api/auth/token/refresh/', {
    schema: { tags: ['auth'], summary: 'Новый токен доступа', body: RefreshRequestSchema, response: { 200: AccessTokenSchema } },
  }, async (request) => {
    const claims = tokens.verify(request.body.refresh, 'refresh');
    if (!(await users.me(claims.user_id))) throw notAuthenticated();
    return { access: tokens.access(claims.user_id) };
  });

  r.get('/api/users/me/', {
    preHandler: guards.requireUser,
    schema: { tags: ['auth'], summary: 'Текущий пользователь', response: { 200: MeSchema } },
  }, async (request) => guards.user(request));
}
