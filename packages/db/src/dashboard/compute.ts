/**
 * Computes the ten dashboard widgets (issue 12 §2) from the registries: runs the statements of
 * sql.ts on one client and shapes each answer as the contract's widget table (Russian column
 * headers and row labels from the contract's enumerations). Pure shaping after the queries; the
 * filters of the calls (tags, kind/status of the periodicity, forecast years) are applied later
 * on the stored summary by filter.ts, so the stored rows keep what those filters need
 * (`tag` of a registry row, the periodicity `groups`, the forecast years).
 */
import type { PoolClient } from 'pg';
import {
  DASHBOARD_WIDGETS, FORECAST_YEARS, FacilityPurpose, Periodicity, ProblemKind, problemTypeInfo, WasteAreaKind, WasteDumpStatus, WasteSourceCategory,
} from '@tko/contract';
import type { DashboardTag, DashboardWidgetKey, UnitAreas, WidgetColumn, WidgetTable } from '@tko/contract';
import {
  CONTAINERS_BY_KIND_SQL, PERIODICITY_SQL, PROBLEMS_BY_CODE_SQL, REGISTRY_COUNTS_SQL, SITES_BY_OKTMO_SQL,
  SOURCES_BY_CATEGORY_SQL, STORAGE_SQL,
} from './sql';
import { oktmoNotice } from './oktmo-notice';
import { boundaryCoverage } from '../oktmo/boundaries';
import { forecastGeneration } from '../analytics/forecast';

/** One periodicity group as stored (filtered by the periodicity call). */
export interface PeriodicityGroup {
  kind: string;
  status: string;
  periodicity: string;
  sites: number;
  containers: number;
  volume: number;
  trips: number;
}

/** What is stored per widget in dashboard_summary.data. */
export interface StoredWidget {
  table: WidgetTable;
  areas?: UnitAreas | null;
  groups?: PeriodicityGroup[];
  /** Forecast rows per category and year (the year filter of the temp tables). */
  forecast?: ForecastRow[];
  /** What the widget must say besides its numbers (Russian; the ОКТМО coverage, oktmo-notice.ts). */
  notice?: string | null;
}

/** One ОКТМО unit's and category's forecast of one year (analytics/forecast.ts): tonnes and m³ per year. */
export interface ForecastRow {
  /** The municipal formation's code ('' = not determined); absent in summaries stored before the model. */
  oktmo?: string;
  category: string;
  year: number;
  tonnes: number;
  m3: number;
}

type Row = Record<string, string | number | null>;

const LEGAL_ENTITY_KINDS: Record<string, string> = {
  JURIDICAL_PERSON: 'Юридические лица', INDIVIDUAL_ENTREPRENEUR: 'Индивидуальные предприниматели', NATURAL_PERSON: 'Физические лица',
};
const col = (key: string, label: string, unit: string | null = null): WidgetColumn => ({ key, label, unit });
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Sums of the numeric columns of `rows` (label column: «Итого»); null without rows. */
export function totalOf(columns: WidgetColumn[], rows: Row[]): Row | null {
  if (!rows.length) return null;
  const total: Row = {};
  columns.forEach((c, i) => {
    if (i === 0) total[c.key] = 'Итого';
    else if (rows.some((r) => typeof r[c.key] === 'number')) total[c.key] = round3(rows.reduce((s, r) => s + (typeof r[c.key] === 'number' ? (r[c.key] as number) : 0), 0));
    else total[c.key] = null;
  });
  return total;
}

const w = (t: WidgetTable): StoredWidget => ({ table: t });
const table = (columns: WidgetColumn[], rows: Row[], withTotal = true): WidgetTable => ({ columns, rows, total: withTotal ? totalOf(columns, rows) : null });

/** Registry of a registry-count key and its tag (sensors have no registry yet). */
function registryRow(r: { key: string; total: number; active: number | null }): Row & { tag: DashboardTag | null } {
  const [group, sub] = r.key.split(':') as [string, string | undefined];
  const base = { total: r.total, active: r.active };
  switch (group) {
    case 'waste_area': return { registry: `Места накопления: ${WasteAreaKind.label(sub!)}`, tag: 'waste_areas', ...base };
    case 'waste_source': return { registry: 'Источники образования отходов', tag: 'waste_sources', ...base };
    case 'waste_dump': return { registry: 'Несанкционированные свалки', tag: 'dumps', ...base };
    case 'facility': return { registry: 'Объекты обращения с отходами', tag: null, ...base };
    case 'legal_entity': return { registry: LEGAL_ENTITY_KINDS[sub!] ?? sub!, tag: null, ...base };
    default: return { registry: 'Административные единицы (ОКТМО)', tag: null, ...base };
  }
}

/** Periodicity groups summed over the given kinds and statuses (all when empty), one row per periodicity. */
export function periodicityTable(groups: PeriodicityGroup[], kinds: readonly string[] = [], statuses: readonly string[] = []): WidgetTable {
  const by = new Map<string, Row>();
  for (const p of [...Periodicity.values, '']) by.set(p, { periodicity: p ? Periodicity.label(p) : 'Не указана', sites: 0, containers: 0, volume: 0, trips: 0 });
  for (const g of groups) {
    if (kinds.length && !kinds.includes(g.kind)) continue;
    if (statuses.length && !statuses.includes(g.status)) continue;
    const r = by.get(g.periodicity) ?? by.get('')!;
    r.sites = (r.sites as number) + g.sites;
    r.containers = (r.containers as number) + g.containers;
    r.volume = round3((r.volume as number) + g.volume);
    r.trips = Math.round(((r.trips as number) + g.trips) * 10) / 10;
  }
  const rows = [...by.values()].filter((r) => (r.sites as number) > 0);
  return table([col('periodicity', 'Периодичность'), col('sites', 'Мест накопления'), col('containers', 'Контейнеров'), col('volume', 'Объём контейнеров', 'м³'), col('trips', 'Вывозов в год')], rows);
}

/** Forecast table (tonnes or m³) with one column per year of `years`. */
export function forecastTable(rows: ForecastRow[], measure: 'tonnes' | 'm3', years: readonly number[] = FORECAST_YEARS): WidgetTable {
  const unit = measure === 'tonnes' ? 'т/год' : 'м³/год';
  const byCat = new Map<string, Row>();
  for (const r of rows) {
    if (!years.includes(r.year)) continue;
    const row = byCat.get(r.category) ?? { category: WasteSourceCategory.label(r.category) };
    row[`y${r.year}`] = round3(((row[`y${r.year}`] as number | undefined) ?? 0) + r[measure]);
    byCat.set(r.category, row);
  }
  return table([col('category', 'Категория источника'), ...years.map((y) => col(`y${y}`, String(y), unit))], [...byCat.values()]);
}

/** Runs every statement on `client` (inside the caller's transaction) and returns each widget's stored data. */
export async function computeWidgets(client: PoolClient): Promise<Record<DashboardWidgetKey, StoredWidget>> {
  const q = async <T>(sql: string) => (await client.query(sql)).rows as T[];
  const counts = await q<{ key: string; total: number; active: number | null }>(REGISTRY_COUNTS_SQL);
  const hasProblems = (await q<{ t: string | null }>(`SELECT to_regclass('public.problem')::text AS t`))[0]!.t !== null;
  const problems = hasProblems ? await q<{ code: string; count: number }>(PROBLEMS_BY_CODE_SQL) : [];
  const kinds = await q<{ kind: string; sites: number; containers: number; volume: number }>(CONTAINERS_BY_KIND_SQL);
  const units = await q<{ code: string; name: string; sites: number; containers: number; volume: number; geom: string | null }>(SITES_BY_OKTMO_SQL);
  const coverage = (await q<{ regions: string[]; settings_region: string | null }>(`SELECT
      coalesce((SELECT array_agg(DISTINCT coalesce(nullif(btrim(a.region), ''), left(a.code, 2)) ORDER BY coalesce(nullif(btrim(a.region), ''), left(a.code, 2)))
                  FROM administrative_unit a WHERE a.code IS NOT NULL), '{}') AS regions,
      (SELECT nullif(btrim(s.region), '') FROM system_settings s WHERE s.id = 1) AS settings_region`))[0]!;
  const boundaries = await boundaryCoverage(client);
  const groups = await q<PeriodicityGroup>(PERIODICITY_SQL);
  const cats = await q<{ category: string; sources: number; linked: number; residents: number; tonnes: number; m3: number }>(SOURCES_BY_CATEGORY_SQL);
  const forecast: ForecastRow[] = (await forecastGeneration(client, FORECAST_YEARS)).rows
    .map((r) => ({ oktmo: r.oktmo, category: r.category, year: r.year, tonnes: r.tonnes, m3: r.m3 }));
  const storage = await q<{ key: string; objects: number; capacity: number | null; used: number | null; used_last_year: number | null; volume: number | null; area: number | null }>(STORAGE_SQL);

  const kindOrder = (k: string) => (WasteAreaKind.values as readonly string[]).indexOf(k);
  const catRows = [...cats].sort((a, b) => (WasteSourceCategory.values as readonly string[]).indexOf(a.category) - (WasteSourceCategory.values as readonly string[]).indexOf(b.category));
  return {
    registry_counts: w(table([col('registry', 'Реестр'), col('total', 'Всего'), col('active', 'Действующих')], counts.map(registryRow), false)),
    problems_by_code: w(table([col('code', 'Код'), col('label', 'Проблема'), col('kind', 'Вид'), col('count', 'Открыто')],
      problems.map((p) => ({ code: p.code, label: problemTypeInfo(p.code)?.label ?? p.code, kind: ProblemKind.label(problemTypeInfo(p.code)?.kind), count: p.count })))),
    containers_by_kind: w(table(
      [col('kind', 'Вид места накопления'), col('sites', 'Мест накопления'), col('containers', 'Контейнеров'), col('volume', 'Объём', 'м³')],
      [...kinds].sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind)).map((k) => ({ kind: WasteAreaKind.label(k.kind), sites: k.sites, containers: k.containers, volume: k.volume })),
    )),
    sites_by_oktmo: {
      table: table([col('code', 'ОКТМО'), col('name', 'Муниципальное образование'), col('sites', 'Мест накопления'), col('containers', 'Контейнеров'), col('volume', 'Объём', 'м³')],
        units.map(({ geom: _g, ...u }) => u)),
      notice: oktmoNotice({ sites: units.reduce((a, u) => a + u.sites, 0), unmatched: units.find((u) => u.code === '')?.sites ?? 0,
        regions: coverage.regions, settingsRegion: coverage.settings_region, boundaries }),
      areas: {
        type: 'FeatureCollection',
        features: units.filter((u) => u.geom).map((u) => ({
          type: 'Feature' as const, properties: { code: u.code, name: u.name, sites: u.sites }, geometry: JSON.parse(u.geom!) as { type: string; coordinates: unknown[] },
        })),
      },
    },
    periodicity: { table: periodicityTable(groups), groups },
    sources_by_category: w(table(
      [col('category', 'Категория'), col('sources', 'Источников'), col('residents', 'Проживает', 'чел.'), col('tonnes', 'Норматив накопления', 'т/год')],
      catRows.map((c) => ({ category: WasteSourceCategory.label(c.category), sources: c.sources, residents: c.residents, tonnes: c.tonnes })),
    )),
    findin_waste_source: w(table(
      [col('category', 'Категория'), col('sources', 'Выявлено источников'), col('linked', 'С местом накопления'), col('unlinked', 'Без места накопления'),
        col('tonnes', 'Норматив накопления', 'т/год'), col('m3', 'Норматив накопления', 'м³/год')],
      catRows.map((c) => ({ category: WasteSourceCategory.label(c.category), sources: c.sources, linked: c.linked, unlinked: c.sources - c.linked, tonnes: c.tonnes, m3: c.m3 })),
    )),
    predicted_values_formation_TKO_volume: { table: forecastTable(forecast, 'm3'), forecast },
    predicted_values_formation_TKO_weight: { table: forecastTable(forecast, 'tonnes'), forecast },
    total_quantity_waste_storage: w(table(
      [col('group', 'Объекты'), col('objects', 'Количество'), col('capacity', 'Вместимость', 'т'), col('used', 'Накоплено', 'т'), col('used_last_year', 'Размещено за прошлый год', 'т'), col('volume', 'Объём отходов', 'м³'), col('area', 'Площадь', 'м²')],
      storage.map(({ key, ...s }) => {
        const [g, v] = key.split(':') as [string, string];
        return { group: g === 'facility' ? `Объекты: ${FacilityPurpose.label(v).toLowerCase()}` : `Несанкционированные свалки: ${WasteDumpStatus.label(v).toLowerCase()}`, ...s };
      }),
    )),
  };
}

/** Checks at load time that every widget of the contract is computed here (a new key fails fast). */
export const COMPUTED_WIDGETS = Object.keys(DASHBOARD_WIDGETS) as DashboardWidgetKey[];
