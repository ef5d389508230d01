import {
  APP_SETTINGS_PATHS,
  REPORT_PATHS,
  reportExportJobFilePath,
  reportExportJobPath,
  reportExportPath,
  reportRunPath,
  type ReportExportJob,
  type ReportDrill,
  type ReportResult,
} from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { recordListHref } from '../../records/index.ts';
import {
  bodiesOf,
  DETAIL,
  FORM,
  form,
  groupedResult,
  MODULE_ID,
  recordRow,
  renderReports,
  report,
  REPORT_ID,
  RUN,
  RUN_SAVED,
  TABLE,
  reportTable,
} from './report-fixtures.tsx';
import { captureDownloads, mockFiles, releaseDownloads } from './report-files.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  releaseDownloads();
});

const USERS = `POST ${APP_SETTINGS_PATHS.userLookup}`;
const DRILL = `POST ${REPORT_PATHS.drill}`;

/** Opens the Export menu and picks one of its entries. */
async function exportAs(entry: string | RegExp) {
  const button = await screen.findByTestId('report-export');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
  fireEvent.click(await screen.findByRole('menuitem', { name: entry }));
}

const plainResult: ReportResult = {
  kind: 'table',
  columns: [{ key: 'region', label: 'Region', kind: 'text' }],
  rows: [recordRow('a', { region: 'North' })],
  recordsTotal: 1,
  recordsFiltered: 1,
  countIsEstimate: false,
};

const job: ReportExportJob = {
  id: 'job-1',
  name: 'Sales',
  format: 'csv',
  status: 'queued',
  rowsDone: 0,
  rowsTotal: 120_000,
  createdOn: '2026-11-28T08:00:00.000Z',
  finishedOn: null,
  error: null,
};

const drillAnswer: ReportDrill = {
  moduleId: MODULE_ID,
  filters: [
    { field: 'region', operator: 'eq', value: 'North', ignoreCase: false, matchesAll: false },
    { field: 'ordered', operator: 'gte', value: '2026-01-01', ignoreCase: false, matchesAll: false },
    { field: 'ordered', operator: 'lt', value: '2026-02-01', ignoreCase: false, matchesAll: false },
  ],
};
const landing = recordListHref(MODULE_ID, drillAnswer.filters as Parameters<typeof recordListHref>[1]);

const groupedDefinition = {
  groupBy: [{ field: 'region' }, { field: 'ordered', grain: 'month' as const }],
  measures: [{ aggregate: 'sum' as const, field: 'amount' }],
  totals: true,
  chart: { type: 'bar' as const, measure: 0 },
};

describe('report exports', { timeout: 120_000 }, () => {
  it('exports the viewed report as CSV, XLSX, PDF and landscape PDF with its search and filters', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(report({ columns: ['region'] })),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(plainResult),
      [USERS]: ok({ items: [], total: 0 }),
    });
    const files = mockFiles([reportExportPath(REPORT_ID)], 'Sales by region');
    const downloads = captureDownloads();
    renderReports(`/report-viewer?id=${REPORT_ID}`);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search the report' }), {
      target: { value: 'nor' },
    });
    // The export takes the settled search, as the table does.
    await waitFor(() =>
      expect(bodiesOf(calls, reportRunPath(REPORT_ID)).at(-1)).toMatchObject({ search: 'nor' }),
    );

    const entries = [
      ['CSV file', { format: 'csv', landscape: false }],
      ['Excel workbook (XLSX)', { format: 'xlsx', landscape: false }],
      ['PDF document', { format: 'pdf', landscape: false }],
      ['PDF document, landscape', { format: 'pdf', landscape: true }],
    ] as const;
    for (const [entry, expected] of entries) {
      await exportAs(new RegExp(`^${entry.replace(/[()]/g, '\\$&')}$`));
      await waitFor(() => expect(files).toHaveLength(entries.findIndex(([name]) => name === entry) + 1));
      expect(files.at(-1)?.body).toEqual({ ...expected, language: 'en', filters: [], search: 'nor' });
    }
    await waitFor(() =>
      expect(downloads).toEqual([
        'Sales by region.csv',
        'Sales by region.xlsx',
        'Sales by region.pdf',
        'Sales by region.pdf',
      ]),
    );
  });

  it('follows a large export made in the background and downloads it when it is done', async () => {
    let asked = 0;
    mockFetch({
      [DETAIL]: ok(report({ columns: ['region'] })),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(plainResult),
      [USERS]: ok({ items: [], total: 0 }),
      [`GET ${reportExportJobPath('job-1')}`]: () => {
        asked += 1;
        return ok({
          ...job,
          status: asked < 2 ? 'running' : 'completed',
          rowsDone: asked < 2 ? 60_000 : 120_000,
        });
      },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (input === reportExportPath(REPORT_ID))
        return new Response(JSON.stringify({ success: true, message: '', data: job }), {
          status: 202,
          headers: { 'Content-Type': 'application/json' },
        });
      if (input === reportExportJobFilePath('job-1'))
        return new Response('file', {
          headers: {
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Sales.csv')}`,
          },
        });
      return inner(input, init);
    });
    const downloads = captureDownloads();
    renderReports(`/report-viewer?id=${REPORT_ID}`);
    await exportAs('CSV file');
    const panel = await screen.findByTestId('report-export-job');
    expect(panel.textContent).toContain('This export has 120,000 rows: it is being made in the background.');
    expect(panel.textContent).toContain('Exporting Sales: 0 of 120,000 rows');
    await waitFor(() => expect(panel.textContent).toContain('Exporting Sales: 60,000 of 120,000 rows'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(panel.textContent).toContain('Sales is ready.'), { timeout: 10_000 });
    expect(downloads).toEqual([]);
    fireEvent.click(within(panel).getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(downloads).toEqual(['Sales.csv']));
  });

  it('exports in the UI language and says in it when the export failed', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch({
        [DETAIL]: ok(report(groupedDefinition)),
        [FORM]: ok(form),
        [RUN_SAVED]: ok(groupedResult),
      });
      const files = mockFiles([reportExportPath(REPORT_ID)], 'x', { status: 500, message: 'boom' });
      captureDownloads();
      renderReports(`/report-viewer?id=${REPORT_ID}`);
      await waitFor(() => expect(screen.getByTestId('grouped-table')).toBeTruthy());
      await exportAs('CSV-Datei');
      await waitFor(() => expect(files).toHaveLength(1));
      expect(files[0]?.body).toEqual({ format: 'csv', landscape: false, language: 'de', filters: [] });
      expect((await screen.findByTestId('report-export-failed')).textContent).toContain(
        'Die Datei konnte nicht exportiert werden.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('exports the designer’s unsaved definition under the report’s name', async () => {
    mockFetch({
      [DETAIL]: ok(report(groupedDefinition)),
      [FORM]: ok(form),
      [RUN]: ok(groupedResult),
      [TABLE]: ok(reportTable([])),
    });
    const files = mockFiles([REPORT_PATHS.export], 'Sales by region');
    const downloads = captureDownloads();
    renderReports(`/report-designer?id=${REPORT_ID}`);
    await screen.findByRole('heading', { name: 'Edit report: Sales by region' });
    await exportAs('Excel workbook (XLSX)');
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.body).toMatchObject({
      format: 'xlsx',
      landscape: false,
      language: 'en',
      name: 'Sales by region',
      definition: {
        moduleId: MODULE_ID,
        groupBy: groupedDefinition.groupBy,
        measures: groupedDefinition.measures,
      },
    });
    await waitFor(() => expect(downloads).toEqual(['Sales by region.xlsx']));
  });
});

describe('drill to records', { timeout: 120_000 }, () => {
  it('opens the record list on the filters the server answers for a group row and a subtotal row', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(report(groupedDefinition)),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(groupedResult),
      [DRILL]: ok(drillAnswer),
    });
    const first = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const table = await screen.findByTestId('grouped-table');
    // A group's label is a button (Tab, Enter) named by what it opens.
    const open = within(table).getByRole('button', { name: 'Open the records of North / Jan 2026' });
    fireEvent.click(open);
    await waitFor(() => expect(screen.getByTestId('record-list')).toBeTruthy());
    const drills = bodiesOf(calls, REPORT_PATHS.drill);
    expect(drills).toHaveLength(1);
    expect(drills[0]).toMatchObject({ filters: [], keys: ['North', '2026-01'] });
    expect(drills[0]?.definition).toMatchObject({ moduleId: MODULE_ID, groupBy: groupedDefinition.groupBy });
    const location = first.router.state.location;
    expect(`${location.pathname}${location.search}`).toBe(landing);
    first.unmount();

    // A click anywhere on a subtotal row drills into its group without the rolled-up level.
    const second = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const again = await screen.findByTestId('grouped-table');
    const subtotal = within(again).getByRole('button', {
      name: 'Subtotal of North: Open the records of North',
    });
    fireEvent.click(subtotal.closest('tr') as HTMLElement);
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`/module/${MODULE_ID}`));
    expect(bodiesOf(calls, REPORT_PATHS.drill).at(-1)).toMatchObject({ keys: ['North'] });
  });

  it('drills from a chart segment’s table row, a pivot cell and a pivot column total', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(report(groupedDefinition)),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(groupedResult),
      [DRILL]: ok(drillAnswer),
    });
    const first = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const chartTable = await screen.findByTestId('chart-data-table');
    fireEvent.click(within(chartTable).getByRole('button', { name: 'Open the records of South / Jan 2026' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe(`/module/${MODULE_ID}`));
    expect(bodiesOf(calls, REPORT_PATHS.drill).at(-1)).toMatchObject({ keys: ['South', '2026-01'] });
    first.unmount();
    vi.unstubAllGlobals();

    const pivot: ReportResult = {
      kind: 'pivot',
      rowColumns: [],
      measure: { key: 'measure:0', label: 'count', kind: 'number' },
      columnKeys: ['2026-01', '2026-02'],
      columnLabels: ['Jan 2026', 'Feb 2026'],
      rows: [{ groups: ['North'], labels: [null], cells: [2, 1], total: 3 }],
      columnTotals: [2, 1],
      total: 3,
      truncated: false,
    };
    const pivotCalls = mockFetch({
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
      [DRILL]: ok(drillAnswer),
    });
    const second = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const matrix = await screen.findByTestId('pivot-table');
    fireEvent.click(within(matrix).getByRole('button', { name: '1: Open the records of North · Feb 2026' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`/module/${MODULE_ID}`));
    expect(bodiesOf(pivotCalls, REPORT_PATHS.drill)).toEqual([
      expect.objectContaining({ filters: [], keys: ['North', '2026-02'] }),
    ]);
    const location = second.router.state.location;
    expect(`${location.pathname}${location.search}`).toBe(landing);
    second.unmount();

    // A column total opens that column's records, whatever their rows.
    const third = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const again = await screen.findByTestId('pivot-table');
    fireEvent.click(within(again).getByRole('button', { name: 'Open the records of Jan 2026' }));
    await waitFor(() => expect(third.router.state.location.pathname).toBe(`/module/${MODULE_ID}`));
    expect(bodiesOf(pivotCalls, REPORT_PATHS.drill).at(-1)).toEqual(
      expect.objectContaining({ filters: [], keys: [], column: '2026-01' }),
    );
  });

  it('says so when the records cannot be opened, and stays on the report', async () => {
    mockFetch({
      [DETAIL]: ok(report(groupedDefinition)),
      [FORM]: ok(form),
      [RUN_SAVED]: ok(groupedResult),
      [DRILL]: { status: 500, body: { success: false, message: 'boom', data: null } },
    });
    const view = renderReports(`/report-viewer?id=${REPORT_ID}`);
    const table = await screen.findByTestId('grouped-table');
    fireEvent.click(
      within(table).getByRole('button', { name: 'Grand total: Open all records of this report' }),
    );
    expect((await screen.findByTestId('report-drill-failed')).textContent).toContain(
      'The records behind this could not be opened.',
    );
    expect(view.router.state.location.pathname).toBe('/report-viewer');
  });
});
