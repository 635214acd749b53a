/**
 * Particular waste-area calls (contract: routes/waste-areas.ts):
 *   GET /api/waste-area/{type}/{id}/containers/  containers of one site, paged; `<type>:view`;
 *                                                404 for an unknown site or one of another type
 *   GET /api/waste-area/owner-suggestion/        owner options `{id, name, inn}`; view on any
 *                                                waste-area type
 *   GET /api/waste-area/suggestion/              waste-area options `{id, name, kind, type}` of
 *                                                the types the user may view
 * The static paths do not collide with the registries' `{path}:id/` routes: Fastify prefers a
 * static segment to a parameter.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OWNER_SUGGESTION_PATH, OwnerSuggestionPageSchema, SiteContainerPageSchema, SubListQuerySchema, SuggestionQuerySchema,
  WASTE_AREA_SUGGESTION_PATH, WASTE_AREA_TABS, WasteAreaSuggestionPageSchema,
} from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/http-errors';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { WasteAreasRepository } from './waste-areas.repository';

const IdParams = z.object({ id: z.string() });
const TYPES = WASTE_AREA_TABS.map((t) => t.type as string);
const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));

export function registerWasteAreaRoutes(app: FastifyInstance, deps: { repo: WasteAreasRepository; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { repo, guards } = deps;

  for (const tab of WASTE_AREA_TABS) {
    r.get(`/api/waste-area/${tab.type}/:id/containers/`, {
      preHandler: guards.requirePermission(tab.type, 'view'),
      schema: {
        tags: [tab.type],
        summary: `${tab.label}: контейнеры площадки`,
        params: IdParams,
        querystring: SubListQuerySchema,
        response: { 200: SiteContainerPageSchema },
      },
    }, async (request) => {
      const id = parseId(request.params.id);
      if (id === null || !(await repo.exists(tab.kind, id))) throw notFound();
      return pageAnswer(request, request.query, (p) => repo.containers(id, p)) as never;
    });
  }

  r.get(OWNER_SUGGESTION_PATH, {
    preHandler: guards.requireAny(TYPES, 'view'),
    schema: {
      tags: ['waste-area'],
      summary: 'Подбор собственников места накопления (юридические лица, ИП, физические лица)',
      querystring: SuggestionQuerySchema,
      response: { 200: OwnerSuggestionPageSchema },
    },
  }, (request) => pageAnswer(request, request.query, (p) => repo.ownerSuggestions(request.query.search ?? '', request.query.id, p)) as never);

  const viewableKinds = (request: FastifyRequest): string[] => {
    const user = guards.user(request);
    const kinds = WASTE_AREA_TABS.filter((t) => user.permissions[t.type]?.view).map((t) => t.kind as string);
    if (!kinds.length) throw forbidden();
    return kinds;
  };

  r.get(WASTE_AREA_SUGGESTION_PATH, {
    preHandler: guards.requireAny(TYPES, 'view'),
    schema: {
      tags: ['waste-area'],
      summary: 'Подбор мест накопления любого вида (по адресу, идентификатору, реестровому номеру)',
      querystring: SuggestionQuerySchema,
      response: { 200: WasteAreaSuggestionPageSchema },
    },
  }, async (request) => {
    const page = await pageAnswer(request, request.query, (p) => repo.areaSuggestions(viewableKinds(request), request.query.search ?? '', request.query.id, p));
    return { ...page, results: page.results.map((row) => ({ ...row, type: TYPE_OF_KIND[row.kind]! })) } as never;
  });
}
