/**
 * One ECharts chart (Apache ECharts 6, tree-shaken: only the bar, pie and map series, grid,
 * tooltip, legend and visual map with the canvas renderer are registered). The module is
 * imported by the dashboard page only, so the chart library is in the dashboard's lazy chunk.
 * The chart follows its box's size (ResizeObserver) and is disposed on unmount. `maps`:
 * GeoJSON areas registered under their names before the option is set (the choropleth). Numbers
 * on value axes and in tooltips are Russian (chart-numbers.ts).
 */
import { useEffect, useRef } from 'react';
import { BarChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { withRussianNumbers } from './chart-numbers';

echarts.use([BarChart, PieChart, MapChart, GridComponent, TooltipComponent, LegendComponent, VisualMapComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  /** Map name → GeoJSON FeatureCollection, registered before the option is set. */
  maps?: Record<string, object>;
  height?: number;
  /** Accessible description of the chart (the numbers are in the table under it). */
  label: string;
  testId?: string;
}

export function EChart({ option, maps, height = 260, label, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    for (const [name, geo] of Object.entries(maps ?? {})) echarts.registerMap(name, geo as Parameters<typeof echarts.registerMap>[1]);
    chart.current?.setOption(withRussianNumbers(option), { notMerge: true });
  }, [option, maps]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
