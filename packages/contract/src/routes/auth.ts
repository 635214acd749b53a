/**
 * Sign-in and the current user (spec 01 §3 "Current user", §4 "Session", §7).
 * Tokens are JWTs: access lives 5 minutes, refresh 1 day (configurable).
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';

export const TokenRequestSchema = z.object({
  email: z.string({ error: MSG.required }).trim().min(1, MSG.blank).max(254),
  password: z.string({ error: MSG.required }).min(1, MSG.blank).max(1024),
});
export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const RefreshRequestSchema = z.object({ refresh: z.string({ error: MSG.required }).min(1, MSG.blank).max(4096) });
export const AccessTokenSchema = z.object({ access: z.string() });

/** Actions a permission can grant on a resource. `view` is the entry permission. */
export const PERMISSION_ACTIONS = ['view', 'add', 'change', 'delete', 'export'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export const PERMISSION_ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'Просмотр', add: 'Создание', change: 'Изменение', delete: 'Удаление', export: 'Выгрузка',
};

export const PermissionFlagsSchema = z.object({
  view: z.boolean(), add: z.boolean(), change: z.boolean(), delete: z.boolean(), export: z.boolean(),
});
export type PermissionFlags = z.infer<typeof PermissionFlagsSchema>;

export const MeSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** resource → flags (spec 01 §6). */
  permissions: z.record(z.string(), PermissionFlagsSchema),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * Payload of our JWTs. `type` tells an access token from a refresh token. `ver` is the user's
 * token version when issued (a password change or deactivation moves it on: older tokens are
 * refused; absent = 0). A refresh token also names itself (`jti`) and its family (`fam`):
 * refresh tokens are single-use (issue 8 §3).
 */
export interface TokenClaims {
  user_id: number;
  type: 'access' | 'refresh';
  ver?: number;
  jti?: string;
  /** The sign-in (refresh-token family); access tokens of a sign-in carry it too. */
  fam?: string;
  /** Expiry, seconds since the epoch (JWT `exp`). */
  exp?: number;
}

/**
 * Checks a `'resource:action resource:action'` list (spec 01 §6, spec 03 §6): true when the
 * user holds at least one of them.
 */
export function hasAnyPermission(perms: Me['permissions'] | undefined, spec: string): boolean {
  if (!perms) return false;
  return spec.split(/\s+/).filter(Boolean).some((item) => {
    const [resource, action = 'view'] = item.split(':');
    return Boolean(perms[resource!]?.[action as PermissionAction]);
  });
}


/** Sign-in calls (spec 01 §7): bad credentials answer 401 with simple-jwt's Russian message. */
const SIGN_IN_LIMITS = 'Число попыток ограничено на учётную запись и на адрес клиента (по умолчанию 10 и 30 в минуту): сверх них 429 с Retry-After.';
export const obtainTokenRoute = defineRoute({
  method: 'POST', path: '/api/auth/token/', permission: 'public', tags: ['auth'], summary: 'Вход: пара токенов',
  description: SIGN_IN_LIMITS,
  body: TokenRequestSchema, response: { 200: TokenPairSchema },
});
/**
 * Refresh rotates (issue 8 §3): the answer carries a new refresh token and the one sent is
 * spent; sending a spent one again ends the whole session (its family) with 401.
 */
export const refreshTokenRoute = defineRoute({
  method: 'POST', path: '/api/auth/token/refresh/', permission: 'public', tags: ['auth'], summary: 'Новый токен доступа (и новый токен обновления)',
  description: `Токен обновления одноразовый: повторное использование завершает всю сессию (401). ${SIGN_IN_LIMITS}`,
  body: RefreshRequestSchema, response: { 200: TokenPairSchema },
});
/** Ends the session of the refresh token (its whole family); answers 204, also when already ended. */
export const logoutRoute = defineRoute({
  method: 'POST', path: '/api/auth/logout/', permission: 'public', tags: ['auth'], summary: 'Выход: завершить сессию',
  body: RefreshRequestSchema,
});
export const meRoute = defineRoute({
  method: 'GET', path: '/api/users/me/', permission: 'user', tags: ['auth'], summary: 'Текущий пользователь', response: { 200: MeSchema },
});
