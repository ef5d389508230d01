// The report chart's ECharts option, pure (only ECharts' option types), so what a chart shows is
// tested without drawing it. number and table charts draw nothing: the page shows a figure or the
// table itself.
import type { ChartType } from '@formloop/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPoint } from './result-data.ts';

/** The chart types ECharts draws (number and table are shown without it). */
export const DRAWN_CHARTS: readonly ChartType[] = ['bar', 'line', 'area', 'pie', 'donut', 'funnel', 'gauge'];

/** A round upper bound for a gauge without a target: the next 1, 2 or 5 × 10ⁿ above the value. */
export function gaugeMax(value: number): number {
  if (!(value > 0)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((one) => one * magnitude >= value) ?? 10;
  return step * magnitude;
}

export function reportChartOption(
  type: ChartType,
  points: readonly ChartPoint[],
  seriesName: string,
  headline: number | null,
  target?: number,
): EChartsCoreOption | null {
  const data = points.map((point) => ({ name: point.name, value: point.value ?? 0 }));
  switch (type) {
    case 'bar':
    case 'line':
    case 'area':
      return {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 24, bottom: 64, containLabel: true },
        xAxis: {
          type: 'category',
          data: points.map((point) => point.name),
          axisLabel: { rotate: points.length > 6 ? 30 : 0, hideOverlap: true },
        },
        yAxis: { type: 'value' },
        series: [
          {
            type: type === 'bar' ? 'bar' : 'line',
            name: seriesName,
            data: points.map((point) => point.value),
            ...(type === 'area' ? { areaStyle: {} } : {}),
          },
        ],
      };
    case 'pie':
    case 'donut':
      return {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            name: seriesName,
            radius: type === 'donut' ? ['40%', '70%'] : '70%',
            avoidLabelOverlap: true,
            data,
          },
        ],
      };
    case 'funnel':
      return {
        tooltip: { trigger: 'item', formatter: '{b}: {c}' },
        series: [{ type: 'funnel', name: seriesName, sort: 'descending', left: '10%', width: '80%', data }],
      };
    case 'gauge': {
      const value = headline ?? 0;
      return {
        series: [
          {
            type: 'gauge',
            name: seriesName,
            min: 0,
            max: target && target > 0 ? target : gaugeMax(value),
            progress: { show: true },
            detail: { valueAnimation: false, fontSize: 20 },
            data: [{ name: seriesName, value }],
          },
        ],
      };
    }
    default:
      return null;
  }
}
