/**
 * Authentication and permissions for every route (spec 01 §6).
 * - A bearer access token is read from `Authorization: Bearer <jwt>`; the user and their
 *   permission map are loaded for each request.
 * - `requirePermission(resource, action)` answers 401 without a valid token and 403 without
 *   the permission. Public routes simply do not use it.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { PermissionAction } from '@tko/contract';
import { forbidden, notAuthenticated, tokenInvalid } from './http-errors';
import type { TokenService } from '../modules/auth/tokens';
import type { AuthUser, UserStore } from '../modules/auth/user-store';

export type { AuthUser } from '../modules/auth/user-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded by the auth hook; undefined until then. */
    authUser?: AuthUser | null;
  }
}

/** Reads the user of the request's bearer token; null without a token; throws 401 on a bad one. */
export async function resolveUser(request: FastifyRequest, tokens: TokenService, users: UserStore): Promise<AuthUser | null> {
  if (request.authUser !== undefined) return request.authUser;
  const header = request.headers.authorization;
  if (!header) return (request.authUser = null);
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw notAuthenticated();
  const claims = tokens.verify(token, 'access');
  const user = await users.me(claims.user_id);
  if (!user) throw notAuthenticated();
  // Issued before the password changed or the user was (de)activated (issue 8 §3).
  if ((claims.ver ?? 0) !== user.tokenVersion) throw tokenInvalid();
  return (request.authUser = user);
}

export interface AuthGuards {
  /** 401 unless signed in. */
  requireUser: preHandlerHookHandler;
  /** 401 unless signed in, 403 unless holding `resource:action`. */
  requirePermission(resource: string, action: PermissionAction): preHandlerHookHandler;
  /** 401 unless signed in, 403 unless holding `action` on at least one of `resources`. */
  requireAny(resources: string[], action: PermissionAction): preHandlerHookHandler;
  /** The signed-in user (after one of the guards ran). */
  user(request: FastifyRequest): AuthUser;
  /** Every `resource:action` a guard was made for (GET /api/roles/permissions/ lists them all). */
  readonly checked: ReadonlySet<string>;
}

/** Builds the guards for routes; the app decorates nothing global. */
export function createAuthGuards(_app: FastifyInstance, tokens: TokenService, users: UserStore): AuthGuards {
  const signedIn = async (request: FastifyRequest): Promise<AuthUser> => {
    const user = await resolveUser(request, tokens, users);
    if (!user) throw notAuthenticated();
    return user;
  };
  const checked = new Set<string>();
  return {
    checked,
    requireUser: async (request) => {
      await signedIn(request);
    },
    requirePermission: (resource, action) => {
      checked.add(`${resource}:${action}`);
      return async (request) => {
        const user = await signedIn(request);
        if (!user.permissions[resource]?.[action]) throw forbidden();
      };
    },
    requireAny: (resources, action) => {
      for (const r of resources) checked.add(`${r}:${action}`);
      return async (request) => {
        const user = await signedIn(request);
        if (!resources.some((r) => user.permissions[r]?.[action])) throw forbidden();
      };
    },
    user: (request) => {
      if (!request.authUser) throw notAuthenticated();
      return request.authUser;
    },
  };
}
