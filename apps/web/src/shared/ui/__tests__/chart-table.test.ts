import { describe, expect, it } from 'vitest';
import { chartTable, chartTitle } from '../chart-table.ts';

const labels = { category: 'Category', value: 'Value' };

describe('chartTable (a chart option as a table)', () => {
  it('reads a multi-series line chart: the category axis names the rows, each series a column', () => {
    const option = {
      xAxis: { type: 'category', name: 'Day', data: ['Mon', 'Tue', { value: 'Wed' }] },
      yAxis: { type: 'value' },
      series: [
        { type: 'line', name: 'Started', data: [3, 5, 8] },
        { type: 'line', name: 'Completed', data: [1, '-', { value: 4 }] },
        { type: 'bar', name: 'Faulted', data: [0, null] },
      ],
    };
    expect(chartTable(option, labels)).toEqual({
      columns: ['Day', 'Started', 'Completed', 'Faulted'],
      rows: [
        ['Mon', 3, 1, 0],
        ['Tue', 5, null, null],
        ['Wed', 8, 4, null],
      ],
    });
  });

  it('reads horizontal bars (categories on y) and names what the option leaves unnamed', () => {
    const option = {
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: [2024, 2025] },
      series: [
        {
          type: 'bar',
          data: [
            [10, 2024],
            [12.5, 2025],
          ],
        },
        { type: 'bar', data: ['7', 9] },
      ],
    };
    expect(chartTable(option, labels)).toEqual({
      columns: ['Category', 'Value 1', 'Value 2'],
      rows: [
        ['2024', 10, 7],
        ['2025', 12.5, 9],
      ],
    });
  });

  it('takes an x axis with data and no type as a category axis (ECharts’ default)', () => {
    const option = {
      xAxis: { data: ['A', 'B'] },
      yAxis: {},
      series: { type: 'bar', name: 'Count', data: [1, 2] },
    };
    expect(chartTable(option, labels)?.rows).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('reads a pie as name/value rows, nested pies side by side by slice name', () => {
    expect(
      chartTable(
        {
          series: [
            {
              type: 'pie',
              name: 'Instances',
              data: [
                { name: 'Running', value: 4 },
                { name: 'Faulted', value: 1 },
              ],
            },
          ],
        },
        labels,
      ),
    ).toEqual({
      columns: ['Category', 'Instances'],
      rows: [
        ['Running', 4],
        ['Faulted', 1],
      ],
    });

    expect(
      chartTable(
        {
          series: [
            {
              type: 'pie',
              name: '2025',
              data: [
                { name: 'A', value: 1 },
                { name: 'B', value: 2 },
              ],
            },
            {
              type: 'funnel',
              name: '2026',
              data: [
                { name: 'B', value: 3 },
                { name: 'C', value: 4 },
              ],
            },
          ],
        },
        labels,
      ),
    ).toEqual({
      columns: ['Category', '2025', '2026'],
      rows: [
        ['A', 1, null],
        ['B', 2, 3],
        ['C', null, 4],
      ],
    });
  });

  it('reads dataset.source: arrays with a header row, arrays with dimensions, objects', () => {
    const series = [{ type: 'bar' }, { type: 'bar' }];
    expect(
      chartTable(
        {
          dataset: {
            source: [
              ['product', '2015', '2016'],
              ['Tea', 43.3, 85.8],
              ['Milk', 83.1, '73.4'],
            ],
          },
          xAxis: { type: 'category' },
          yAxis: {},
          series,
        },
        labels,
      ),
    ).toEqual({
      columns: ['product', '2015', '2016'],
      rows: [
        ['Tea', 43.3, 85.8],
        ['Milk', 83.1, 73.4],
      ],
    });

    expect(
      chartTable(
        {
          dataset: {
            dimensions: ['city', { name: 'sales' }],
            sourceHeader: false,
            source: [
              ['Rome', 5],
              ['Oslo', 2],
            ],
          },
          series,
        },
        labels,
      ),
    ).toEqual({
      columns: ['city', 'sales'],
      rows: [
        ['Rome', 5],
        ['Oslo', 2],
      ],
    });

    expect(
      chartTable(
        {
          dataset: [
            {
              source: [
                { name: 'Rome', count: 5 },
                { name: 'Oslo', count: 2 },
              ],
            },
          ],
          series: [{ type: 'pie' }],
        },
        labels,
      ),
    ).toEqual({
      columns: ['name', 'count'],
      rows: [
        ['Rome', 5],
        ['Oslo', 2],
      ],
    });

    // A first row beginning with a number is data, not a header (ECharts' guess); unnamed columns are named.
    expect(
      chartTable(
        {
          dataset: {
            source: [
              [1, 2, 5],
              [3, 4, '-'],
            ],
          },
          series,
        },
        labels,
      ),
    ).toEqual({
      columns: ['Category', 'Value 1', 'Value 2'],
      rows: [
        ['1', 2, 5],
        ['3', 4, null],
      ],
    });

    // Series with data of their own are read from it, not from a dataset beside them.
    expect(
      chartTable(
        {
          dataset: {
            source: [
              ['x', 'y'],
              ['A', 1],
            ],
          },
          xAxis: { type: 'category', data: ['B'] },
          series: [{ type: 'bar', name: 'Own', data: [9] }],
        },
        labels,
      ),
    ).toEqual({ columns: ['Category', 'Own'], rows: [['B', 9]] });
  });

  it('gives nothing for what is not a table: a gauge, a custom series, value axes only, no data', () => {
    expect(
      chartTable({ series: [{ type: 'gauge', name: 'Done', data: [{ name: 'Done', value: 70 }] }] }, labels),
    ).toBeNull();
    expect(
      chartTable({ xAxis: {}, yAxis: {}, series: [{ type: 'custom', renderItem: () => null }] }, labels),
    ).toBeNull();
    expect(
      chartTable(
        { xAxis: { type: 'value' }, yAxis: { type: 'value' }, series: [{ type: 'scatter', data: [[1, 2]] }] },
        labels,
      ),
    ).toBeNull();
    expect(
      chartTable({ xAxis: { type: 'category', data: [] }, series: [{ type: 'bar', data: [] }] }, labels),
    ).toBeNull();
    expect(chartTable({ series: [{ type: 'pie', data: [] }] }, labels)).toBeNull();
    expect(chartTable(null, labels)).toBeNull();
  });

  it('finds the option’s title', () => {
    expect(chartTitle({ title: { text: 'Sales' } })).toBe('Sales');
    expect(chartTitle({ title: [{ text: 'First' }, { text: 'Second' }] })).toBe('First');
    expect(chartTitle({ series: [] })).toBe('');
  });
});
