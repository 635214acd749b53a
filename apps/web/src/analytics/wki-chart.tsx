/**
 * The plan-vs-actual chart of a target indicator's card (issue 12 §4): grouped bars per year
 * (ECharts through the dashboard's EChart component; this module is loaded lazily by the card, so
 * the chart library stays out of the other cards' chunks) and the same numbers as a table. When
 * the indicator's formula is known (its name is one of GET /api/wki/computed/, docs/ANALYTICS.md
 * «Целевые показатели»), the table says that the actual values are typed (✎) and shows the value
 * computed from the registries beside each year (docs/ANALYTICS.md «Целевые показатели с известной формулой»).
 */
import { useQuery } from '@tanstack/react-query';
import { BALANCE_YEARS, computedIndicatorsRoute, formatNumber, WkiUnit, wkiChartPoints } from '@tko/contract';
import { Empty, Table } from 'antd';
import { useMemo } from 'react';
import { callRoute } from '../api/client';
import { useCan } from '../app/permissions/use-permissions';
import { EChart } from '../dashboard/echart';

type Values = { year: number | null; value: string | null }[];

export function WkiChart({ entity }: { entity: Record<string, unknown> | null }) {
  const points = useMemo(
    () => wkiChartPoints({ actual_indications: (entity?.actual_indications as Values) ?? [], planned_indications: (entity?.planned_indications as Values) ?? [] }),
    [entity],
  );
  const unit = WkiUnit.label(entity?.unit as string | null);
  const canView = useCan('wki:view');
  const from = Math.max(BALANCE_YEARS[0], points[0]?.year ?? BALANCE_YEARS[0]);
  const to = Math.min(BALANCE_YEARS[1], points.at(-1)?.year ?? BALANCE_YEARS[0]);
  const computed = useQuery({
    queryKey: ['wki-computed', from, to],
    queryFn: ({ signal }) => callRoute(computedIndicatorsRoute, { query: { year_from: from, year_to: to } }, { signal }),
    enabled: canView && points.length > 0 && from <= to,
  });
  const mine = computed.data?.indicators.find((i) => entity?.id != null && i.wki_id === entity.id);
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    legend: { data: ['План', 'Факт'] },
    grid: { left: 48, right: 16, top: 32, bottom: 24 },
    xAxis: { type: 'category', data: points.map((p) => String(p.year)) },
    yAxis: { type: 'value', name: unit },
    series: [
      { name: 'План', type: 'bar', data: points.map((p) => p.planned), itemStyle: { color: '#8c8c8c' } },
      { name: 'Факт', type: 'bar', data: points.map((p) => p.actual), itemStyle: { color: '#1d4f35' } },
    ],
  }), [points, unit]);
  if (!points.length) return <Empty description="Нет значений по годам: заполните их на вкладке «Значения по годам»." />;
  const fmt = (v: number | null | undefined) => (v == null ? '—' : formatNumber(v));
  return (
    <div data-testid="wki-chart">
      <EChart option={option} label={`План и факт по годам, ${unit}`} height={280} />
      <Table
        size="small"
        rowKey="year"
        pagination={false}
        dataSource={points}
        columns={[
          { key: 'year', title: 'Год', dataIndex: 'year' },
          { key: 'planned', title: `План, ${unit}`, render: (_v, p) => fmt(p.planned) },
          { key: 'actual', title: `Факт, ${unit}`, render: (_v, p) => (p.actual == null ? '—' : mine ? `${fmt(p.actual)} ✎` : fmt(p.actual)) },
          ...(mine ? [{
            key: 'computed', title: `Расчёт по реестрам, ${unit}`,
            render: (_v: unknown, p: { year: number }) => fmt(mine.values.find((v) => v.year === p.year)?.computed),
          }] : []),
        ]}
      />
      {mine && <div>Факт со знаком ✎ введён вручную; расчёт — по формуле «{mine.formula}» из моделируемого баланса и реестров.</div>}
    </div>
  );
}
