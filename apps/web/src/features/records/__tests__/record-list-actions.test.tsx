import { RECORDS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fetch-mock.ts';
import {
  patientQueries,
  MODULE_ID,
  TABLE,
  bodiesOf,
  cellTexts,
  deferred,
  headerTexts,
  mockPage,
  renderPage,
  row,
  table,
} from './record-fixtures.tsx';

patientQueries();

afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = [
  row('r-1', { customer: 'Acme' }),
  row('r-2', { customer: 'Bolt' }),
  row('r-3', { customer: 'Cogs' }),
];
const customers = () =>
  cellTexts().map((cells) => cells.find((text) => ['Acme', 'Bolt', 'Cogs'].includes(text)));
const tableBodies = (calls: Parameters<typeof bodiesOf>[0]) => bodiesOf(calls, RECORDS_PATHS.datatables);

/**
 * Opens a select and picks an option. A mouse-down that lands while another select is still closing
 * (Escape, a pick) can be swallowed, so it is repeated until the list is open.
 */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await waitFor(() => {
    if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
    expect(select.getAttribute('aria-expanded')).toBe('true');
  });
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** Toasts load antd's message machinery on first use: slow on a busy machine. */
const TOAST = { timeout: 20_000 };

describe('record list actions', { timeout: 180_000 }, () => {
  it('removes a deleted entry at once and puts it back with the spec message when the server fails', async () => {
    const refused = deferred(fail(500, 'Something went wrong on the server. Please try again.'));
    const calls = mockPage({
      [TABLE]: ok(table(rows)),
      [`POST ${RECORDS_PATHS.deleteById}`]: refused.handler,
    });
    const view = renderPage();
    await waitFor(() => expect(customers()).toEqual(['Acme', 'Bolt', 'Cogs']));
    const bolt = view.container.querySelector('tr[data-row-key="r-2"]') as HTMLElement;
    fireEvent.click(within(bolt).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete', hidden: false }));
    await waitFor(() => expect(customers()).toEqual(['Acme', 'Cogs']));
    expect(bodiesOf(calls, RECORDS_PATHS.deleteById)).toEqual([{ id: 'r-2' }]);
    // The confirmation's button did not open the entry.
    expect(screen.queryByTestId('item-editor')).toBeNull();
    refused.release();
    expect(await screen.findByText('Error deleting entry', {}, TOAST)).toBeTruthy();
    await waitFor(() => expect(customers()).toEqual(['Acme', 'Bolt', 'Cogs']));
  });

  it('shows the server’s reason when it refuses a delete', async () => {
    mockPage({
      [TABLE]: ok(table(rows)),
      [`POST ${RECORDS_PATHS.deleteById}`]: fail(403, 'You may not delete entries in this app.'),
    });
    const view = renderPage();
    await waitFor(() => expect(customers()).toHaveLength(3));
    const acme = view.container.querySelector('tr[data-row-key="r-1"]') as HTMLElement;
    fireEvent.click(within(acme).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You may not delete entries in this app.', {}, TOAST)).toBeTruthy();
    await waitFor(() => expect(customers()).toEqual(['Acme', 'Bolt', 'Cogs']));
  });

  it('deletes the selected entries together', async () => {
    let deleted = false;
    const calls = mockPage({
      [TABLE]: () => ok(table(deleted ? [rows[1]!] : rows)),
      [`POST ${RECORDS_PATHS.deleteByIds}`]: () => {
        deleted = true;
        return ok({ deleted: 2 });
      },
    });
    const view = renderPage();
    await waitFor(() => expect(customers()).toHaveLength(3));
    const select = (id: string) =>
      fireEvent.click(
        within(view.container.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement).getByRole('checkbox'),
      );
    select('r-1');
    select('r-3');
    expect(screen.queryByTestId('item-editor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(customers()).toEqual(['Bolt']));
    expect(bodiesOf(calls, RECORDS_PATHS.deleteByIds)).toEqual([{ ids: ['r-1', 'r-3'] }]);
    expect(await screen.findByText('2 entries deleted', {}, TOAST)).toBeTruthy();
  });

  it('hides, shows and reorders columns and asks for the visible ones', async () => {
    const calls = mockPage();
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const chooser = await screen.findByTestId('column-chooser');
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Amount' }));
    await waitFor(() => expect(headerTexts()).not.toContain('Amount'));
    expect(tableBodies(calls).at(-1)?.columns).not.toContain('amount');
    // Amount is hidden but keeps its place: Share passes it, then Customer.
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move Share up' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move Share up' }));
    await waitFor(() => expect(headerTexts().slice(1, 3)).toEqual(['Share', 'Customer']));
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Amount' }));
    await waitFor(() => expect(headerTexts()).toContain('Amount'));
    expect((tableBodies(calls).at(-1)?.columns as string[]).slice(0, 3)).toEqual([
      'share',
      'customer',
      'amount',
    ]);
  });

  it('builds typed filters, sends them, keeps them while paging and removes them as chips', async () => {
    const calls = mockPage({ [TABLE]: ok(table([row('r-1', { customer: 'Acme' })], 30)) });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await choose('Filter field 1', 'Amount');
    await choose('Filter operator 1', 'is at least');
    fireEvent.change(screen.getByLabelText('Filter value 1'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: /Add filter/ }));
    await choose('Filter field 2', 'Customer');
    await choose('Filter operator 2', 'starts with');
    fireEvent.change(screen.getByLabelText('Filter value 2'), { target: { value: 'ac' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ignore case' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const filters = [
      { field: 'amount', operator: 'gte', value: 10, ignoreCase: false, matchesAll: false },
      { field: 'customer', operator: 'startswith', value: 'ac', ignoreCase: true, matchesAll: false },
    ];
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ page: 1, filters }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ page: 2, filters }));
    const chips = screen.getAllByTestId('filter-chip').map((chip) => chip.textContent);
    expect(chips).toEqual(['Amount is at least 10', 'Customer starts with ac']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Amount is at least 10' }));
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ page: 1, filters: [filters[1]] }));
  });

  it('asks for a value before applying and offers only operators that suit the field', async () => {
    const calls = mockPage();
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await choose('Filter field 1', 'Paid');
    fireEvent.mouseDown(screen.getByLabelText('Filter operator 1'));
    const option = { selector: '.ant-select-item-option-content' };
    for (const name of ['equals', 'does not equal', 'has no value', 'has a value']) {
      expect(await screen.findByText(name, option)).toBeTruthy();
    }
    expect(screen.queryByText('starts with', option)).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('Filter operator 1'), { key: 'Escape' });
    await choose('Filter field 1', 'Customer');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter a value.', {}, TOAST)).toBeTruthy();
    expect(tableBodies(calls).every((body) => (body.filters as unknown[]).length === 0)).toBe(true);
    await choose('Filter operator 1', 'is empty');
    expect(screen.queryByLabelText('Filter value 1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(tableBodies(calls).at(-1)?.filters).toEqual([
        { field: 'customer', operator: 'isempty', ignoreCase: false, matchesAll: false },
      ]),
    );
  });

  it('saves the view and applies it to every user after confirming', async () => {
    const calls = mockPage({
      [`PUT ${RECORDS_PATHS.setUserConfig}`]: ok(null, 'Saved'),
      [`POST ${RECORDS_PATHS.applyConfigAllUser}`]: ok(null),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('columnheader', { name: /Customer/ }));
    await waitFor(() =>
      expect(tableBodies(calls).at(-1)?.orders).toEqual([{ column: 'customer', dir: 'asc' }]),
    );
    fireEvent.click(screen.getByRole('button', { name: /Save view/ }));
    expect(await screen.findByText('View saved', {}, TOAST)).toBeTruthy();
    const saved = bodiesOf(calls, RECORDS_PATHS.setUserConfig)[0];
    expect(saved).toMatchObject({
      moduleId: MODULE_ID,
      tabConfig: 'records',
      data: { pageSize: 10, orders: [{ column: 'customer', dir: 'asc' }], filters: [] },
    });
    // The columns the list shows: the default set without the system columns this page leaves empty.
    const columns = (saved?.data as { columns: string[] }).columns;
    expect(columns).toHaveLength(18);
    expect(columns).toEqual(expect.arrayContaining(['customer', 'status', 'workflow_initiator_email']));
    expect(columns).not.toContain('flow_name');
    expect(columns).not.toContain('expire_at');

    fireEvent.click(screen.getByRole('button', { name: /Apply to all users/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to all' }));
    expect(await screen.findByText('Every user of this app now sees this view.', {}, TOAST)).toBeTruthy();
    expect(bodiesOf(calls, RECORDS_PATHS.applyConfigAllUser)).toEqual([
      { moduleId: MODULE_ID, tabConfig: 'records' },
    ]);
  });
});
