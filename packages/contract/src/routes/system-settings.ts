/**
 * System settings (spec 03 §3 "System settings", §7): one object for the whole installation —
 * region, the map's centre and zoom (the main map and the small maps of the cards), the date
 * route periodicity counts from, and the default radius of the radius filter.
 * GET /api/system-settings/ (any signed-in user), PUT /api/system-settings/ (body: the fields,
 * no id; permission `system-settings:change`). Units and types the spec leaves open are
 * settled in docs/DECISIONS.md.
 */
import { z } from 'zod';
import { DateSchema } from '../common/dates';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { PointInputSchema, PointSchema } from '../common/geo';
import { AppealTermSchema } from '../appeals/appeal-terms';

export const SYSTEM_SETTINGS_PATH = '/api/system-settings/';
/** The permission resource; `change` allows the PUT. */
export const SYSTEM_SETTINGS_PERMISSION = 'system-settings';

const FORECAST_YEAR_MIN = 2000;
const FORECAST_YEAR_MAX = 2100;

/** One year's population coefficient of the forecast (docs/ANALYTICS.md «Прогноз образования»). */
export const ForecastGrowthSchema = z.object({
  year: z.number({ error: MSG.integer }).int(MSG.integer).min(FORECAST_YEAR_MIN, MSG.min(FORECAST_YEAR_MIN)).max(FORECAST_YEAR_MAX, MSG.max(FORECAST_YEAR_MAX)),
  coefficient: z.number({ error: MSG.number }).min(0.5, MSG.min(0.5)).max(2, MSG.max(2)),
});
export type ForecastGrowth = z.infer<typeof ForecastGrowthSchema>;
/** A day of the year as `MM-DD` (a season's boundary). */
const MonthDaySchema = z.string({ error: MSG.required }).regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Укажите день в виде ММ-ДД, например 05-01.');

const zoom = z.number({ error: MSG.required }).int().min(0).max(22);

/** The longest external map style address kept (as the column's CHECK). */
export const MAP_STYLE_URL_MAX = 2000;
/** What a wrong external style address is told. */
export const MAP_STYLE_URL_MSG = 'Укажите полный адрес стиля карты, например https://tiles.example.org/styles/basic/style.json.';
/**
 * An external MapLibre style address: absolute http(s) only (the browser loads it, the CSP
 * allows its origin), at most {@link MAP_STYLE_URL_MAX} characters.
 */
export const MapStyleUrlSchema = z
  .string({ error: MAP_STYLE_URL_MSG })
  .trim()
  .max(MAP_STYLE_URL_MAX, MSG.maxLength(MAP_STYLE_URL_MAX))
  .pipe(z.url({ protocol: /^https?$/, error: MAP_STYLE_URL_MSG }));

export const SystemSettingsSchema = z.object({
  /** The region's name as shown to users (e.g. «Иркутская область»). */
  region: z.string().trim().max(255).nullable(),
  /** The centre the maps open at; null = fit the data. */
  center_coordinates: PointSchema.nullable(),
  /** Zoom of the main map, 0–22. */
  map_zoom: zoom.nullable(),
  /** Zoom of the small maps inside cards, 0–22. */
  map_zoom_mini: zoom.nullable(),
  /** The date (`YYYY-MM-DD`) route periodicity is counted from. */
  // Calendar-checked as every date (common/dates.ts): zod's ISO date lets year 0000 through, PostgreSQL does not.
  route_periodicity_from: DateSchema.nullable(),
  /** Default radius of the radius filter, metres (1–100 000). */
  radius_filter: z.number().int().min(1).max(100000).nullable(),
  /** The year the registries describe, the forecast's base (docs/ANALYTICS.md); null = the current year. */
  forecast_base_year: z.number({ error: MSG.integer }).int(MSG.integer).min(FORECAST_YEAR_MIN, MSG.min(FORECAST_YEAR_MIN)).max(FORECAST_YEAR_MAX, MSG.max(FORECAST_YEAR_MAX)).nullable(),
  /**
   * Population coefficient per year: population of the year / of the year before (0,5–2); a year
   * not listed counts as 1. One entry per year.
   */
  /**
   * Rate of the environmental charge for disposing one tonne of ТКО (руб/т, ПП РФ от 13.09.2016
   * № 913 with the year's coefficient), read by the predicted tariff's init/; null = not set.
   */
  environmental_charge_rate: z.number({ error: MSG.number }).min(0, MSG.min(0)).max(1e9, MSG.max(1e9)).nullable(),
  forecast_growth: z.array(ForecastGrowthSchema).max(200).refine((a) => new Set(a.map((g) => g.year)).size === a.length, 'Год указан дважды.'),
  /**
   * The region's warm season, first and last day as `MM-DD` (СанПиН 2.1.3684-21 п. 11: removal
   * daily above +5 °C mean daily temperature, every 3 days at most at +5 °C and below; the rule
   * P021). Defaults for Irkutsk oblast: 05-01 … 09-30 (docs/PROBLEMS.md).
   */
  warm_season_from: MonthDaySchema,
  warm_season_to: MonthDaySchema,
  /**
   * Answer terms of appeals, one per category (appeals/appeal-terms.ts); GET lists every category
   * (the defaults for those never set); PUT may name some, the others keep theirs.
   */
  appeal_terms: z.array(AppealTermSchema).max(50).refine((a) => new Set(a.map((t) => t.category)).size === a.length, 'Тема указана дважды.'),
  /**
   * An external map style (MapLibre style.json of a tile service), http(s); /api/config/ names it
   * while no MAP_STYLE_URL is configured and no region base map is loaded (docs/REGION.md); null = none.
   */
  map_style_url: MapStyleUrlSchema.nullable(),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/**
 * PUT body: the fields to set; an omitted field keeps its value; the centre may be `'lat, lng'`.
 * Null clears a field whose emptiness means something (the centre: fit the data) or is an
 * unknown fact (region, radius, periodicity start); the zooms, once set, stay set: every map
 * opens at them (null → 400 «Обязательное поле.»). Until first saved they are null on GET.
 */
export const SystemSettingsUpdateSchema = SystemSettingsSchema.extend({ center_coordinates: PointInputSchema.nullable(), map_zoom: zoom, map_zoom_mini: zoom }).partial().strict();
export type SystemSettingsUpdate = z.input<typeof SystemSettingsUpdateSchema>;

export const systemSettingsRoute = defineRoute({
  method: 'GET', path: SYSTEM_SETTINGS_PATH, permission: 'user', tags: ['system-settings'], summary: 'Системные настройки', response: { 200: SystemSettingsSchema },
});
export const systemSettingsUpdateRoute = defineRoute({
  method: 'PUT', path: SYSTEM_SETTINGS_PATH, permission: { resource: SYSTEM_SETTINGS_PERMISSION, action: 'change' }, tags: ['system-settings'],
  summary: 'Изменить системные настройки', body: SystemSettingsUpdateSchema, response: { 200: SystemSettingsSchema },
});

/** What anonymous visitors' maps need (issue 14 §4: the public map opens at the settings too). */
export const PublicMapSettingsSchema = SystemSettingsSchema.pick({ center_coordinates: true, map_zoom: true, map_zoom_mini: true });
export type PublicMapSettings = z.infer<typeof PublicMapSettingsSchema>;
export const publicMapSettingsRoute = defineRoute({
  method: 'GET', path: '/api/public/v1/system-settings/', permission: 'public', tags: ['system-settings'],
  summary: 'Центр и масштаб карт (для публичной карты)', response: { 200: PublicMapSettingsSchema },
});
