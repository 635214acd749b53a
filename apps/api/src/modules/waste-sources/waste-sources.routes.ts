/**
 * Sub-lists of one waste source (spec 02 §7; contract: routes/waste-sources.ts), each with the
 * permission `waste-sources:view`, paged (page_size up to 500), 404 for an unknown source or one
 * outside the user's row scope (as its card); the waste areas listed are those in the scope:
 *   GET /api/waste-sources/{id}/organizations/
 *   GET /api/waste-sources/{id}/waste-areas/    items carry `type` (container, special …) for links
 */
import type { FastifyInstance } from 'fastify';
import type { UserScope } from '@tko/contract';
import { sourceOrganizationsRoute, sourceWasteAreasRoute, WASTE_AREA_TABS } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { WasteSourcesRepository } from './waste-sources.repository';

const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));

export function registerWasteSourceRoutes(app: FastifyInstance, deps: { repo: WasteSourcesRepository; guards: AuthGuards }): void {
  const { repo } = deps;

  // The card's rule: a source outside the user's row scope has no sub-lists for them (404).
  const sourceId = async (raw: string, scope: UserScope | null | undefined): Promise<number> => {
    const id = parseId(raw);
    if (id === null || !(await repo.exists(id, scope))) throw notFound();
    return id;
  };

  registerRoute(app, sourceOrganizationsRoute, async ({ request, params, query, user }) => {
    const id = await sourceId(params.id, user.scope);
    return pageAnswer(request, query, (p) => repo.organizations(id, p)) as never;
  }, deps);

  registerRoute(app, sourceWasteAreasRoute, async ({ request, params, query, user }) => {
    const id = await sourceId(params.id, user.scope);
    const page = await pageAnswer(request, query, (p) => repo.wasteAreas(id, p, user.scope));
    return { ...page, results: page.results.map((row) => ({ ...row, type: TYPE_OF_KIND[row.kind]! })) } as never;
  }, deps);
}

export const wasteSourcesModule = apiModule('waste-sources', (app, d) => registerWasteSourceRoutes(app, { repo: new WasteSourcesRepository(d.pool), guards: d.guards }));
