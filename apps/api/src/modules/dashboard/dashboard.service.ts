/**
 * The dashboard's answers (issue 12 §2, spec 03 §7 «Dashboard») built from the stored summary
 * (@tko/db dashboard: the numbers as of the worker's last refresh) and the user's state:
 * - the ten widgets in contract order, each with the user's collapsed flag; a widget whose tag is
 *   inactive answers `inactive: true` and no rows; registry-count rows of an inactive tag are left out;
 * - the tag list with counts (sensors: 0, no sensor registry yet);
 * - the periodicity table for chosen kinds / statuses, the four temp tables with the year choice.
 * When nothing was ever stored (a new installation) the first read computes the summary itself.
 */
import type { Pool } from 'pg';
import {
  DASHBOARD_TAG_KEYS, DASHBOARD_TAGS, DASHBOARD_WIDGET_KEYS, DASHBOARD_WIDGETS, FORECAST_YEAR_CHOICES, FORECAST_YEARS,
  Periodicity, TEMP_TABLES, WasteAreaKind, WasteAreaStatus,
} from '@tko/contract';
import type { DashboardAll, DashboardTag, DashboardWidgetKey, PeriodicityQuery, TempTable, TempTableName, WidgetTable } from '@tko/contract';
import { DashboardStateStore, forecastTable, periodicityTable, readDashboard, refreshDashboard } from '@tko/db';
import type { DashboardSnapshot, StoredWidget } from '@tko/db';

const EMPTY: WidgetTable = { columns: [], rows: [], total: null };

export class DashboardService {
  readonly state: DashboardStateStore;

  constructor(private readonly pool: Pool) {
    this.state = new DashboardStateStore(pool);
  }

  /** The stored snapshot; computed now when the summary table is empty. */
  async snapshot(): Promise<DashboardSnapshot> {
    const s = await readDashboard(this.pool);
    return s.refreshedAt ? s : refreshDashboard(this.pool);
  }

  /** Active tags: `requested` when given, else the user's saved flags (default active). */
  async activeTags(userId: number, requested?: DashboardTag[]): Promise<DashboardTag[]> {
    if (requested) return DASHBOARD_TAG_KEYS.filter((t) => requested.includes(t));
    const { tags } = await this.state.get(userId);
    return DASHBOARD_TAG_KEYS.filter((t) => tags[t] !== false);
  }

  /** GET /api/dashboard/all/. */
  async all(userId: number, requested?: DashboardTag[]): Promise<DashboardAll> {
    const [snap, active, state] = await Promise.all([this.snapshot(), this.activeTags(userId, requested), this.state.get(userId)]);
    const on = (tag: DashboardTag | null) => tag === null || active.includes(tag);
    return {
      refreshed_at: snap.refreshedAt?.toISOString() ?? null,
      active_tags: active,
      widgets: DASHBOARD_WIDGET_KEYS.map((key) => {
        const { title, tag } = DASHBOARD_WIDGETS[key];
        const stored: StoredWidget | undefined = snap.widgets[key];
        const inactive = !on(tag);
        let table = stored?.table ?? EMPTY;
        if (inactive) table = { ...table, rows: [], total: null };
        else if (key === 'registry_counts') table = { ...table, rows: table.rows.filter((r) => on((r.tag ?? null) as DashboardTag | null)) };
        return { key, title, tag, collapsed: state.widgets[key] === true, inactive, table, areas: inactive ? null : (stored?.areas ?? null), notice: inactive ? null : (stored?.notice ?? null) };
      }),
    };
  }

  /** GET /api/dashboard/all/filters/: each tag with its object count and the user's flag. */
  async filters(userId: number): Promise<{ tags: { key: DashboardTag; label: string; active: boolean; count: number }[] }> {
    const [snap, active] = await Promise.all([this.snapshot(), this.activeTags(userId)]);
    const counts: Record<DashboardTag, number> = { waste_sources: 0, dumps: 0, waste_areas: 0, problems: 0, sensors: 0 };
    for (const r of snap.widgets.registry_counts?.table.rows ?? []) if (r.tag && r.tag in counts) counts[r.tag as DashboardTag] += Number(r.total ?? 0);
    for (const r of snap.widgets.problems_by_code?.table.rows ?? []) counts.problems += Number(r.count ?? 0);
    return { tags: DASHBOARD_TAG_KEYS.map((key) => ({ key, label: DASHBOARD_TAGS[key], active: active.includes(key), count: counts[key] })) };
  }

  /** GET /api/dashboard/periodicity-export-tko/. */
  async periodicity(q: PeriodicityQuery): Promise<WidgetTable & { refreshed_at: string | null }> {
    const snap = await this.snapshot();
    return { ...periodicityTable(snap.widgets.periodicity?.groups ?? [], q.kind ?? [], q.status ?? []), refreshed_at: snap.refreshedAt?.toISOString() ?? null };
  }

  /** GET /api/dashboard/periodicity-export-tko/filters/. */
  periodicityFilters() {
    return {
      kind: WasteAreaKind.values.map((value) => ({ value, label: WasteAreaKind.label(value) })),
      status: WasteAreaStatus.values.map((value) => ({ value, label: WasteAreaStatus.label(value) })),
      periodicity: Periodicity.values.map((value) => ({ value, label: Periodicity.label(value) })),
    };
  }

  /**
   * GET /api/dashboard/temp-table/{name}/; `year` limits the forecast tables' columns, `oktmo` their rows to one
   * municipal formation's forecast (the modelled forecast of analytics/forecast.ts, per ОКТМО; 'none': not determined).
   */
  async tempTable(name: TempTableName, year?: keyof typeof FORECAST_YEAR_CHOICES, oktmo?: string): Promise<TempTable> {
    const snap = await this.snapshot();
    const stored = snap.widgets[name];
    let table = stored?.table ?? EMPTY;
    if (name.startsWith('predicted_values_formation_TKO_')) {
      const years: readonly number[] = year ? FORECAST_YEAR_CHOICES[year] : FORECAST_YEARS;
      const unit = oktmo === 'none' ? '' : oktmo;
      const rows = (stored?.forecast ?? []).filter((r) => unit === undefined || (r.oktmo ?? '') === unit);
      table = forecastTable(rows, name.endsWith('_weight') ? 'tonnes' : 'm3', years);
    }
    return { name, title: TEMP_TABLES[name], ...table, refreshed_at: snap.refreshedAt?.toISOString() ?? null };
  }

  /** One widget's table (the xlsx download), as the user sees it with every tag active. */
  async widgetTable(key: DashboardWidgetKey): Promise<{ title: string; table: WidgetTable }> {
    const snap = await this.snapshot();
    return { title: DASHBOARD_WIDGETS[key].title, table: snap.widgets[key]?.table ?? EMPTY };
  }
}
