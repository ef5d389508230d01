import { describe, expect, it } from 'vitest';
import { statusChartOption, throughputChartOption } from '../chart-options.ts';
import { counts } from './fixtures.tsx';

describe('dashboard chart options', () => {
  it('shows each status with instances as a slice, in its colour', () => {
    const option = statusChartOption(counts({ Suspended: 4, Faulted: 2 }), (status) => `<${status}>`) as {
      series: Array<{
        type: string;
        data: Array<{ name: string; value: number; itemStyle: { color: string } }>;
      }>;
    };
    expect(option.series[0]?.type).toBe('pie');
    expect(option.series[0]?.data).toEqual([
      { name: '<Suspended>', value: 4, itemStyle: { color: '#69b1ff' } },
      { name: '<Faulted>', value: 2, itemStyle: { color: '#ff4d4f' } },
    ]);
  });

  it('draws started, completed and faulted per day as lines over the formatted days', () => {
    const option = throughputChartOption(
      [
        { day: '2026-03-03', started: 2, completed: 1, faulted: 0 },
        { day: '2026-03-04', started: 5, completed: 3, faulted: 2 },
      ],
      { started: 'S', completed: 'C', faulted: 'F' },
      (day) => day.slice(5),
    ) as { xAxis: { data: string[] }; series: Array<{ type: string; name: string; data: number[] }> };
    expect(option.xAxis.data).toEqual(['03-03', '03-04']);
    expect(option.series.map(({ type, name, data }) => ({ type, name, data }))).toEqual([
      { type: 'line', name: 'S', data: [2, 5] },
      { type: 'line', name: 'C', data: [1, 3] },
      { type: 'line', name: 'F', data: [0, 2] },
    ]);
  });
});
