/**
 * GET /api/dicts/fkko/tree/ (contract routes/fkko.ts): the ФККО tree one level at a time —
 * a node (by `code`, spaces allowed, or `id`) with its ancestors and children; without either,
 * the blocks. Permission fkko:view. 400 on a malformed code, 404 on an unknown one. The list,
 * card and search of the catalogue are the generic registry routes of `fkkoResource`.
 */
import type { FastifyInstance } from 'fastify';
import { fkkoTreeRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { FkkoRepository } from './fkko.repository';

export function registerFkkoRoutes(app: FastifyInstance, deps: { repo: FkkoRepository; guards: AuthGuards }): void {
  const { repo } = deps;
  registerRoute(app, fkkoTreeRoute, async ({ query }) => {
    const { code, id } = query;
    if (code === undefined && id === undefined) return { node: null, ancestors: [], children: await repo.children(null) };
    const node = code !== undefined ? await repo.byCode(code) : await repo.byId(id!);
    if (!node) throw notFound();
    const [ancestors, children] = await Promise.all([repo.ancestors(node.code), repo.children(node.code)]);
    return { node, ancestors, children };
  }, deps);
}

export const fkkoModule = apiModule('fkko', (app, d) => registerFkkoRoutes(app, { repo: new FkkoRepository(d.pool), guards: d.guards }));
