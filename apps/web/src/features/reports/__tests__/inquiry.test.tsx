import { APP_SETTINGS_PATHS, REPORT_PATHS, type ReportResult } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  app,
  APPS,
  bodiesOf,
  choose,
  FORM,
  form,
  MODULE_ID,
  recordRow,
  renderReports,
  reportTable,
  RUN,
  TABLE,
} from './report-fixtures.tsx';
import { captureDownloads, mockFiles, releaseDownloads } from './report-files.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  releaseDownloads();
});

const USERS = `POST ${APP_SETTINGS_PATHS.userLookup}`;

const plain: ReportResult = {
  kind: 'table',
  columns: [
    { key: 'region', label: 'Region', kind: 'text' },
    { key: 'customer', label: 'Customer', kind: 'text' },
  ],
  rows: [recordRow('a', { region: 'North', customer: 'Acme' })],
  recordsTotal: 1,
  recordsFiltered: 1,
  countIsEstimate: false,
};

const byRegion: ReportResult = {
  kind: 'grouped',
  columns: [],
  rows: [
    { groups: ['North'], labels: [null], measures: [3], level: 0 },
    { groups: ['South'], labels: [null], measures: [2], level: 0 },
  ],
  subtotals: [],
  total: { groups: [null], labels: [null], measures: [5], level: 1 },
  truncated: false,
};

/** Answers a grouped definition with the count by region, a plain one with the record page. */
const runAnswer = (call: { body: string | undefined }) => {
  const body = JSON.parse(call.body ?? '{}') as { definition: { groupBy: unknown[] } };
  return ok(body.definition.groupBy.length > 0 ? byRegion : plain);
};

const rowTexts = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-key'))
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );

describe('Quick Report (/inquiry)', { timeout: 120_000 }, () => {
  it('answers a typed search over the chosen app and exports what it shows', async () => {
    const calls = mockFetch({
      [APPS]: ok([app, { ...app, id: 'draft-app', display_name: 'Drafty', status: 'Draft' }]),
      [FORM]: ok(form),
      [RUN]: runAnswer,
      [USERS]: ok({ items: [], total: 0 }),
    });
    const files = mockFiles([REPORT_PATHS.export], 'Quick report – Orders');
    const downloads = captureDownloads();
    renderReports('/inquiry');
    expect(await screen.findByRole('heading', { name: 'Quick Report' })).toBeTruthy();
    expect(screen.getByTestId('inquiry-empty').textContent).toContain('Choose an app to start.');
    // Only published apps are offered.
    fireEvent.mouseDown(screen.getByLabelText('App'));
    expect(await screen.findByText('Orders', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('Drafty', { selector: '.ant-select-item-option-content' })).toBeNull();
    await choose('App', 'Orders');

    const runs = () => bodiesOf(calls, REPORT_PATHS.run);
    await waitFor(() => expect(runs()).toHaveLength(1));
    expect(runs()[0]).toEqual({
      definition: {
        moduleId: MODULE_ID,
        columns: [],
        filters: [],
        orders: [],
        groupBy: [],
        measures: [],
        sort: [],
        totals: false,
        limit: 1000,
      },
      page: 1,
      length: 10,
      filters: [],
    });
    await waitFor(() => expect(rowTexts('report-record-table').length).toBe(1));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search the records' }), {
      target: { value: 'acme' },
    });
    await waitFor(() => expect(runs().at(-1)).toMatchObject({ page: 1, search: 'acme' }));
    expect(runs().filter((body) => body.search !== undefined)).toHaveLength(1);

    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.body).toMatchObject({
      format: 'csv',
      language: 'en',
      search: 'acme',
      name: 'Quick report – Orders',
      definition: { moduleId: MODULE_ID, groupBy: [] },
    });
    await waitFor(() => expect(downloads).toEqual(['Quick report – Orders.csv']));
  });

  it('groups by a field with a count, and hands the question to the designer as a new report', async () => {
    const calls = mockFetch({
      [APPS]: ok([app]),
      [FORM]: ok(form),
      [RUN]: runAnswer,
      [TABLE]: ok(reportTable([])),
      [USERS]: ok({ items: [], total: 0 }),
    });
    const view = renderReports('/inquiry');
    await choose('App', 'Orders');
    await waitFor(() => expect(screen.getByTestId('report-record-table')).toBeTruthy());

    const runs = () => bodiesOf(calls, REPORT_PATHS.run);
    // The record list's filter builder narrows the question.
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const builder = await screen.findByTestId('filter-builder');
    fireEvent.mouseDown(within(builder).getByLabelText('Filter field 1'));
    fireEvent.click(
      (await screen.findAllByText('Region', { selector: '.ant-select-item-option-content' })).at(
        -1,
      ) as HTMLElement,
    );
    fireEvent.change(await within(builder).findByLabelText('Filter value 1'), { target: { value: 'No' } });
    fireEvent.click(within(builder).getByRole('button', { name: 'Apply' }));
    const filtered = [{ field: 'region', operator: 'contains', value: 'No' }];
    await waitFor(() => expect(runs().at(-1)?.definition).toMatchObject({ filters: filtered }));

    await choose('Group by', 'Region');
    await waitFor(() =>
      expect(runs().at(-1)?.definition).toMatchObject({
        groupBy: [{ field: 'region' }],
        measures: [{ aggregate: 'count' }],
        totals: true,
        columns: [],
      }),
    );
    await waitFor(() =>
      expect(rowTexts('grouped-table')).toEqual([
        ['North', '3'],
        ['South', '2'],
        ['Grand total', '5'],
      ]),
    );
    // A grouped question has no search box; the groups drill like a report's.
    expect(screen.queryByRole('textbox', { name: 'Search the records' })).toBeNull();
    expect(
      within(screen.getByTestId('grouped-table')).getByRole('button', {
        name: 'Open the 3 records of North',
      }),
    ).toBeTruthy();
    // A second level is offered once the first is chosen; a date field groups by month.
    await choose('Then by', 'Ordered on');
    await waitFor(() =>
      expect(runs().at(-1)?.definition).toMatchObject({
        groupBy: [{ field: 'region' }, { field: 'ordered', grain: 'month' }],
      }),
    );

    const before = runs().length;
    fireEvent.click(screen.getByRole('button', { name: /Save as report/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/report-designer'));
    expect(await screen.findByRole('heading', { name: 'New report' })).toBeTruthy();
    // The designer opens on the handed-over definition: its preview runs the same question.
    await waitFor(
      () =>
        expect(runs().slice(before).at(-1)?.definition).toMatchObject({
          moduleId: MODULE_ID,
          filters: filtered,
          groupBy: [{ field: 'region' }, { field: 'ordered', grain: 'month' }],
          measures: [{ aggregate: 'count' }],
        }),
      { timeout: 10_000 },
    );
  });
});
