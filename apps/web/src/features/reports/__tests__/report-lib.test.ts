import type { ReportGroupRow, ReportResult } from '@formloop/contracts';
import { describe, expect, it } from 'vitest';
import { gaugeMax, reportChartOption } from '../lib/chart-options.ts';
import { blankDesigner, designerFromReport, suitsAggregate, toDefinition } from '../lib/designer-state.ts';
import { chartPoints, groupedRowsInOrder, headlineValue } from '../lib/result-data.ts';
import { groupedResult, report } from './report-fixtures.tsx';

const row = (groups: Array<string | null>, value: number, level: number): ReportGroupRow => ({
  groups,
  labels: groups.map(() => null),
  measures: [value],
  level,
});

describe('report definition from the designer', () => {
  it('leaves out half-made groups and measures, and columns once the report groups', () => {
    const state = {
      ...blankDesigner('m-1'),
      columns: ['a', 'b'],
      groupBy: [{ field: 'region' }, { field: '' }],
      measures: [{ aggregate: 'sum' as const }, { aggregate: 'count' as const }],
      chart: { type: 'pie' as const, measure: 3, target: null },
    };
    expect(toDefinition(state)).toEqual({
      moduleId: 'm-1',
      columns: [],
      filters: [],
      groupBy: [{ field: 'region' }],
      measures: [{ aggregate: 'count' }],
      totals: true,
      chart: { type: 'pie', measure: 0 },
    });
  });

  it('keeps a plain report’s columns and sends no chart or pivot until they are complete', () => {
    const state = {
      ...blankDesigner('m-1'),
      columns: ['b', 'a'],
      chart: { type: 'bar' as const, measure: 0, target: null },
      pivot: {
        enabled: true,
        rows: [{ field: 'region' }],
        column: { field: '' },
        measure: { aggregate: 'count' as const },
      },
    };
    expect(toDefinition(state)).toEqual({
      moduleId: 'm-1',
      columns: ['b', 'a'],
      filters: [],
      groupBy: [],
      measures: [],
      totals: true,
    });
    const pivoted = toDefinition({
      ...state,
      pivot: { ...state.pivot, column: { field: 'ordered', grain: 'month' } },
    });
    expect(pivoted.pivot).toEqual({
      rows: [{ field: 'region' }],
      column: { field: 'ordered', grain: 'month' },
      measure: { aggregate: 'count' },
    });
    expect(pivoted.columns).toEqual([]);
  });

  it('keeps a saved report’s sort, top N and order when it is opened and saved again', () => {
    const saved = report({
      orders: [{ column: 'amount', dir: 'desc' }],
      groupBy: [{ field: 'region' }],
      measures: [{ aggregate: 'sum', field: 'amount' }],
      sort: [{ measure: 0, dir: 'desc' }],
      limit: 5,
    });
    const { state } = designerFromReport(saved);
    expect(toDefinition(state)).toMatchObject({
      orders: [{ column: 'amount', dir: 'desc' }],
      sort: [{ measure: 0, dir: 'desc' }],
      limit: 5,
    });
    // A sort by a group that is removed goes with it.
    const regrouped = toDefinition({ ...state, groupBy: [], sort: [{ group: 0, dir: 'asc' }] });
    expect(regrouped.sort).toBeUndefined();
  });

  it('offers sums of numbers only and minimums of ordered kinds', () => {
    expect(suitsAggregate('sum', 'number')).toBe(true);
    expect(suitsAggregate('avg', 'text')).toBe(false);
    expect(suitsAggregate('min', 'date')).toBe(true);
    expect(suitsAggregate('max', 'boolean')).toBe(false);
    expect(suitsAggregate('countDistinct', 'user')).toBe(true);
  });
});

describe('report results', () => {
  it('puts each subtotal under the groups it sums, deepest first, over three levels', () => {
    const rows = [
      row(['A', 'x', '1'], 1, 0),
      row(['A', 'x', '2'], 2, 0),
      row(['A', 'y', '1'], 3, 0),
      row(['B', 'x', '1'], 4, 0),
    ];
    const subtotals = [
      row(['A', 'x', null], 3, 1),
      row(['A', 'y', null], 3, 1),
      row(['B', 'x', null], 4, 1),
      row(['A', null, null], 6, 2),
      row(['B', null, null], 4, 2),
    ];
    expect(
      groupedRowsInOrder(rows, subtotals).map((one) => `${one.groups.join('/')}=${one.measures[0]}`),
    ).toEqual(['A/x/1=1', 'A/x/2=2', 'A/x/=3', 'A/y/1=3', 'A/y/=3', 'A//=6', 'B/x/1=4', 'B/x/=4', 'B//=4']);
  });

  it('draws full-depth groups and takes the grand total as the headline', () => {
    expect(chartPoints(groupedResult, 0, '(empty)')).toEqual([
      { name: 'North / Jan 2026', value: 10 },
      { name: 'North / Feb 2026', value: 5 },
      { name: 'South / Jan 2026', value: 7 },
    ]);
    expect(headlineValue(groupedResult, 0)).toBe(22);
    const noTotal: ReportResult = { ...groupedResult, total: null } as ReportResult;
    expect(headlineValue(noTotal, 0)).toBe(22);
  });

  it('builds an option for every drawn chart type and none for number and table', () => {
    const points = [
      { name: 'North', value: 15 },
      { name: 'South', value: null },
    ];
    for (const type of ['bar', 'line', 'area', 'pie', 'donut', 'funnel', 'gauge'] as const) {
      expect(reportChartOption(type, points, 'Sum', 15)).not.toBeNull();
    }
    expect(reportChartOption('number', points, 'Sum', 15)).toBeNull();
    expect(reportChartOption('table', points, 'Sum', 15)).toBeNull();
    const area = reportChartOption('area', points, 'Sum', 15) as { series: Array<Record<string, unknown>> };
    expect(area.series[0]).toMatchObject({ type: 'line', areaStyle: {}, data: [15, null] });
    const donut = reportChartOption('donut', points, 'Sum', 15) as { series: Array<Record<string, unknown>> };
    expect(donut.series[0]).toMatchObject({ type: 'pie', radius: ['40%', '70%'] });
    const gauge = reportChartOption('gauge', points, 'Sum', 15, 40) as {
      series: Array<Record<string, unknown>>;
    };
    expect(gauge.series[0]).toMatchObject({ type: 'gauge', max: 40, data: [{ name: 'Sum', value: 15 }] });
    expect([gaugeMax(0), gaugeMax(7), gaugeMax(15), gaugeMax(230), gaugeMax(1000)]).toEqual([
      100, 10, 20, 500, 1000,
    ]);
  });
});
