/**
 * Registries whose writes need a permission besides their own add / change / delete
 * (`ResourceDef.writePermission`): the federal dictionaries (ФККО, ОКТМО administrative units)
 * are read-only for everyone but an administrator (issue 7 §8) — their descriptions name the
 * administrator's mark `users-roles:change` (docs/DECISIONS.md «Federal dictionaries»). Every
 * write (POST, PUT, PATCH, DELETE) under such a registry's path — its generic routes and any
 * hand-written call there — checks it; reads, and POSTs that only read (search, export, xlsx),
 * are not affected. 401 without a token, 403 (DRF shape) otherwise.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '@tko/contract';
import { resources } from '@tko/contract';
import type { AuthGuards } from './auth';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** POST calls under these paths that only read (search, export). */
const READING_POSTS = /\/(search|export|xlsx)\/$/;

/** Path prefix → the extra permission its writes need, from the descriptions. */
export function writeGuardedPaths(defs: readonly ResourceDef[] = resources): { path: string; permission: NonNullable<ResourceDef['writePermission']> }[] {
  return defs.filter((d) => d.writePermission).map((d) => ({ path: d.path, permission: d.writePermission! }));
}

export function registerFederalDictionaryGuard(app: FastifyInstance, guards: AuthGuards): void {
  const guarded = writeGuardedPaths().map(({ path, permission }) => ({
    path,
    // The guard is an async hook of the request alone (plugins/auth.ts).
    check: guards.requirePermission(permission.resource, permission.action) as unknown as (request: FastifyRequest) => Promise<void>,
  }));
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const url = request.url.split('?')[0]!;
    const hit = guarded.find((g) => url.startsWith(g.path));
    if (!hit) return;
    if (request.method === 'POST' && READING_POSTS.test(url)) return;
    await hit.check(request);
  });
}
