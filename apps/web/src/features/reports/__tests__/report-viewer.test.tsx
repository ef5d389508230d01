import { APP_SETTINGS_PATHS, type ReportResult } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  bodiesOf,
  DETAIL,
  FORM,
  form,
  groupedResult,
  recordRow,
  renderReports,
  report,
  REPORT_ID,
  RUN_SAVED,
} from './report-fixtures.tsx';
import { reportRunPath } from '@formloop/contracts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const USERS = `POST ${APP_SETTINGS_PATHS.userLookup}`;
const rowTexts = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-key'))
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );

describe('report viewer', { timeout: 120_000 }, () => {
  it('shows a grouped report with subtotals, a grand total and a chart with its data as a table', async () => {
    const definition = {
      groupBy: [{ field: 'region' }, { field: 'ordered', grain: 'month' as const }],
      measures: [{ aggregate: 'sum' as const, field: 'amount' }],
      totals: true,
      chart: { type: 'bar' as const, measure: 0 },
    };
    mockFetch({
      [DETAIL]: ok(report(definition)),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(groupedResult),
    });
    renderReports(`/report-viewer?id=${REPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sales by region' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('grouped-table')).toBeTruthy());
    expect(
      within(screen.getByTestId('grouped-table'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Region', 'Ordered on by Month', 'Sum of Amount']);
    expect(rowTexts('grouped-table')).toEqual([
      ['North', 'Jan 2026', '10'],
      ['North', 'Feb 2026', '5'],
      ['North', 'Subtotal of North', '15'],
      ['South', 'Jan 2026', '7'],
      ['South', 'Subtotal of South', '7'],
      ['Grand total', '', '22'],
    ]);
    // The chart's accessible table: one row per full-depth group.
    const chartTable = screen.getByTestId('chart-data-table');
    expect(within(chartTable).getByText('Bar chart of Sum of Amount')).toBeTruthy();
    expect(
      within(chartTable)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['North / Jan 202610', 'North / Feb 20265', 'South / Jan 20267']);
  });

  it('pages a plain report, hides a column, and applies a runtime filter', async () => {
    const result: ReportResult = {
      kind: 'table',
      columns: [
        { key: 'region', label: 'Region', kind: 'text' },
        { key: 'amount', label: 'Amount', kind: 'number' },
      ],
      rows: [recordRow('a', { region: 'North', amount: 12 }), recordRow('b', { region: 'South', amount: 3 })],
      recordsTotal: 45,
      recordsFiltered: 45,
      countIsEstimate: false,
    };
    const calls = mockFetch({
      [DETAIL]: ok(report({ columns: ['region', 'amount'] })),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(result),
      [USERS]: ok({ items: [], total: 0 }),
    });
    const view = renderReports(`/report-viewer?id=${REPORT_ID}`);
    await waitFor(() =>
      expect(rowTexts('report-record-table')).toEqual([
        ['North', '12'],
        ['South', '3'],
      ]),
    );
    const runs = () => bodiesOf(calls, reportRunPath(REPORT_ID));
    expect(runs()[0]).toEqual({ page: 1, length: 10, filters: [] });
    expect(screen.getByText('Records: 45')).toBeTruthy();

    fireEvent.click(view.container.querySelector('.ant-pagination-item-3') as HTMLElement);
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ page: 3, length: 10 }));
    const sizer = view.container.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizer.querySelector('.ant-select-selector') ?? sizer);
    fireEvent.click(await screen.findByText('50 / page', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ page: 1, length: 50 }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search the report' }), {
      target: { value: 'nor' },
    });
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ page: 1, length: 50, search: 'nor' }));

    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const picker = await screen.findByTestId('column-picker');
    fireEvent.click(within(picker).getByLabelText('Amount'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('report-record-table')).queryByRole('columnheader', { name: 'Amount' }),
      ).toBeNull(),
    );

    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const builder = await screen.findByTestId('filter-builder');
    const fieldSelect = within(builder).getByLabelText('Filter field 1');
    fireEvent.mouseDown(fieldSelect);
    fireEvent.click(
      (await screen.findAllByText('Region', { selector: '.ant-select-item-option-content' })).at(
        -1,
      ) as HTMLElement,
    );
    fireEvent.change(await within(builder).findByLabelText('Filter value 1'), { target: { value: 'No' } });
    fireEvent.click(within(builder).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(runs().at(-1)).toMatchObject({
        page: 1,
        filters: [{ field: 'region', operator: 'contains', value: 'No' }],
      }),
    );
    expect(await screen.findByTestId('filter-chips')).toBeTruthy();
  });

  it('draws a pivot as a matrix with row and column totals, and says when it is cut short', async () => {
    const pivot: ReportResult = {
      kind: 'pivot',
      rowColumns: [],
      measure: { key: 'measure:0', label: 'count', kind: 'number' },
      columnKeys: ['2026-01', '2026-02'],
      columnLabels: ['Jan 2026', 'Feb 2026'],
      rows: [
        { groups: ['North'], labels: [null], cells: [2, 1], total: 3 },
        { groups: ['South'], labels: [null], cells: [null, 4], total: 4 },
      ],
      columnTotals: [2, 5],
      total: 7,
      truncated: true,
    };
    mockFetch({
      [DETAIL]: ok(
        report({
          pivot: {
            rows: [{ field: 'region' }],
            column: { field: 'ordered', grain: 'month' },
            measure: { aggregate: 'count' },
          },
        }),
      ),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(pivot),
    });
    renderReports(`/report-viewer?id=${REPORT_ID}`);
    await waitFor(() => expect(screen.getByTestId('pivot-table')).toBeTruthy());
    expect(rowTexts('pivot-table')).toEqual([
      ['North', '2', '1', '3'],
      ['South', '', '4', '4'],
      ['Grand total', '2', '5', '7'],
    ]);
    expect(screen.getByTestId('report-truncated').textContent).toContain('more groups than can be shown');
  });

  it('says in the reader’s words when the report took too long, and when it does not exist', async () => {
    mockFetch({
      [DETAIL]: ok(report({ groupBy: [{ field: 'region' }] })),
      [FORM]: ok(form),
      [RUN_SAVED]: {
        status: 503,
        body: {
          success: false,
          message: 'This report took too long to run. Narrow its filters and try again.',
          data: { key: 'reports.timedOut', params: {} },
        },
      },
    });
    renderReports(`/report-viewer?id=${REPORT_ID}`);
    const alert = await screen.findByTestId('report-run-failed', {}, { timeout: 20_000 });
    expect(alert.textContent).toContain(
      'This report took too long to run. Narrow its filters and try again.',
    );
    vi.unstubAllGlobals();

    mockFetch({});
    renderReports('/report-viewer?id=missing');
    expect(await screen.findByTestId('report-not-found')).toBeTruthy();
  });

  it('speaks the reader’s language: headings, totals and the server’s timeout by its key', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch({
        [DETAIL]: ok(report({ groupBy: [{ field: 'region' }], totals: true })),
        [FORM]: ok(form),
        [RUN_SAVED]: ok({
          ...groupedResult,
          rows: [{ groups: ['North'], labels: [null], measures: [3], level: 0 }],
          subtotals: [],
          total: { groups: [null], labels: [null], measures: [3], level: 1 },
        }),
      });
      renderReports(`/report-viewer?id=${REPORT_ID}`);
      await waitFor(() => expect(screen.getByTestId('grouped-table')).toBeTruthy());
      expect(rowTexts('grouped-table')).toEqual([
        ['North', '3'],
        ['Gesamtsumme', '3'],
      ]);
      expect(screen.getByRole('columnheader', { name: 'Anzahl der Einträge' })).toBeTruthy();
      vi.unstubAllGlobals();

      mockFetch({
        [DETAIL]: ok(report({ groupBy: [{ field: 'region' }] })),
        [FORM]: ok(form),
        [RUN_SAVED]: {
          status: 503,
          body: {
            success: false,
            message: 'This report took too long to run. Narrow its filters and try again.',
            data: { key: 'reports.timedOut', params: {} },
          },
        },
      });
      renderReports(`/report-viewer?id=${REPORT_ID}`);
      const alerts = await screen.findAllByTestId('report-run-failed', {}, { timeout: 20_000 });
      expect(alerts.at(-1)?.textContent).toContain('Dieser Bericht hat zu lange gedauert.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
