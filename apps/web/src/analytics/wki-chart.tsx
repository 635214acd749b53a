/**
 * The plan-vs-actual chart of a target indicator's card (issue 12 §4): grouped bars per year
 * (ECharts through the dashboard's EChart component; this module is loaded lazily by the card, so
 * the chart library stays out of the other cards' chunks) and the same numbers as a table.
 */
import { formatNumber, WkiUnit, wkiChartPoints } from '@tko/contract';
import { Empty, Table } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../dashboard/echart';

type Values = { year: number | null; value: string | null }[];

export function WkiChart({ entity }: { entity: Record<string, unknown> | null }) {
  const points = useMemo(
    () => wkiChartPoints({ actual_indications: (entity?.actual_indications as Values) ?? [], planned_indications: (entity?.planned_indications as Values) ?? [] }),
    [entity],
  );
  const unit = WkiUnit.label(entity?.unit as string | null);
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
          { key: 'planned', title: `План, ${unit}`, render: (_v, p) => (p.planned == null ? '—' : formatNumber(p.planned)) },
          { key: 'actual', title: `Факт, ${unit}`, render: (_v, p) => (p.actual == null ? '—' : formatNumber(p.actual)) },
        ]}
      />
    </div>
  );
}
