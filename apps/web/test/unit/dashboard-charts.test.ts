/**
 * The dashboard's chart options (apps/web/src/dashboard/widget-charts.ts): bars from the widget's
 * columns, the forecast summed per year, the choropleth over the units' areas, nothing to draw
 * for an empty or inactive widget.
 */
import { describe, expect, it } from 'vitest';
import type { DashboardWidget } from '@tko/contract';
import { UNITS_MAP, widgetChart } from '../../src/dashboard/widget-charts';

const base = { title: 'т', tag: null, collapsed: false, inactive: false, areas: null, notice: null } as const;

describe('widgetChart', () => {
  it('draws containers and volume per kind as horizontal bars', () => {
    const w: DashboardWidget = {
      ...base, key: 'containers_by_kind',
      table: { columns: [{ key: 'kind', label: 'Вид' }, { key: 'sites', label: 'Мест' }, { key: 'containers', label: 'Контейнеров' }, { key: 'volume', label: 'Объём', unit: 'м³' }],
        rows: [{ kind: 'Контейнерная площадка', sites: 2, containers: 7, volume: 5.25 }], total: null },
    };
    const o = widgetChart(w) as { yAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(o.yAxis.data).toEqual(['Контейнерная площадка']);
    expect(o.series.map((s) => [s.name, s.data])).toEqual([['Контейнеров', [7]], ['Объём, м³', [5.25]]]);
  });

  it('sums a forecast per year and draws the choropleth', () => {
    const f: DashboardWidget = {
      ...base, key: 'predicted_values_formation_TKO_weight',
      table: { columns: [{ key: 'category', label: 'К' }, { key: 'y2022', label: '2022', unit: 'т/год' }, { key: 'y2023', label: '2023', unit: 'т/год' }],
        rows: [{ category: 'a', y2022: 1.5, y2023: 2 }, { category: 'b', y2022: 1, y2023: null }], total: null },
    };
    const o = widgetChart(f) as { xAxis: { data: string[] }; series: { data: number[] }[] };
    expect(o.xAxis.data).toEqual(['2022', '2023']);
    expect(o.series[0]!.data).toEqual([2.5, 2]);
    const m: DashboardWidget = {
      ...base, key: 'sites_by_oktmo',
      table: { columns: [{ key: 'code', label: 'ОКТМО' }], rows: [{ code: '01601000' }], total: null },
      areas: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { code: '01601000', name: 'Район', sites: 4 }, geometry: { type: 'Polygon', coordinates: [] } }] },
    };
    const map = widgetChart(m) as { series: { map: string; data: unknown[] }[]; visualMap: { max: number } };
    expect(map.series[0]).toMatchObject({ map: UNITS_MAP, data: [{ name: 'Район', value: 4 }] });
    expect(map.visualMap.max).toBe(4);
  });

  it('draws nothing for an empty or inactive widget', () => {
    const table = { columns: [{ key: 'code', label: 'Код' }, { key: 'count', label: 'Открыто' }], rows: [{ code: 'P001', count: 1 }], total: null };
    expect(widgetChart({ ...base, key: 'problems_by_code', table: { ...table, rows: [] } })).toBeNull();
    expect(widgetChart({ ...base, key: 'problems_by_code', inactive: true, table })).toBeNull();
    expect(widgetChart({ ...base, key: 'problems_by_code', table })).not.toBeNull();
  });
});
