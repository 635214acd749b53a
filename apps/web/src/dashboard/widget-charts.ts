/**
 * Chart of each dashboard widget (issue 12 §2) as an ECharts option, from the widget's table
 * (pure, tested in test/unit): which column is the category, which numbers are drawn and how.
 * - registry counts, containers by kind, sources by category, periodicity, open problems,
 *   storage: bars (horizontal when labels are long);
 * - sources by category: a pie of the normative accumulation;
 * - the two forecasts: bars per year summed over categories;
 * - sites by ОКТМО: a choropleth over the units' areas (`map` series + continuous visual map).
 * Returns null when the table has nothing to draw (the page shows the empty state).
 */
import { formatNumber, type DashboardWidget } from '@tko/contract';
import type { EChartsCoreOption } from 'echarts/core';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
/** The name the choropleth's areas are registered under. */
export const UNITS_MAP = 'tko-oktmo-units';

function bars(labels: string[], series: { name: string; values: number[] }[], horizontal: boolean): EChartsCoreOption {
  const cat = { type: 'category', data: labels, axisLabel: { width: 160, overflow: 'truncate' } };
  const val = { type: 'value' };
  return {
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 16, top: series.length > 1 ? 28 : 8, bottom: 8, containLabel: true },
    xAxis: horizontal ? val : cat,
    yAxis: horizontal ? { ...cat, inverse: true } : val,
    series: series.map((s) => ({ type: 'bar', name: s.name, data: s.values })),
  };
}

/** The option of `w`'s chart, or null when there is nothing to draw. */
export function widgetChart(w: DashboardWidget): EChartsCoreOption | null {
  const { columns, rows } = w.table;
  if (!rows.length || w.inactive) return null;
  const label = (r: Record<string, unknown>) => String(r[columns[0]!.key] ?? '');
  const seriesOf = (...keys: string[]) =>
    keys.map((k) => {
      const c = columns.find((x) => x.key === k)!;
      return { name: c.unit ? `${c.label}, ${c.unit}` : c.label, values: rows.map((r) => num(r[k])) };
    });
  switch (w.key) {
    case 'registry_counts': return bars(rows.map(label), seriesOf('total', 'active'), true);
    case 'problems_by_code': return bars(rows.map((r) => String(r.code)), seriesOf('count'), false);
    case 'containers_by_kind': return bars(rows.map(label), seriesOf('containers', 'volume'), true);
    case 'periodicity': return bars(rows.map(label), seriesOf('sites'), true);
    case 'findin_waste_source': return bars(rows.map(label), seriesOf('linked', 'unlinked'), true);
    case 'total_quantity_waste_storage': return bars(rows.map(label), seriesOf('objects'), true);
    case 'sources_by_category':
      return {
        tooltip: { trigger: 'item', valueFormatter: (v: number) => `${formatNumber(v)} т/год` },
        series: [{ type: 'pie', radius: ['35%', '65%'], data: rows.map((r) => ({ name: label(r), value: num(r.tonnes) })) }],
      };
    case 'predicted_values_formation_TKO_volume':
    case 'predicted_values_formation_TKO_weight': {
      const years = columns.slice(1);
      return bars(years.map((c) => c.label), [{ name: years[0]?.unit ?? '', values: years.map((c) => Math.round(rows.reduce((s, r) => s + num(r[c.key]), 0) * 1000) / 1000) }], false);
    }
    case 'sites_by_oktmo': {
      const features = w.areas?.features ?? [];
      if (!features.length) return null;
      const max = Math.max(...features.map((f) => f.properties.sites), 1);
      return {
        tooltip: { trigger: 'item', formatter: '{b}: {c} мест накопления' },
        visualMap: { min: 0, max, left: 8, bottom: 8, text: ['больше', 'меньше'], calculable: true, inRange: { color: ['#e0f3db', '#43a2ca', '#084081'] } },
        series: [{ type: 'map', map: UNITS_MAP, roam: true, nameProperty: 'name', data: features.map((f) => ({ name: f.properties.name, value: f.properties.sites })) }],
      };
    }
    default: return null;
  }
}
