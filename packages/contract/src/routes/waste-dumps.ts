/**
 * GET /api/waste-dumps/responsible-for-liquidation/ (spec 02 §7 "Dumps"): the legal entities
 * that can be made responsible for liquidating a dump or named as land owners — every kind
 * (organisation, entrepreneur, natural person) that is not closed. Paged like every list
 * (page from 1, page_size up to 500), ordered by name; `search` matches name, short name or
 * ИНН (case-insensitive substring). Permission: waste-dumps:view.
 */
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { RESPONSIBLE_FOR_LIQUIDATION_PATH } from '../resources/waste-dump';

export const ResponsibleQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  search: z.string().max(200).optional(),
});
export type ResponsibleQuery = z.infer<typeof ResponsibleQuerySchema>;

/** kind: JURIDICAL_PERSON | INDIVIDUAL_ENTREPRENEUR | NATURAL_PERSON. */
export const ResponsibleEntitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  inn: z.string().nullable(),
  kind: z.string(),
});
export type ResponsibleEntity = z.infer<typeof ResponsibleEntitySchema>;
export const ResponsiblePageSchema = pageSchema(ResponsibleEntitySchema);

export const responsibleForLiquidationRoute = defineRoute({
  method: 'GET', path: RESPONSIBLE_FOR_LIQUIDATION_PATH, permission: 'waste-dumps:view', tags: ['waste-dumps'],
  summary: 'Кого можно назначить ответственным за ликвидацию свалки', query: ResponsibleQuerySchema, response: { 200: ResponsiblePageSchema },
});
