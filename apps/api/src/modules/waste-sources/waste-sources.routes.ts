/**
 * Sub-lists of one waste source (spec 02 §7; contract: routes/waste-sources.ts), each with the
 * permission `waste-sources:view`, paged (page_size up to 500), 404 for an unknown source:
 *   GET /api/waste-sources/{id}/organizations/
 *   GET /api/waste-sources/{id}/waste-areas/    items carry `type` (container, special …) for links
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkedWasteAreaPageSchema, SourceOrganizationPageSchema, SubListQuerySchema, WASTE_AREA_TABS, WASTE_SOURCES_PATH, wasteSourceResource } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import type { WasteSourcesRepository } from './waste-sources.repository';

const IdParams = z.object({ id: z.string() });
const TYPE_OF_KIND: Record<string, string> = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));

export function registerWasteSourceRoutes(app: FastifyInstance, deps: { repo: WasteSourcesRepository; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { repo, guards } = deps;
  const view = guards.requirePermission(wasteSourceResource.name, 'view');
  const tags = [wasteSourceResource.name];

  const sourceId = async (raw: string): Promise<number> => {
    const id = parseId(raw);
    if (id === null || !(await repo.exists(id))) throw notFound();
    return id;
  };

  r.get(`${WASTE_SOURCES_PATH}:id/organizations/`, {
    preHandler: view,
    schema: { tags, summary: 'Организации источника образования отходов', params: IdParams, querystring: SubListQuerySchema, response: { 200: SourceOrganizationPageSchema } },
  }, async (request) => {
    const id = await sourceId(request.params.id);
    return pageAnswer(request, request.query, (p) => repo.organizations(id, p)) as never;
  });

  r.get(`${WASTE_SOURCES_PATH}:id/waste-areas/`, {
    preHandler: view,
    schema: { tags, summary: 'Места накопления источника образования отходов', params: IdParams, querystring: SubListQuerySchema, response: { 200: LinkedWasteAreaPageSchema } },
  }, async (request) => {
    const id = await sourceId(request.params.id);
    const page = await pageAnswer(request, request.query, (p) => repo.wasteAreas(id, p));
    return { ...page, results: page.results.map((row) => ({ ...row, type: TYPE_OF_KIND[row.kind]! })) } as never;
  });
}
