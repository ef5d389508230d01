import { DASHBOARD_PATHS, REPORT_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  APPS,
  apps,
  bodiesOf,
  choose,
  CUSTOMERS_FORM,
  customersForm,
  DASHBOARD,
  DASHBOARD_ID,
  DASHBOARD_SAVE,
  dashboard,
  DASHBOARDS,
  dashboardTable,
  DETAIL,
  INVOICES_FORM,
  INVOICES_ID,
  invoicesForm,
  pivotDefinition,
  pivotResult,
  question,
  questionTable,
  renderBi,
  RUN,
  SAVE,
  TABLE,
  TOAST,
} from './bi-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const runs = (calls: Parameters<typeof bodiesOf>[0]) => bodiesOf(calls, REPORT_PATHS.run);

describe('BI question builder', { timeout: 120_000 }, () => {
  it('joins an app through a lookup, pivots by its field, runs and saves the question in a collection', async () => {
    const calls = mockFetch({
      [APPS]: ok(apps),
      [INVOICES_FORM]: ok(invoicesForm),
      [CUSTOMERS_FORM]: ok(customersForm),
      [TABLE]: ok(questionTable([], ['Finance', 'Sales'])),
      [RUN]: ok(pivotResult),
      [SAVE]: ok(question({ id: 'q-9' }), 'The report has been saved.'),
      ['GET /api/form/report/q-9']: ok(question({ id: 'q-9' })),
    });
    const { router } = renderBi('/business-intelligence');
    expect(await screen.findByRole('heading', { name: 'New question' })).toBeTruthy();
    expect(screen.getByText('Choose a base app to start.')).toBeTruthy();
    await choose('Base app', 'Invoices');

    await choose('Join an app through a lookup field', 'Customers › Customer');
    expect(within(screen.getByTestId('bi-joins')).getByText('Customers › Customer')).toBeTruthy();
    // The joined app's fields are offered under its name.
    await choose('Row 1', 'Region');
    await choose('Column (optional)', 'Kind');
    await choose('Calculation', 'Sum');
    await choose('Field to calculate', 'Total');

    await waitFor(
      () =>
        expect(runs(calls).at(-1)).toMatchObject({
          page: 1,
          length: 10,
          definition: {
            moduleId: INVOICES_ID,
            joins: [{ alias: 'j0', field: 'customer' }],
            pivot: {
              rows: [{ field: 'region', source: 'j0' }],
              column: { field: 'kind', source: 'base' },
              measure: { aggregate: 'sum', source: 'base', field: 'total' },
            },
          },
        }),
      { timeout: 10_000 },
    );
    const table = await screen.findByTestId('pivot-table');
    expect(within(table).getAllByText('North').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('goods').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('35').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Customers › Customer: Region').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    const form = await screen.findByTestId('save-question-form');
    fireEvent.change(within(form).getByLabelText('Question name'), {
      target: { value: 'Invoices by region' },
    });
    fireEvent.change(within(form).getByLabelText('Collection'), { target: { value: 'Finance' } });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, REPORT_PATHS.save)).toHaveLength(1));
    expect(bodiesOf(calls, REPORT_PATHS.save)[0]).toMatchObject({
      name: 'Invoices by region',
      sharing: 'private',
      definition: {
        moduleId: INVOICES_ID,
        collection: 'Finance',
        joins: [{ alias: 'j0', field: 'customer' }],
        pivot: { rows: [{ field: 'region', source: 'j0' }] },
      },
    });
    expect(bodiesOf(calls, REPORT_PATHS.save)[0]).not.toHaveProperty('id');
    await waitFor(() => expect(router.state.location.search).toBe('?id=q-9'), TOAST);
  });

  it('without a column runs a grouped question drawn as a chart with a table', async () => {
    const calls = mockFetch({
      [APPS]: ok(apps),
      [INVOICES_FORM]: ok(invoicesForm),
      [CUSTOMERS_FORM]: ok(customersForm),
      [TABLE]: ok(questionTable([])),
      [RUN]: ok({
        kind: 'grouped',
        columns: [],
        rows: [{ groups: ['goods'], labels: [null], measures: [3], level: 0 }],
        subtotals: [],
        total: { groups: [null], labels: [null], measures: [3], level: 1 },
        truncated: false,
      }),
    });
    renderBi('/business-intelligence');
    await choose('Base app', 'Invoices');
    await choose('Row 1', 'Kind');
    await waitFor(
      () =>
        expect(runs(calls).at(-1)?.definition).toMatchObject({
          joins: [],
          groupBy: [{ field: 'kind', source: 'base' }],
          measures: [{ aggregate: 'count', source: 'base' }],
        }),
      { timeout: 10_000 },
    );
    expect(await screen.findByTestId('report-chart')).toBeTruthy();
    expect(await screen.findByTestId('grouped-table')).toBeTruthy();
  });

  it('opens a saved question and adds it to an own dashboard below its cards', async () => {
    const calls = mockFetch({
      [APPS]: ok(apps),
      [INVOICES_FORM]: ok(invoicesForm),
      [CUSTOMERS_FORM]: ok(customersForm),
      [TABLE]: ok(questionTable([], ['Finance'])),
      [DETAIL]: ok(question()),
      [RUN]: ok(pivotResult),
      [DASHBOARDS]: ok(dashboardTable),
      [DASHBOARD]: ok(dashboard),
      [DASHBOARD_SAVE]: ok(dashboard),
    });
    renderBi('/business-intelligence?id=q-1');
    expect(await screen.findByRole('heading', { name: 'Question: Invoices by region' })).toBeTruthy();
    await waitFor(() => expect(runs(calls)[0]?.definition).toMatchObject({ pivot: pivotDefinition.pivot }), {
      timeout: 10_000,
    });
    expect(await screen.findByTestId('pivot-table')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add to dashboard/ }));
    await screen.findByTestId('add-to-dashboard-form');
    await waitFor(() => expect(bodiesOf(calls, DASHBOARD_PATHS.datatables)).toHaveLength(1));
    // Only the caller's own dashboards are offered.
    fireEvent.mouseDown(screen.getByLabelText('Dashboard'));
    expect(
      await screen.findByText('Sales board', { selector: '.ant-select-item-option-content' }),
    ).toBeTruthy();
    expect(screen.queryByText('Their board', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(screen.getByText('Sales board', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(bodiesOf(calls, DASHBOARD_PATHS.save)).toHaveLength(1));
    const saved = bodiesOf(calls, DASHBOARD_PATHS.save)[0] as { id: string; name: string; cards: object[] };
    expect(saved.id).toBe(DASHBOARD_ID);
    expect(saved.name).toBe('Sales board');
    expect(saved.cards).toHaveLength(2);
    expect(saved.cards[0]).toMatchObject({ id: 'text-1' });
    expect(saved.cards[1]).toMatchObject({
      type: 'chart',
      title: 'Invoices by region',
      x: 0,
      y: 3,
      w: 6,
      h: 4,
      definition: {
        moduleId: INVOICES_ID,
        joins: [{ alias: 'j0', field: 'customer' }],
        pivot: pivotDefinition.pivot,
      },
    });
    expect((saved.cards[1] as { id: string }).id).toMatch(/^bi-[a-z0-9]+$/);
    expect(await screen.findByText('The card has been added to Sales board.', {}, TOAST)).toBeTruthy();
  });
});
