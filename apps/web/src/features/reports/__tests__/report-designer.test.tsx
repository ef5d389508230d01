import { REPORT_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  app,
  APPS,
  bodiesOf,
  choose,
  DETAIL,
  FORM,
  form,
  groupedResult,
  MODULE_ID,
  renderReports,
  report,
  REPORT_ID,
  RUN,
  SAVE,
  TABLE,
  reportTable,
  TOAST,
} from './report-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const previews = (calls: Parameters<typeof bodiesOf>[0]) => bodiesOf(calls, REPORT_PATHS.run);

describe('report designer', { timeout: 120_000 }, () => {
  it('builds a grouped report from a published app, previews it and saves it', async () => {
    const calls = mockFetch({
      [APPS]: ok([app, { ...app, id: 'draft-app', display_name: 'Drafty', status: 'Draft' }]),
      [FORM]: ok(form),
      [TABLE]: ok(reportTable([])),
      [RUN]: ok(groupedResult),
      [SAVE]: ok(report({}, { id: 'r-9', name: 'Orders by region' }), 'The report has been saved.'),
      [`GET /api/form/report/r-9`]: ok(report({}, { id: 'r-9', name: 'Orders by region' })),
    });
    const { router } = renderReports('/report-designer');
    expect(await screen.findByRole('heading', { name: 'New report' })).toBeTruthy();
    expect(screen.getByText('Choose an app to see a preview.')).toBeTruthy();
    // Only published apps are offered.
    fireEvent.mouseDown(screen.getByLabelText('App'));
    expect(await screen.findByText('Orders', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText('Drafty', { selector: '.ant-select-item-option-content' })).toBeNull();
    await choose('App', 'Orders');

    // A plain report previews the first page with every field.
    await waitFor(() => expect(previews(calls)[0]).toMatchObject({ page: 1, length: 10 }));
    expect(previews(calls)[0]?.definition).toMatchObject({ moduleId: MODULE_ID, columns: [], groupBy: [] });

    fireEvent.click(screen.getByRole('button', { name: /Add a group/ }));
    await choose('Group 1: field', 'Region');
    fireEvent.click(screen.getByRole('button', { name: /Add a measure/ }));
    await choose('Measure 1: calculation', 'Sum');
    await choose('Measure 1: field', 'Amount');
    await choose('Chart type', 'Bar chart');
    await waitFor(
      () =>
        expect(previews(calls).at(-1)?.definition).toMatchObject({
          groupBy: [{ field: 'region' }],
          measures: [{ aggregate: 'sum', field: 'amount' }],
          totals: true,
          chart: { type: 'bar', measure: 0 },
        }),
      { timeout: 10_000 },
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('designer-preview')).getByTestId('grouped-table')).toBeTruthy(),
    );

    await choose('Sort groups by', 'Sum of Amount');
    await choose('Direction', 'Descending');
    fireEvent.change(screen.getByLabelText('Show at most this many groups'), { target: { value: '5' } });
    await waitFor(
      () =>
        expect(previews(calls).at(-1)?.definition).toMatchObject({
          sort: [{ measure: 0, dir: 'desc' }],
          limit: 5,
        }),
      { timeout: 10_000 },
    );

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Report name'), { target: { value: 'Orders by region' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'Sales' } });
    fireEvent.click(within(dialog).getByLabelText('Everyone'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, REPORT_PATHS.save)).toHaveLength(1));
    const saved = bodiesOf(calls, REPORT_PATHS.save)[0]!;
    expect(saved).toMatchObject({
      name: 'Orders by region',
      category: 'Sales',
      sharing: 'everyone',
      definition: { moduleId: MODULE_ID, groupBy: [{ field: 'region' }] },
    });
    expect(saved.id).toBeUndefined();
    expect(await screen.findByText('The report has been saved.', {}, TOAST)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?id=r-9'));
  });

  it('shows the server’s refusals translated by key: in the preview and when saving', async () => {
    const calls = mockFetch({
      [APPS]: ok([app]),
      [FORM]: ok(form),
      [TABLE]: ok(reportTable([])),
      [DETAIL]: ok(report({ groupBy: [{ field: 'customer' }] }, { name: 'Customers' })),
      [RUN]: {
        status: 400,
        body: {
          success: false,
          message: 'The field Customer cannot be grouped by.',
          data: { key: 'reports.notGroupable', params: { field: 'Customer' } },
        },
      },
      [SAVE]: {
        status: 409,
        body: {
          success: false,
          message: 'A report with this name already exists.',
          data: { key: 'reports.duplicateName', params: {} },
        },
      },
    });
    renderReports(`/report-designer?id=${REPORT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Edit report: Customers' })).toBeTruthy();
    const failure = await screen.findByTestId('report-run-failed', {}, { timeout: 20_000 });
    expect(failure.textContent).toContain('The field Customer cannot be grouped by.');

    // Save as: a new report (no id) under a new name.
    fireEvent.click(screen.getByRole('button', { name: 'Save as…' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Report name') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Report name'), { target: { value: 'Customers 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A report with this name already exists.')).toBeTruthy();
    const sent = bodiesOf(calls, REPORT_PATHS.save)[0]!;
    expect(sent).toMatchObject({ name: 'Customers 2' });
    expect(sent.id).toBeUndefined();
  });

  it('asks before leaving unsaved changes behind', async () => {
    mockFetch({
      [APPS]: ok([app]),
      [FORM]: ok(form),
      [TABLE]: ok(reportTable([])),
      [RUN]: ok(groupedResult),
    });
    const { router } = renderReports('/report-designer');
    await screen.findByRole('heading', { name: 'New report' });
    await choose('App', 'Orders');
    fireEvent.click(screen.getByRole('link', { name: 'Back to reports' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/report-designer');
    expect(screen.getByRole('heading', { name: 'New report' })).toBeTruthy();
  });

  it('chooses and orders a plain report’s columns with the keyboard-friendly buttons', async () => {
    const calls = mockFetch({
      [APPS]: ok([app]),
      [FORM]: ok(form),
      [TABLE]: ok(reportTable([])),
      [RUN]: ok(groupedResult),
    });
    renderReports('/report-designer');
    await screen.findByRole('heading', { name: 'New report' });
    await choose('App', 'Orders');
    const list = await screen.findByTestId('designer-columns');
    fireEvent.click(within(list).getByLabelText('Customer'));
    fireEvent.click(within(list).getByLabelText('Region'));
    fireEvent.click(within(list).getByRole('button', { name: 'Move Region up' }));
    await waitFor(
      () => expect(previews(calls).at(-1)?.definition).toMatchObject({ columns: ['region', 'customer'] }),
      { timeout: 10_000 },
    );
    expect(within(list).getByRole('button', { name: 'Move Region up' }).hasAttribute('disabled')).toBe(true);
    // Debounced: the quick changes in between were never sent on their own.
    const sentColumns = previews(calls).map((body) =>
      JSON.stringify((body.definition as { columns: string[] }).columns),
    );
    expect(sentColumns).not.toContain('["customer"]');
    expect(sentColumns).not.toContain('["customer","region"]');
  });
});
