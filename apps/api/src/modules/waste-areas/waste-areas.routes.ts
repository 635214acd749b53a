/**
 * Particular waste-area calls (contract: routes/waste-areas.ts):
 *   GET /api/waste-area/{type}/{id}/containers/  containers of one site, paged; `<type>:view`;
 *                                                404 for an unknown site, one of another type or
 *                                                one outside the user's row scope (as the card)
 *   GET /api/waste-area/owner-suggestion/        owner options `{id, name, inn}`; view on any
 *                                                waste-area type
 *   GET /api/waste-area/suggestion/              waste-area options `{id, name, kind, type}` of
 *                                                the types the user may view, in their row scope
 * The static paths do not collide with the registries' `{path}:id/` routes: Fastify prefers a
 * static segment to a parameter.
 */
import type { FastifyInstance } from 'fastify';
import { ownerSuggestionRoute, siteContainersRoutes, WASTE_AREA_TABS, wasteAreaSuggestionRoute } from '@tko/contract';
import type { AuthGuards, AuthUser } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/http-errors';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { WasteAreasRepository } from './waste-areas.repository';

const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));

export function registerWasteAreaRoutes(app: FastifyInstance, deps: { repo: WasteAreasRepository; guards: AuthGuards }): void {
  const { repo } = deps;

  for (const tab of WASTE_AREA_TABS) {
    registerRoute(app, siteContainersRoutes[tab.type]!, async ({ request, params, query, user }) => {
      const id = parseId(params.id);
      // The card's rule: a site outside the user's row scope has no containers for them (404).
      if (id === null || !(await repo.exists(tab.kind, id, user.scope))) throw notFound();
      return pageAnswer(request, query, (p) => repo.containers(id, p)) as never;
    }, deps);
  }

  registerRoute(app, ownerSuggestionRoute, ({ request, query }) =>
    pageAnswer(request, query, (p) => repo.ownerSuggestions(query.search ?? '', query.id, p)) as never, deps);

  const viewableKinds = (user: AuthUser): string[] => {
    const kinds = WASTE_AREA_TABS.filter((t) => user.permissions[t.type]?.view).map((t) => t.kind as string);
    if (!kinds.length) throw forbidden();
    return kinds;
  };

  registerRoute(app, wasteAreaSuggestionRoute, async ({ request, query, user }) => {
    const page = await pageAnswer(request, query, (p) => repo.areaSuggestions(viewableKinds(user), query.search ?? '', query.id, p, user.scope));
    return { ...page, results: page.results.map((row) => ({ ...row, type: TYPE_OF_KIND[row.kind]! })) } as never;
  }, deps);
}

export const wasteAreasModule = apiModule('waste-areas', (app, d) => registerWasteAreaRoutes(app, { repo: new WasteAreasRepository(d.pool), guards: d.guards }));
