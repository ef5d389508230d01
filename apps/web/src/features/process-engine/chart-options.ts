// The dashboard's chart options, pure (no ECharts code: only its option types), so what the charts
// show is tested without drawing them.
import { INSTANCE_STATUSES, type InstanceStatusCounts, type ThroughputDay } from '@formloop/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { STATUS_CHART_COLORS } from './components/status-tag.tsx';

export interface ThroughputLabels {
  started: string;
  completed: string;
  faulted: string;
}

const THROUGHPUT_COLORS = { started: '#1677ff', completed: '#52c41a', faulted: '#ff4d4f' } as const;

/** Instances by status as a doughnut; statuses without instances are left out. */
export function statusChartOption(
  counts: InstanceStatusCounts,
  statusLabel: (status: (typeof INSTANCE_STATUSES)[number]) => string,
): EChartsCoreOption {
  const data = INSTANCE_STATUSES.filter((status) => counts[status] > 0).map((status) => ({
    name: statusLabel(status),
    value: counts[status],
    itemStyle: { color: STATUS_CHART_COLORS[status] },
  }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {c}' },
        data,
      },
    ],
  };
}

/** Started, completed and faulted per day as three lines over the days (oldest first). */
export function throughputChartOption(
  days: ThroughputDay[],
  labels: ThroughputLabels,
  formatDay: (day: string) => string,
): EChartsCoreOption {
  const series = (['started', 'completed', 'faulted'] as const).map((key) => ({
    type: 'line',
    name: labels[key],
    smooth: true,
    showSymbol: days.length <= 31,
    itemStyle: { color: THROUGHPUT_COLORS[key] },
    data: days.map((day) => day[key]),
  }));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 40, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((day) => formatDay(day.day)) },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
}
