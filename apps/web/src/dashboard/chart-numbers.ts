/**
 * Russian numbers in an ECharts option (ECharts writes `1,800` and `56.7` whatever its locale):
 * every value axis gets the contract's formatNumber as its label formatter and the tooltip its
 * value formatter, unless the option sets its own. Pure; applied by EChart to every chart.
 */
import { formatNumber } from '@tko/contract';
import type { EChartsCoreOption } from 'echarts/core';

type Obj = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? ''));

function axis(a: unknown): unknown {
  if (Array.isArray(a)) return a.map(axis);
  if (!a || typeof a !== 'object' || (a as Obj).type !== 'value') return a;
  const label = ((a as Obj).axisLabel ?? {}) as Obj;
  return label.formatter ? a : { ...(a as Obj), axisLabel: { ...label, formatter: (v: number) => formatNumber(v) } };
}

/** `option` with Russian number formatting on value axes and in the tooltip. */
export function withRussianNumbers(option: EChartsCoreOption): EChartsCoreOption {
  const o = option as Obj;
  const out: Obj = { ...o };
  if (o.xAxis) out.xAxis = axis(o.xAxis);
  if (o.yAxis) out.yAxis = axis(o.yAxis);
  const tip = o.tooltip as Obj | undefined;
  if (tip && !tip.valueFormatter && !tip.formatter) out.tooltip = { ...tip, valueFormatter: num };
  return out as EChartsCoreOption;
}
