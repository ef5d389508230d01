import { APPS_PATHS, RECORDS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fetch-mock.ts';
import { matchesWidth, mediaQueryList } from '../../../test/match-media.ts';
import {
  CONFIG,
  FORM,
  form,
  MODULE_ID,
  SUMMARY,
  TABLE,
  USERS,
  bodiesOf,
  patientQueries,
  cellTexts,
  headerTexts,
  mockPage,
  renderPage,
  row,
  summary,
  table,
} from './record-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});
patientQueries();

const tableBodies = (calls: Parameters<typeof bodiesOf>[0]) => bodiesOf(calls, RECORDS_PATHS.datatables);

describe('record list page', { timeout: 120_000 }, () => {
  it('shows the app, its summary and the first page of entries with the default request', async () => {
    const calls = mockPage();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByText('Customer orders')).toBeTruthy();
    const cards = await screen.findByTestId('record-summary');
    expect(within(cards).getByTestId('summary-inProgress').textContent).toContain('7');
    expect(within(cards).getByTestId('summary-completed').textContent).toContain('30');
    expect(within(cards).getByTestId('summary-faulted').textContent).toContain('1');
    expect(within(cards).getByTestId('summary-drafts').textContent).toContain('4');
    expect(within(cards).getByTestId('summary-total').textContent).toContain('42');
    expect(screen.getByRole('tab', { name: 'My drafts (4)' })).toBeTruthy();
    await waitFor(() => expect(cellTexts()[0]).toContain('Acme'));
    expect(tableBodies(calls)[0]).toEqual({
      moduleId: MODULE_ID,
      page: 1,
      length: 10,
      search: '',
      orders: [],
      filters: [],
      columns: [
        'customer',
        'amount',
        'share',
        'paid',
        'owner',
        'tags',
        'client',
        'attachment',
        'status',
        'created_by',
        'modified_by',
        'created_on',
        'modified_on',
        'flow_name',
        'workflow_completed_on',
        'submitted_on',
        'expire_at',
        'workflow_status',
        'tasks',
        'workflow_activity_name',
        'workflow_started_on',
        'workflow_initiator_user',
        'workflow_initiator_email',
        'workflow_faulted_on',
        'workflow_instance_id',
      ],
    });
    const config = calls.find((call) => call.url.startsWith(RECORDS_PATHS.getUserConfig));
    expect(config?.url).toBe(`${RECORDS_PATHS.getUserConfig}?moduleId=${MODULE_ID}&tabConfig=records`);
    // Opened from the sidebar (no ?from=applications): the visit counts once towards Most used.
    await waitFor(() => expect(bodiesOf(calls, APPS_PATHS.usage)).toEqual([{ moduleId: MODULE_ID }]));
  });

  it('keeps passwords, buttons and table groups out of the columns and labels system columns as the spec does', async () => {
    mockPage({
      [TABLE]: ok(table([row('r-1', { customer: 'Acme' }, { expire_at: '2026-04-01T00:00:00.000Z' })])),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const headers = headerTexts();
    expect(headers).toEqual(
      expect.arrayContaining(['Customer', 'Amount', 'Status', 'Created By', 'Modified At', 'Expire At']),
    );
    expect(headers).not.toContain('Secret');
    expect(headers).not.toContain('Go');
    expect(headers).not.toContain('Quantity');
  });

  it('renders each value by its type and resolves user ids to names once per page', async () => {
    const calls = mockPage({
      [TABLE]: ok(
        table([
          row('r-1', {
            customer: 'Acme',
            amount: 1234.5,
            share: 0.07,
            paid: true,
            owner: 'u-2',
            tags: ['red', 'blue'],
            client: { id: 'c-1', label: 'Client One' },
            attachment: { uid: 'x', url: '/f', name: 'invoice.pdf', status: 'done', fileKey: 'k' },
            secret: 'never shown',
          }),
          row('r-2', { owner: 'u-3', paid: false }, { status: 'Completed', display_status: 'Completed' }),
        ]),
      ),
      [USERS]: ok({
        items: [
          { id: 'u-2', username: 'nora', fullname: 'Nora North', email: 'n@x.test' },
          { id: 'u-3', username: 'sam', fullname: 'Sam South', email: 's@x.test' },
        ],
        total: 2,
      }),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()[0]).toContain('Nora North'));
    const [first, second] = cellTexts();
    expect(first).toEqual(
      expect.arrayContaining([
        'Acme',
        '1,234.50',
        '7%',
        'Yes',
        'red, blue',
        'Client One',
        'invoice.pdf',
        'Ada Admin',
      ]),
    );
    expect(first?.join('|')).toContain('In Progress - Running');
    expect(first?.join('|')).not.toContain('never shown');
    expect(second).toEqual(expect.arrayContaining(['Sam South', 'No', 'Completed']));
    expect(bodiesOf(calls, '/api/form/Editor/UserLookup')).toEqual([
      { ids: ['u-2', 'u-3'], page: 1, length: 50 },
    ]);
  });

  it('leaves out system columns no entry of the page uses, until one does, while nobody chose columns', async () => {
    const calls = mockPage({
      [TABLE]: (call) =>
        JSON.parse(call.body ?? '{}').page === 2
          ? ok(table([row('r-11', { customer: 'Later' }, { flow_name: 'Purchase flow' })], 11))
          : ok(table([row('r-1', { customer: 'Acme' })], 11)),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const shown = headerTexts().filter(Boolean);
    // The app's fields, then the system columns that have something to say on this page.
    expect(shown).toEqual([
      'Customer',
      'Amount',
      'Share',
      'Paid',
      'Owner',
      'Tags',
      'Client',
      'Attachment',
      'Status',
      'Created By',
      'Modified By',
      'Created At',
      'Modified At',
      'Workflow status',
      'Open tasks',
      'Current step',
      'Workflow started at',
      "Starter's e-mail",
      'Actions',
    ]);
    // The chooser says so too.
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const chooser = await screen.findByTestId('column-chooser');
    expect(within(chooser).getByRole('checkbox', { name: 'Flow Name' })).toHaveProperty('checked', false);
    expect(within(chooser).getByRole('checkbox', { name: 'Created By' })).toHaveProperty('checked', true);

    // The request still asks for them: a page whose entry has a flow name shows the column.
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(cellTexts()[0]).toContain('Later'));
    expect(tableBodies(calls).at(-1)?.columns).toContain('flow_name');
    expect(headerTexts()).toContain('Flow Name');
    expect(cellTexts()[0]).toContain('Purchase flow');
  });

  it('shows the columns a user picks, empty or not, once they use the chooser', async () => {
    const calls = mockPage();
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    expect(headerTexts()).not.toContain('Expire At');
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const chooser = await screen.findByTestId('column-chooser');
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Expire At' }));
    await waitFor(() => expect(headerTexts()).toContain('Expire At'));
    // What was left out stays out: the user's choice starts from what they saw.
    expect(headerTexts()).not.toContain('Flow Name');
    expect(tableBodies(calls).at(-1)?.columns).toContain('expire_at');
    expect(tableBodies(calls).at(-1)?.columns).not.toContain('flow_name');
  });

  it('shows a phone the first fields and the status only, unless the user picks columns', async () => {
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, matchesWidth(query, 390)));
    mockPage();
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    await waitFor(() =>
      expect(headerTexts().filter(Boolean)).toEqual(['Customer', 'Amount', 'Status', 'Actions']),
    );
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    const chooser = await screen.findByTestId('column-chooser');
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Created At' }));
    await waitFor(() =>
      expect(headerTexts().filter(Boolean)).toEqual([
        'Customer',
        'Amount',
        'Status',
        'Created At',
        'Actions',
      ]),
    );
  });

  it('pages, changes the page size and sorts on the server', async () => {
    const calls = mockPage({ [TABLE]: ok(table([row('r-1', { customer: 'Acme' })], 25)) });
    const view = renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ page: 2, length: 10 }));

    const sizer = view.container.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizer.querySelector('.ant-select-selector') ?? sizer);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
    fireEvent.click(await screen.findByText('50 / page', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ page: 1, length: 50 }));

    fireEvent.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() =>
      expect(tableBodies(calls).at(-1)).toMatchObject({
        page: 1,
        orders: [{ column: 'amount', dir: 'asc' }],
      }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() =>
      expect(tableBodies(calls).at(-1)).toMatchObject({ orders: [{ column: 'amount', dir: 'desc' }] }),
    );
  });

  it('searches after typing stops and refuses special characters', async () => {
    const calls = mockPage();
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const search = screen.getByLabelText('Search entries');
    fireEvent.change(search, { target: { value: 'ac<me' } });
    expect(await screen.findByText('Search value cannot contain special characters')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'acme' } });
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ search: 'acme', page: 1 }));
    expect(tableBodies(calls).some((body) => String(body.search).includes('<'))).toBe(false);
    expect(screen.queryByText('Search value cannot contain special characters')).toBeNull();
  });

  it('starts from the saved view: columns, page size, sort and filters', async () => {
    const saved = {
      columns: ['amount', 'customer', 'nope'],
      pageSize: 20,
      orders: [{ column: 'amount', dir: 'desc' }],
      filters: [{ field: 'amount', operator: 'gte', value: 10, ignoreCase: false, matchesAll: false }],
    };
    const calls = mockPage({ [CONFIG]: ok({ scope: 'user', data: saved }) });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    expect(tableBodies(calls)).toHaveLength(1);
    expect(tableBodies(calls)[0]).toMatchObject({
      length: 20,
      columns: ['amount', 'customer'],
      orders: [{ column: 'amount', dir: 'desc' }],
      filters: saved.filters,
    });
    expect(headerTexts().filter(Boolean)).toEqual(['Amount', 'Customer', 'Actions']);
    expect(screen.getByTestId('filter-chip').textContent).toBe('Amount is at least 10');
  });

  it('opens an entry on click and on Enter', async () => {
    mockPage();
    const view = renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const entry = view.container.querySelector('tr[data-row-key="r-1"]') as HTMLElement;
    entry.focus();
    fireEvent.keyDown(entry, { key: 'Enter' });
    expect((await screen.findByTestId('item-editor')).textContent).toBe(`${MODULE_ID}/r-1`);
  });

  it('offers New entry from the empty list and Clear filters when nothing matches', async () => {
    mockPage({ [TABLE]: ok(table([], 0)) });
    const first = renderPage();
    const empty = await screen.findByTestId('records-empty');
    expect(within(empty).getByText('No entries yet.')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: /New entry/ }));
    expect((await screen.findByTestId('item-editor')).textContent).toBe(`${MODULE_ID}/new`);
    first.unmount();

    const calls = mockPage({
      [TABLE]: (call) =>
        JSON.parse(call.body ?? '{}').search
          ? ok(table([], 5, 0))
          : ok(table([row('r-1', { customer: 'Acme' })], 5)),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    const search = screen.getByLabelText('Search entries') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'zzz' } });
    const none = await screen.findByTestId('records-no-matches');
    fireEvent.click(within(none).getByRole('button', { name: 'Clear filters' }));
    expect(search.value).toBe('');
    await waitFor(() => expect(cellTexts()[0]).toContain('Acme'));
    await waitFor(() => expect(tableBodies(calls).at(-1)).toMatchObject({ search: '', filters: [] }));
  });

  it('says "about" for an estimated total', async () => {
    const calls = mockPage({
      [SUMMARY]: ok({ ...summary, total: 1_250_000, countIsEstimate: true, estimates: ['total'] }),
    });
    renderPage(`/module/${MODULE_ID}?from=applications`);
    expect((await screen.findByTestId('summary-total')).textContent).toContain('about 1,250,000');
    // The apps page counted the click that opened this app already.
    expect(bodiesOf(calls, APPS_PATHS.usage)).toEqual([]);
  });

  it('shows the not-found state for an unknown app and a retry for other failures', async () => {
    const calls = mockPage({ [FORM]: fail(404, 'This app does not exist.') });
    const first = renderPage();
    expect(await screen.findByText('App not found')).toBeTruthy();
    expect(bodiesOf(calls, APPS_PATHS.usage)).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Back to apps' }));
    expect(await screen.findByTestId('applications')).toBeTruthy();
    first.unmount();

    mockPage({ [TABLE]: fail(400, 'This filter value does not suit the field.') });
    renderPage();
    expect(await screen.findByText('This filter value does not suit the field.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offers creating, deleting and everyone’s view only to those allowed', async () => {
    mockPage({
      [FORM]: ok({ ...form, can: { create: false, edit: false, delete: false, configureForAll: false } }),
    });
    const view = renderPage();
    await waitFor(() => expect(cellTexts()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /New entry/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import CSV/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Apply to all users/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(view.container.querySelector('tr[data-row-key="r-1"] input[type="checkbox"]')).toBeNull();
    expect(screen.getByRole('button', { name: /Save view/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('lists the caller’s drafts in their own tab', async () => {
    const calls = mockPage({
      'POST /api/EntryModule/draftdatatables': ok(
        table([
          row('d-1', { customer: 'Draft Co' }, { is_draft: true, status: 'Draft', display_status: 'Draft' }),
        ]),
      ),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'My drafts (4)' }));
    await waitFor(() => expect(cellTexts('drafts')[0]).toContain('Draft Co'));
    expect(bodiesOf(calls, RECORDS_PATHS.draftDatatables)[0]).toMatchObject({ moduleId: MODULE_ID, page: 1 });
    expect(calls.some((call) => call.url.includes('tabConfig=drafts'))).toBe(true);
  });
});
