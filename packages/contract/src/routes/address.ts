/**
 * Addresses (spec 01 §5, §7; issue 3 §6): suggestions while typing and cleaning one address
 * into coordinates. The API is the proxy of the suggestion service the spec calls with
 * `query` and `count` 5: a DaData-compatible service when one is configured, else the built-in
 * offline provider over the addresses already in the registry and the administrative units.
 *
 * - GET  /api/address/suggest/?query=&count=5 (or POST with `{query, count}`, DaData's own
 *   shape) → `{suggestions: [{value, unrestricted_value, data}]}`;
 * - GET  /api/address/clean/?location= → `{source, result, geo_lat, geo_lon, …}`, coordinates
 *   rounded to 6 decimals (spec 01 §5, §9); 404 `{detail}` when nothing matches.
 * Missing query / location → 400 with the Russian refusals of spec 01 §8.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { resources } from '../resources/index';

/**
 * Who may use the address tools (issue 8 §6): view on any registry whose cards carry an address
 * with coordinates (the waste-area kinds, waste sources, facilities, dumps) — the forms that
 * need the tools, and the registries whose addresses the offline provider suggests.
 */
export const ADDRESS_REGISTRIES: readonly string[] = resources.filter((d) => d.fields.location?.kind === 'text' && d.geometryField).map((d) => d.name);
const ADDRESS_PERMISSION = { anyOf: ADDRESS_REGISTRIES, action: 'view' } as const;

export const ADDRESS_SUGGEST_PATH = '/api/address/suggest/';
export const ADDRESS_CLEAN_PATH = '/api/address/clean/';
/** Address suggestions count (spec 01 §9). */
export const ADDRESS_SUGGESTIONS_COUNT = 5;
export const ADDRESS_SUGGESTIONS_MAX = 20;
/** Longest query / address accepted (characters); the spec does not show its limit. */
export const ADDRESS_QUERY_MAX = 300;

export const ADDRESS_MSG = {
  noQuery: 'Невозможно получить подсказки адреса без параметров запроса.',
  noLocation: 'Невозможно очистить адрес без строки адреса.',
  notFound: 'Адрес не найден: похожих адресов в реестре нет.',
  count: `Количество подсказок — целое число от 1 до ${ADDRESS_SUGGESTIONS_MAX}.`,
  tooLong: `Не более ${ADDRESS_QUERY_MAX} символов.`,
} as const;

/** Where a suggestion or a cleaned address comes from. */
export const AddressProviderNameSchema = z.enum(['dadata', 'registry', 'osm']);
export type AddressProviderName = z.infer<typeof AddressProviderNameSchema>;

/**
 * One suggestion, DaData's shape: `value` (the address), `unrestricted_value` (with region /
 * postal code where known) and `data`: geo_lat / geo_lon (6 decimals, null when unknown),
 * `source` (registry table or 'administrative_unit' for the built-in provider, 'dadata'
 * otherwise) and whatever else the provider gives (DaData's fias_id, region, city, …).
 */
export const AddressSuggestionSchema = z.object({
  value: z.string(),
  unrestricted_value: z.string(),
  data: z.object({
    source: z.string(),
    geo_lat: z.number().nullable(),
    geo_lon: z.number().nullable(),
  }).catchall(z.unknown()),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionsSchema = z.object({ suggestions: z.array(AddressSuggestionSchema) });
export type AddressSuggestions = z.infer<typeof AddressSuggestionsSchema>;

/** The suggestion parameters (query string or DaData-style JSON body). */
export const AddressSuggestQuerySchema = z.object({
  query: z.string().optional(),
  count: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: ADDRESS_MSG.count }).int(ADDRESS_MSG.count).min(1, ADDRESS_MSG.count).max(ADDRESS_SUGGESTIONS_MAX, ADDRESS_MSG.count)).optional(),
});
export type AddressSuggestQuery = z.infer<typeof AddressSuggestQuerySchema>;

export const AddressCleanQuerySchema = z.object({ location: z.string().optional() });

/**
 * A cleaned address: `source` (as sent), `result` (the address found), geo_lat / geo_lon
 * (degrees, WGS 84, 6 decimals), qc_geo (DaData's precision code 0 exact … 5 none; null for
 * the registry; 0 / 2 / 3 — house / street / settlement — for the region's OSM index, `provider`
 * 'osm'), `provider` and, for the registry, `similarity` (0–1, pg_trgm) and where the
 * match was found (`match.table`; no row id: internal ids are not shown, issue 8 §6).
 */
export const CleanAddressSchema = z.object({
  source: z.string(),
  result: z.string(),
  geo_lat: z.number(),
  geo_lon: z.number(),
  qc_geo: z.number().int().nullable(),
  provider: AddressProviderNameSchema,
  similarity: z.number().nullable(),
  match: z.object({ table: z.string() }).strict().nullable(),
}).catchall(z.unknown());
export type CleanAddress = z.infer<typeof CleanAddressSchema>;

export const addressSuggestRoute = defineRoute({
  method: 'GET', path: ADDRESS_SUGGEST_PATH, permission: ADDRESS_PERMISSION, tags: ['address'], summary: 'Подсказки адреса (query, count = 5)',
  query: AddressSuggestQuerySchema, response: { 200: AddressSuggestionsSchema },
});
/** DaData's own request shape; the body is read by the handler (any JSON object), as DaData does. */
export const addressSuggestPostRoute = defineRoute({
  method: 'POST', path: ADDRESS_SUGGEST_PATH, permission: ADDRESS_PERMISSION, tags: ['address'], summary: 'Подсказки адреса (тело как у DaData: {query, count})',
  description: 'Тело {query, count}; без query — 400 {query: [«Невозможно получить подсказки адреса без параметров запроса.»]}.',
  response: { 200: AddressSuggestionsSchema },
});
export const addressCleanRoute = defineRoute({
  method: 'GET', path: ADDRESS_CLEAN_PATH, permission: ADDRESS_PERMISSION, tags: ['address'], summary: 'Очистка адреса: координаты (6 знаков)',
  query: AddressCleanQuerySchema, response: { 200: CleanAddressSchema },
});
