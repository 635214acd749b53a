/**
 * Particular calls of the waste-area registries (beyond the generic CRUD of each kind):
 * - GET /api/waste-area/{type}/{id}/containers/ — the containers of one site, paged (spec 03 §7
 *   "Contracts"; registered for all five types);
 * - GET /api/waste-area/owner-suggestion/ — legal entities usable as owners, by `search` and/or
 *   `id` (spec 01 §7: "params, paged; list of owners by id");
 * - GET /api/waste-area/suggestion/ — waste areas of any kind as `{id, name}` options (name =
 *   address), for the `waste_areas` picker of a waste source (our addition, docs/DECISIONS.md).
 */
import { z } from 'zod';
import { PointSchema } from '../common/geo';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { WASTE_AREA_TABS } from '../resources/index';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { ContainerType, LoadingType, WasteAreaKind, WasteAreaStatus } from '../enums/waste-area';

export const OWNER_SUGGESTION_PATH = '/api/waste-area/owner-suggestion/';
export const WASTE_AREA_SUGGESTION_PATH = '/api/waste-area/suggestion/';

/** `id=1,2` or repeated `id=1&id=2`: positive integer ids, at most 500. */
export const IdListParamSchema = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : v),
    z.array(z.unknown(), { error: MSG.list }),
  )
  .transform((list, ctx) => {
    const ids = list.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '').map((x) => (typeof x === 'string' && /^\d{1,9}$/.test(x) ? Number(x) : x));
    if (ids.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x <= 0) || ids.length > 500) {
      ctx.addIssue({ code: 'custom', message: 'Ожидался список идентификаторов.' });
      return z.NEVER;
    }
    return ids as number[];
  });

/** Parameters of the two suggestion calls: page, page_size, `search` (name, address or ИНН) and `id`. */
export const SuggestionQuerySchema = z.strictObject({
  ...PageQuerySchema.shape,
  search: z.string().max(200).optional(),
  id: IdListParamSchema.optional(),
});
export type SuggestionQuery = z.infer<typeof SuggestionQuerySchema>;

/** One owner option: a legal entity (juridical person, entrepreneur or natural person). */
export const OwnerSuggestionSchema = z.object({ id: z.number().int(), name: z.string(), inn: z.string().nullable() });
export const OwnerSuggestionPageSchema = pageSchema(OwnerSuggestionSchema);

/** One waste-area option: `name` is its address; `type` its path type (container, special …). */
export const WasteAreaSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: WasteAreaKind.schema,
  type: z.string(),
  identifier: z.string().nullable(),
});
export const WasteAreaSuggestionPageSchema = pageSchema(WasteAreaSuggestionSchema);

/** One container of a site (spec 01 §3: type, volume in m³ as a string, loading type). */
export const SiteContainerSchema = z.object({
  id: z.number().int(),
  type: ContainerType.schema,
  volume: z.string(),
  loading: LoadingType.schema.nullable(),
});
export const SiteContainerPageSchema = pageSchema(SiteContainerSchema);

/** One waste area linked to a waste source (GET /api/waste-sources/{id}/waste-areas/). */
export const LinkedWasteAreaSchema = z.object({
  id: z.number().int(),
  kind: WasteAreaKind.schema,
  type: z.string(),
  location: z.string().nullable(),
  identifier: z.string().nullable(),
  status: WasteAreaStatus.schema,
  coordinates: PointSchema.nullable(),
  count_containers: z.number().int(),
  volume: z.string(),
});
export const LinkedWasteAreaPageSchema = pageSchema(LinkedWasteAreaSchema);

/** Paging parameters only (the containers of one site). */
const ContainersQuerySchema = z.strictObject({ ...PageQuerySchema.shape });
const ANY_WASTE_AREA = { anyOf: WASTE_AREA_TABS.map((t) => t.type), action: 'view' } as const;

function defineContainersRoute(tab: { type: string; label: string }) {
  return defineRoute({
    method: 'GET', path: `/api/waste-area/${tab.type}/:id/containers/`, permission: { resource: tab.type, action: 'view' },
    tags: [tab.type], summary: `${tab.label}: контейнеры площадки`,
    params: z.object({ id: z.string() }), query: ContainersQuerySchema, response: { 200: SiteContainerPageSchema },
  });
}
/** `GET /api/waste-area/{type}/{id}/containers/` of each site type (`<type>:view`); 404 for a site of another type. */
export const siteContainersRoutes: Record<string, ReturnType<typeof defineContainersRoute>> = Object.fromEntries(
  WASTE_AREA_TABS.map((tab) => [tab.type, defineContainersRoute(tab)]),
);

export const ownerSuggestionRoute = defineRoute({
  method: 'GET', path: OWNER_SUGGESTION_PATH, permission: ANY_WASTE_AREA, tags: ['waste-area'],
  summary: 'Подбор собственников места накопления (юридические лица, ИП, физические лица)',
  query: SuggestionQuerySchema, response: { 200: OwnerSuggestionPageSchema },
});
/** Only the kinds the user may view (403 when none). */
export const wasteAreaSuggestionRoute = defineRoute({
  method: 'GET', path: WASTE_AREA_SUGGESTION_PATH, permission: ANY_WASTE_AREA, tags: ['waste-area'],
  summary: 'Подбор мест накопления любого вида (по адресу, идентификатору, реестровому номеру)',
  query: SuggestionQuerySchema, response: { 200: WasteAreaSuggestionPageSchema },
});
