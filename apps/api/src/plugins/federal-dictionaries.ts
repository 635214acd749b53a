/**
 * Federal dictionaries (ФККО, ОКТМО administrative units) are read-only for everyone but an
 * administrator (issue 7 §8): a write (POST, PUT, PATCH, DELETE) under their paths needs, besides
 * the registry's own `add` / `change` / `delete`, the administrator's mark `users-roles:change`
 * (whoever may change roles may grant anything; docs/DECISIONS.md). Reads are not affected.
 * 401 without a token, 403 (DRF shape) otherwise.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthGuards } from './auth';

/** API path prefixes of the federal dictionaries (contract resources `fkko`, `administrative-unit`). */
export const FEDERAL_DICTIONARY_PATHS = ['/api/dicts/fkko/', '/api/dicts/administrative-unit/'];
/** The permission only an administrator holds. */
export const ADMIN_MARK = { resource: 'users-roles', action: 'change' } as const;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** POST calls under these paths that only read (search, export). */
const READING_POSTS = /\/(search|export|xlsx)\/$/;

export function registerFederalDictionaryGuard(app: FastifyInstance, guards: AuthGuards): void {
  // The guard is an async hook of the request alone (plugins/auth.ts).
  const adminOnly = guards.requirePermission(ADMIN_MARK.resource, ADMIN_MARK.action) as unknown as (request: FastifyRequest) => Promise<void>;
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const url = request.url.split('?')[0]!;
    if (!FEDERAL_DICTIONARY_PATHS.some((p) => url.startsWith(p))) return;
    if (request.method === 'POST' && READING_POSTS.test(url)) return;
    await adminOnly(request);
  });
}
