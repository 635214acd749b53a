/**
 * /api/roles/… and /api/roles/permissions/ (contract routes/roles.ts; spec 03 §6, §7; issue 14 §2).
 * A role edit or delete drops the cached permission maps of its holders (user store), so it
 * applies on their next request to this API process; other processes notice within the
 * store's 2 s cache (ME_CACHE_MS).
 */
import { writerName } from '@tko/db';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE, permissionsListRoute, roleCreateRoute, roleDeleteRoute, roleGetRoute, rolesListRoute, roleUpdateRoute } from '@tko/contract';
import { notFound } from '../../plugins/http-errors';
import { pageLinks, parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import type { AuthUser } from '../auth/user-store';
import { apiModule } from '../module';
import type { ModuleDeps } from '../module';
import { permissionList } from './permission-list';
import { RolesRepository } from './roles.repository';

const actor = (u: AuthUser) => ({ id: u.id, name: writerName(u) });

export function registerRoleRoutes(app: FastifyInstance, d: ModuleDeps): void {
  const repo = new RolesRepository(d.pool);

  registerRoute(app, rolesListRoute, async ({ query, request }) => {
    const { count, rows } = await repo.list(query);
    if ((query.page ?? 1) > 1 && !rows.length) throw notFound();
    return { count, ...pageLinks(request, query.page ?? 1, query.page_size ?? DEFAULT_PAGE_SIZE, count), results: rows };
  }, d);

  registerRoute(app, roleCreateRoute, ({ body, user }) => repo.create(body, actor(user)), d);

  registerRoute(app, permissionsListRoute, () => {
    const results = permissionList(app, d.guards.checked);
    return { count: results.length, results };
  }, d);

  registerRoute(app, roleGetRoute, async ({ params }) => {
    const id = parseId(params.id);
    const role = id === null ? null : await repo.get(id);
    if (!role) throw notFound();
    return role;
  }, d);

  registerRoute(app, roleUpdateRoute, async ({ params, body, user }) => {
    const id = parseId(params.id);
    const role = id === null ? null : await repo.update(id, body, actor(user));
    if (!role) throw notFound();
    for (const holder of await repo.holders(role.id)) d.users.forget(holder);
    return role;
  }, d);

  registerRoute(app, roleDeleteRoute, async ({ params, user, reply }) => {
    const id = parseId(params.id);
    const holders = id === null ? [] : await repo.holders(id);
    if (id === null || !(await repo.delete(id, actor(user)))) throw notFound();
    for (const holder of holders) d.users.forget(holder);
    return reply.status(204).send();
  }, d);
}

export const rolesModule = apiModule('roles', (app, d) => registerRoleRoutes(app, d));
