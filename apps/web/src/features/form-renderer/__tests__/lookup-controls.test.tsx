import { RECORD_LOOKUP_PATHS } from '@formloop/contracts';
import type { LookupSettings } from '@formloop/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOOKUP = `POST ${RECORD_LOOKUP_PATHS.recordModuleLookup}`;
const RUNTIME = { moduleId: 'app-orders' };

const lookupOf = (patch: Partial<LookupSettings>): LookupSettings => ({
  flowToLookUp: 'Customers',
  moduleId: 'app-customers',
  filters: [],
  sortValuesBy: '',
  sortType: 'asc',
  selectFieldsByThisProcess: [],
  hideFields: [],
  autoSelectFirstValueByFilters: false,
  isTable: false,
  tableName: '',
  ...patch,
});

const CUSTOMERS = [
  { id: 'c-1', data: { name: 'Ada Lovelace', email: 'ada@example.com', code: 'A1' } },
  { id: 'c-2', data: { name: 'Bob Builder', email: 'bob@example.com', code: 'B2' } },
];

const bodies = (calls: RecordedCall[], path: string) =>
  calls
    .filter((call) => call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

describe('lookup controls in a running app', { timeout: 60_000 }, () => {
  it('asks for the picked app’s records with the form’s filters and sort, and copies the pick', async () => {
    const calls = mockFetch({ [LOOKUP]: ok({ data: CUSTOMERS, hasMore: false }) });
    const seen: Record<string, unknown>[] = [];
    const lookup = lookupOf({
      selectFieldsByThisProcess: ['name', 'email', 'code'],
      hideFields: ['code'],
      filters: [
        { field: 'country', operator: 'eq', value: 'country', valueFromField: true },
        { field: 'tier', operator: 'isin', value: 'gold, silver', valueFromField: false },
        { field: 'archived', operator: 'isnull', value: '', valueFromField: false },
      ],
      sortValuesBy: 'name',
      sortType: 'desc',
    });
    renderForm({
      runtime: RUNTIME,
      initial: { country: 'UK' },
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('text', 'country', 'Country'),
            payloadField('lookup', 'customer', 'Customer', { lookup }),
            payloadField('email', 'email', 'Email'),
            payloadField('text', 'code', 'Code'),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });

    fireEvent.mouseDown(await screen.findByLabelText('Customer', undefined, { timeout: 15_000 }));
    fireEvent.click(await screen.findByText('Ada Lovelace'));
    expect(bodies(calls, RECORD_LOOKUP_PATHS.recordModuleLookup)[0]).toEqual({
      moduleId: 'app-customers',
      fields: ['name', 'email', 'code'],
      filters: [
        { field: 'country', operator: 'eq', ignoreCase: true, value: 'UK' },
        { field: 'tier', operator: 'isin', ignoreCase: true, value: ['gold', 'silver'] },
        { field: 'archived', operator: 'isnull', ignoreCase: true },
      ],
      search: '',
      searchField: 'name',
      sortValuesBy: 'name',
      sortType: 'desc',
      length: 20,
      page: 1,
    });
    // The option list shows the label and the visible columns; hidden fields are still copied.
    await waitFor(() =>
      expect(seen.at(-1)).toMatchObject({
        customer: { id: 'c-1', label: 'Ada Lovelace' },
        email: 'ada@example.com',
        code: 'A1',
      }),
    );

    // Clearing the pick clears what it copied.
    const clear = document.querySelector('[data-field-name="customer"] .ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ customer: null, email: null, code: null }));
  });

  it('searches the label field after a pause and loads more pages', async () => {
    const calls = mockFetch({
      [LOOKUP]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { page: number; search: string };
        if (body.page === 1) return ok({ data: [CUSTOMERS[body.search ? 1 : 0]], hasMore: true });
        return ok({ data: [{ id: 'c-3', data: { name: 'Cleo Coder' } }], hasMore: false });
      },
    });
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup('main', [
          payloadField('pull-data', 'customer', 'Customer', {
            lookup: lookupOf({ selectFieldsByThisProcess: ['name'] }),
          }),
        ]),
      ]),
    });
    const input = await screen.findByLabelText('Customer', undefined, { timeout: 15_000 });
    fireEvent.mouseDown(input);
    await screen.findByText('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Cleo Coder');
    fireEvent.change(input, { target: { value: 'bob' } });
    await screen.findByText('Bob Builder');
    const sent = bodies(calls, RECORD_LOOKUP_PATHS.recordModuleLookup);
    expect(sent.map((body) => [body.page, body.search])).toEqual([
      [1, ''],
      [2, ''],
      [1, 'bob'],
    ]);
  });

  it('picks the first match by itself when a field its filters read changes', async () => {
    const calls = mockFetch({
      [LOOKUP]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { filters: { value: unknown }[] };
        return ok({
          data: body.filters[0]?.value === 'FR' ? [CUSTOMERS[1]] : [CUSTOMERS[0]],
          hasMore: false,
        });
      },
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('text', 'country', 'Country'),
            payloadField('lookup', 'customer', 'Customer', {
              lookup: lookupOf({
                selectFieldsByThisProcess: ['name', 'email'],
                autoSelectFirstValueByFilters: true,
                filters: [{ field: 'country', operator: 'eq', value: 'country', valueFromField: true }],
              }),
            }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    const country = await screen.findByLabelText('Country', undefined, { timeout: 15_000 });
    fireEvent.change(country, { target: { value: 'UK' } });
    await waitFor(() =>
      expect(seen.at(-1)).toMatchObject({ customer: { id: 'c-1' }, email: 'ada@example.com' }),
    );
    fireEvent.change(country, { target: { value: 'FR' } });
    await waitFor(() =>
      expect(seen.at(-1)).toMatchObject({
        customer: { id: 'c-2', label: 'Bob Builder' },
        email: 'bob@example.com',
      }),
    );
    // Emptying the filter's field clears the pick and asks nothing.
    const asked = calls.length;
    fireEvent.change(country, { target: { value: '' } });
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ customer: null, email: null }));
    expect(calls.length).toBe(asked);
  });

  it('fills a table group with one row per matching record', async () => {
    const calls = mockFetch({
      [LOOKUP]: ok({
        data: [
          { id: 'p-1', data: { product: 'Tea', qty: 2, secret: 'x' } },
          { id: 'p-2', data: { product: 'Cake', qty: 1, secret: 'y' } },
        ],
        hasMore: false,
      }),
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('text', 'order', 'Order'),
            payloadField('lookup', 'lines_lookup', 'Order lines', {
              lookup: lookupOf({
                moduleId: 'app-products',
                isTable: true,
                tableName: 'lines',
                selectFieldsByThisProcess: ['product', 'qty'],
                filters: [{ field: 'order', operator: 'eq', value: 'order', valueFromField: true }],
              }),
            }),
          ]),
        ),
        payloadGroup(
          'lines',
          [
            payloadField('text', 'product', 'Product'),
            payloadField('number', 'qty', 'Qty', { columnIndex: 4 }),
          ],
          { isTable: true, orderIndex: 1 },
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    await screen.findByRole('button', { name: 'Order lines: fill the table lines' }, { timeout: 15_000 });
    // Nothing is filled while the filter's field is empty.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'SO-1' } });
    await waitFor(() =>
      expect(seen.at(-1)?.lines).toEqual([
        { product: 'Tea', qty: 2 },
        { product: 'Cake', qty: 1 },
      ]),
    );
    await screen.findByText('Rows filled: 2');
    const body = bodies(calls, RECORD_LOOKUP_PATHS.recordModuleLookup).at(-1);
    expect(body).toMatchObject({
      moduleId: 'app-products',
      fields: [],
      filters: [{ field: 'order', operator: 'eq', value: 'SO-1' }],
      length: 100,
    });
  });

  it('copies a pick in a table row into the cells of that row', async () => {
    mockFetch({ [LOOKUP]: ok({ data: CUSTOMERS, hasMore: false }) });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: RUNTIME,
      initial: { people: [{}, { email: 'keep@example.com' }] },
      definition: definitionOf([
        payloadGroup(
          'people',
          [
            payloadField('lookup', 'person', 'Person', {
              lookup: lookupOf({ selectFieldsByThisProcess: ['name', 'email'] }),
            }),
            payloadField('email', 'email', 'Email', { columnIndex: 4 }),
          ],
          { isTable: true },
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.mouseDown(await screen.findByLabelText('Person, row 1', undefined, { timeout: 15_000 }));
    fireEvent.click(await screen.findByText('Bob Builder'));
    await waitFor(() =>
      expect(seen.at(-1)?.people).toEqual([
        { person: { id: 'c-2', label: 'Bob Builder' }, name: 'Bob Builder', email: 'bob@example.com' },
        { email: 'keep@example.com' },
      ]),
    );
  });

  it('shows a placeholder in the form editor’s preview and asks the server nothing', async () => {
    const calls = mockFetch({});
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('lookup', 'customer', 'Customer', {
              lookup: lookupOf({ autoSelectFirstValueByFilters: true, selectFieldsByThisProcess: ['name'] }),
            }),
            payloadField('remote-lookup', 'country', 'Country'),
            payloadField('input-external', 'vat', 'VAT number'),
            payloadField('button', 'check', 'Check'),
          ]),
        ),
      ]),
    });
    const customer = (await screen.findByLabelText('Customer', undefined, {
      timeout: 15_000,
    })) as HTMLInputElement;
    expect(customer.disabled).toBe(true);
    expect(customer.placeholder).toBe('The lookup runs when the app is used');
    expect((screen.getByLabelText('Country') as HTMLInputElement).placeholder).toBe(
      'The external call runs when the app is used',
    );
    expect(screen.getByLabelText('Check').hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(customer);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(
      calls.filter((call) => call.url.startsWith('/api/EntryModule') || call.url.includes('RemoteUrl')),
    ).toEqual([]);
  });
});
