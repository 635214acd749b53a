/**
 * Sub-lists of one waste source (spec 02 §7 "Waste sources"), paged like every list (page from
 * 1, page_size up to 500; the card asks page=1, page_size=500):
 * - GET /api/waste-sources/{id}/organizations/ — its organisations (legal entities of any kind);
 * - GET /api/waste-sources/{id}/waste-areas/ — the waste areas it takes its waste to
 *   (items: routes/waste-areas.ts LinkedWasteAreaSchema).
 */
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { LinkedWasteAreaPageSchema } from './waste-areas';

export const WASTE_SOURCES_PATH = '/api/waste-sources/';

/** Paging parameters only; unknown keys answer 400. */
export const SubListQuerySchema = z.strictObject({ ...PageQuerySchema.shape });
export type SubListQuery = z.infer<typeof SubListQuerySchema>;

/** JURIDICAL_PERSON | INDIVIDUAL_ENTREPRENEUR | NATURAL_PERSON (the legal_entity.kind CHECK). */
export const SourceOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  inn: z.string().nullable(),
  kind: z.string(),
});
export const SourceOrganizationPageSchema = pageSchema(SourceOrganizationSchema);

const SourceIdParams = z.object({ id: z.string() });

export const sourceOrganizationsRoute = defineRoute({
  method: 'GET', path: `${WASTE_SOURCES_PATH}:id/organizations/`, permission: 'waste-sources:view', tags: ['waste-sources'],
  summary: 'Организации источника образования отходов', params: SourceIdParams, query: SubListQuerySchema, response: { 200: SourceOrganizationPageSchema },
});
export const sourceWasteAreasRoute = defineRoute({
  method: 'GET', path: `${WASTE_SOURCES_PATH}:id/waste-areas/`, permission: 'waste-sources:view', tags: ['waste-sources'],
  summary: 'Места накопления источника образования отходов', params: SourceIdParams, query: SubListQuerySchema, response: { 200: LinkedWasteAreaPageSchema },
});
