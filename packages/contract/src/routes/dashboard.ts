/**
 * The dashboard (spec 03 §2 «Dashboard», §7 «Dashboard», §9 "ten widgets"; issue 12 §2): tag
 * filters and ten widgets, each a small table of numbers computed from the registries (the
 * method and sources of each: docs/DECISIONS.md «Analytics: dashboard»). Calls (permission
 * `dashboard:view` unless said):
 *   GET /api/dashboard/all/                      the ten widgets, the user's collapsed state and tags;
 *                                                `?tags=` (comma list) overrides the saved active tags
 *   GET /api/dashboard/all/filters/              the tags with their counts and the user's active flags
 *   GET /api/dashboard/periodicity-export-tko/   collection periodicity of the sites (kind, status filters)
 *   GET /api/dashboard/periodicity-export-tko/filters/  the values those filters accept, with labels
 *   GET /api/dashboard/temp-table/{name}/        the four tables of §7; `?year=2022|2023|2024-2032`
 *   GET /api/dashboard/widgets/{key}/xlsx/       one widget's numbers as xlsx (dashboard:export)
 *   GET/PUT /api/dashboard/state/                the user's collapsed widgets and active tags
 * Numbers are as of `refreshed_at`: the worker recomputes them every DASHBOARD_REFRESH_EVERY_MS
 * (default 5 min) and after imports; decimals travel as JSON numbers rounded to 3 places.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Tag filters of the screen (spec 03 §2): object groups that are active or inactive. */
export const DASHBOARD_TAGS = {
  waste_sources: 'Источники образования',
  dumps: 'Несанкционированные свалки',
  waste_areas: 'Места накопления',
  problems: 'Проблемы',
  sensors: 'Датчики',
} as const;
export type DashboardTag = keyof typeof DASHBOARD_TAGS;
export const DASHBOARD_TAG_KEYS = Object.keys(DASHBOARD_TAGS) as [DashboardTag, ...DashboardTag[]];

/** The four temp tables of spec 03 §7, by their wire names. */
export const TEMP_TABLES = {
  findin_waste_source: 'Выявленные источники образования ТКО',
  predicted_values_formation_TKO_volume: 'Прогноз образования ТКО, м³',
  predicted_values_formation_TKO_weight: 'Прогноз образования ТКО, т',
  total_quantity_waste_storage: 'Количество отходов в местах хранения и захоронения',
} as const;
export type TempTableName = keyof typeof TEMP_TABLES;
export const TEMP_TABLE_NAMES = Object.keys(TEMP_TABLES) as [TempTableName, ...TempTableName[]];

/** Years of the forecast tables (spec 03 §9): 2022, 2023 and the period 2024–2032. */
export const FORECAST_YEARS = [2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032] as const;
export const FORECAST_YEAR_CHOICES = { '2022': [2022], '2023': [2023], '2024-2032': FORECAST_YEARS.slice(2) } as const;

/** The ten widgets in screen order, with their Russian titles and tag (null: shown for any tags). */
export const DASHBOARD_WIDGETS = {
  registry_counts: { title: 'Объекты реестров', tag: null },
  problems_by_code: { title: 'Открытые проблемы по кодам', tag: 'problems' },
  containers_by_kind: { title: 'Контейнеры и объём по видам мест накопления', tag: 'waste_areas' },
  sites_by_oktmo: { title: 'Места накопления по муниципальным образованиям (ОКТМО)', tag: 'waste_areas' },
  periodicity: { title: 'Периодичность вывоза ТКО', tag: 'waste_areas' },
  sources_by_category: { title: 'Источники образования по категориям', tag: 'waste_sources' },
  findin_waste_source: { title: TEMP_TABLES.findin_waste_source, tag: 'waste_sources' },
  predicted_values_formation_TKO_volume: { title: TEMP_TABLES.predicted_values_formation_TKO_volume, tag: 'waste_sources' },
  predicted_values_formation_TKO_weight: { title: TEMP_TABLES.predicted_values_formation_TKO_weight, tag: 'waste_sources' },
  total_quantity_waste_storage: { title: TEMP_TABLES.total_quantity_waste_storage, tag: 'dumps' },
} as const satisfies Record<string, { title: string; tag: DashboardTag | null }>;
export type DashboardWidgetKey = keyof typeof DASHBOARD_WIDGETS;
export const DASHBOARD_WIDGET_KEYS = Object.keys(DASHBOARD_WIDGETS) as [DashboardWidgetKey, ...DashboardWidgetKey[]];

/** A column of a widget's table: key in the rows, Russian header, unit shown after it. */
export const WidgetColumnSchema = z.object({ key: z.string(), label: z.string(), unit: z.string().nullable().optional() });
export type WidgetColumn = z.infer<typeof WidgetColumnSchema>;
const CellSchema = z.union([z.string(), z.number(), z.null()]);
/** A widget's numbers: columns and rows (a row: column key → text or number); `total` sums the numeric columns. */
export const WidgetTableSchema = z.object({
  columns: z.array(WidgetColumnSchema),
  rows: z.array(z.record(z.string(), CellSchema)),
  total: z.record(z.string(), CellSchema).nullable(),
});
export type WidgetTable = z.infer<typeof WidgetTableSchema>;

/** The choropleth's areas: one polygon per ОКТМО municipal formation (hull of its sites; DECISIONS.md). */
export const UnitAreasSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({
    type: z.literal('Feature'),
    properties: z.object({ code: z.string(), name: z.string(), sites: z.number() }),
    geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }),
  })),
});
export type UnitAreas = z.infer<typeof UnitAreasSchema>;

export const DashboardWidgetSchema = z.object({
  key: z.enum(DASHBOARD_WIDGET_KEYS),
  title: z.string(),
  tag: z.enum(DASHBOARD_TAG_KEYS).nullable(),
  collapsed: z.boolean(),
  /** The widget's tag is inactive: its table is empty. */
  inactive: z.boolean(),
  table: WidgetTableSchema,
  areas: UnitAreasSchema.nullable(),
  /**
   * What the widget must say besides its numbers, in Russian (null: nothing) — e.g. the ОКТМО
   * widget when the loaded units do not cover the sites: how many, and how to fix it.
   */
  notice: z.string().nullable(),
});
export type DashboardWidget = z.infer<typeof DashboardWidgetSchema>;

export const DashboardAllSchema = z.object({
  /** When the numbers were computed (ISO date-time); null before the first refresh. */
  refreshed_at: z.string().nullable(),
  active_tags: z.array(z.enum(DASHBOARD_TAG_KEYS)),
  widgets: z.array(DashboardWidgetSchema),
});
export type DashboardAll = z.infer<typeof DashboardAllSchema>;

/** A comma list of enumeration values (empty = none, absent = default). */
const enumList = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.enum(values, { error: message })),
).optional();

export const DashboardAllQuerySchema = z.strictObject({ tags: enumList(DASHBOARD_TAG_KEYS, 'Неизвестный тег дашборда.') });

export const DashboardTagSchema = z.object({
  key: z.enum(DASHBOARD_TAG_KEYS), label: z.string(), active: z.boolean(),
  /** Objects of the group (sensors: none are registered yet). */
  count: z.number().int(),
});
export const DashboardFiltersSchema = z.object({ tags: z.array(DashboardTagSchema) });

export const dashboardAllRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/all/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: десять виджетов', description: 'Числа на момент refreshed_at (обновляются воркером). tags — активные теги через запятую (по умолчанию сохранённые пользователем).',
  query: DashboardAllQuerySchema, response: { 200: DashboardAllSchema },
});
export const dashboardFiltersRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/all/filters/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: теги-фильтры', response: { 200: DashboardFiltersSchema },
});

/** Waste-area kinds and statuses the periodicity call filters by (contract enums' codes). */
export const PERIODICITY_KINDS = ['CONTAINER', 'SPECIALA', 'COLLECTION', 'CHAMBER', 'BULK'] as const;
export const PERIODICITY_STATUSES = ['ACTIVE', 'PLANNED', 'CLOSED'] as const;
export const PeriodicityQuerySchema = z.strictObject({
  kind: enumList(PERIODICITY_KINDS, 'Неизвестный вид места накопления.'),
  status: enumList(PERIODICITY_STATUSES, 'Неизвестный статус места накопления.'),
});
export type PeriodicityQuery = z.infer<typeof PeriodicityQuerySchema>;
const OptionSchema = z.object({ value: z.string(), label: z.string() });
export const PeriodicityFiltersSchema = z.object({ kind: z.array(OptionSchema), status: z.array(OptionSchema), periodicity: z.array(OptionSchema) });

export const periodicityRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/periodicity-export-tko/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: периодичность вывоза ТКО', query: PeriodicityQuerySchema, response: { 200: WidgetTableSchema.extend({ refreshed_at: z.string().nullable() }) },
});
export const periodicityFiltersRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/periodicity-export-tko/filters/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: фильтры периодичности вывоза', response: { 200: PeriodicityFiltersSchema },
});

export const TempTableParams = z.object({ name: z.enum(TEMP_TABLE_NAMES, { error: 'Неизвестная таблица.' }) });
export const TempTableQuerySchema = z.strictObject({
  year: z.enum(Object.keys(FORECAST_YEAR_CHOICES) as ['2022', '2023', '2024-2032'], { error: 'Год: 2022, 2023 или 2024-2032.' }).optional(),
  /** The forecast tables of one ОКТМО municipal formation (8 digits; «none» — the sites' sources whose ОКТМО is not determined). */
  oktmo: z.string().regex(/^(\d{8}|none)$/, { error: 'ОКТМО — 8 цифр или none (не определено).' }).optional(),
});
export const TempTableSchema = WidgetTableSchema.extend({ name: z.enum(TEMP_TABLE_NAMES), title: z.string(), refreshed_at: z.string().nullable() });
export type TempTable = z.infer<typeof TempTableSchema>;

export const tempTableRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/temp-table/:name/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: расчётная таблица', description: 'name: findin_waste_source, predicted_values_formation_TKO_volume, predicted_values_formation_TKO_weight, total_quantity_waste_storage; year (для прогнозов): 2022, 2023 или 2024-2032; oktmo (для прогнозов): 8 цифр муниципального образования или none.',
  params: TempTableParams, query: TempTableQuerySchema, response: { 200: TempTableSchema },
});

export const WidgetKeyParams = z.object({ key: z.enum(DASHBOARD_WIDGET_KEYS, { error: 'Неизвестный виджет.' }) });
export const widgetXlsxRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/widgets/:key/xlsx/', permission: 'dashboard:export', tags: ['dashboard'],
  summary: 'Дашборд: числа виджета в xlsx', params: WidgetKeyParams, produces: XLSX,
});

/** The user's dashboard: widget key → collapsed, tag key → active (keys left out: expanded / active). */
export const DashboardStateSchema = z.object({
  widgets: z.partialRecord(z.enum(DASHBOARD_WIDGET_KEYS), z.boolean()),
  tags: z.partialRecord(z.enum(DASHBOARD_TAG_KEYS), z.boolean()),
});
export type DashboardState = z.infer<typeof DashboardStateSchema>;
/** PUT body: the keys to change (the others keep their value). */
export const DashboardStateUpdateSchema = z.strictObject({
  widgets: z.partialRecord(z.enum(DASHBOARD_WIDGET_KEYS), z.boolean()).optional(),
  tags: z.partialRecord(z.enum(DASHBOARD_TAG_KEYS), z.boolean()).optional(),
});

export const dashboardStateRoute = defineRoute({
  method: 'GET', path: '/api/dashboard/state/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: свёрнутые виджеты и активные теги пользователя', response: { 200: DashboardStateSchema },
});
export const dashboardStateUpdateRoute = defineRoute({
  method: 'PUT', path: '/api/dashboard/state/', permission: 'dashboard:view', tags: ['dashboard'],
  summary: 'Дашборд: сохранить свёрнутые виджеты и активные теги', body: DashboardStateUpdateSchema, response: { 200: DashboardStateSchema },
});

/** Queue and job of the worker's refresh (apps/worker/src/dashboard-refresh.ts). */
export const QUEUE_DASHBOARD = 'dashboard';
export const DASHBOARD_REFRESH_JOB = 'dashboard-refresh';
