import {
  PROCESS_ENGINE_MESSAGES,
  PROCESS_ENGINE_PATHS as PE,
  processInstancePath,
  processInstanceRetryPath,
} from '@formloop/contracts';
import { formatMessage } from '@formloop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { ProcessEnginePage } from '../pages/process-engine-page.tsx';
import {
  counts,
  definition,
  emailRow,
  faultedDetail,
  instanceList,
  instanceRow,
  postsTo,
  renderPage,
} from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FAULTED = instanceRow(1, {
  status: 'Faulted',
  faulted_on: '2026-03-04T08:00:01.000Z',
  fault_message: 'Assignee for Checker is no longer available',
});
const LIST = instanceList([FAULTED, instanceRow(2)], counts({ Suspended: 1, Faulted: 1 }));

const page = () => renderPage(<ProcessEnginePage />);
const openTab = async (name: string) => {
  fireEvent.click(await screen.findByRole('tab', { name }));
};

describe('Process engine page', { timeout: 60_000 }, () => {
  it('lists the definitions with their instances by status, and opens an app’s faulted instances', async () => {
    const calls = mockFetch({
      [`GET ${PE.definitions}`]: ok([definition()]),
      [`POST ${PE.instances}`]: ok(LIST),
    });
    page();
    const table = within(await screen.findByTestId('definitions-table'));
    expect(await table.findByText('Expense claims')).toBeTruthy();
    expect(table.getByText('Waiting: 5')).toBeTruthy();
    expect(table.getByText('Finished: 7')).toBeTruthy();
    expect(table.queryByText(/Running/)).toBeNull();
    // The dashboard opens in a new tab.
    const dashboardLink = screen.getByRole('link', { name: /Open process dashboard/ });
    expect(dashboardLink.getAttribute('href')).toBe('/process/dashboard');
    expect(dashboardLink.getAttribute('target')).toBe('_blank');

    fireEvent.click(table.getByRole('button', { name: 'Show the Faulted instances of Expense claims (2)' }));
    await waitFor(() =>
      expect(postsTo(calls, PE.instances).at(-1)).toEqual({
        page: 1,
        length: 10,
        search: '',
        moduleId: 'app-1',
        status: 'Faulted',
      }),
    );
    expect(await screen.findByRole('tab', { name: 'Faulted (1)', selected: true })).toBeTruthy();
  });

  it('shows the instances with status tabs and counts, and filters by status and record', async () => {
    const calls = mockFetch({
      [`GET ${PE.definitions}`]: ok([definition()]),
      [`POST ${PE.instances}`]: ok(LIST),
    });
    page();
    await openTab('Instances');
    const table = within(await screen.findByTestId('instances-table'));
    expect(await table.findAllByText('Expense claims')).toHaveLength(2);
    expect(table.getByText('Faulted')).toBeTruthy();
    expect(table.getAllByText('Checker')).toHaveLength(2);
    expect(table.getByRole('link', { name: '00000001' }).getAttribute('href')).toBe(
      `/item-editor/app-1/${FAULTED.record_id}`,
    );
    expect(screen.getByRole('tab', { name: 'All (2)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Waiting (1)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Waiting (1)' }));
    await waitFor(() => expect(postsTo(calls, PE.instances).at(-1)).toMatchObject({ status: 'Suspended' }));
    const search = screen.getByRole('searchbox', { name: 'Search by record' });
    fireEvent.change(search, { target: { value: ' 0000 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(postsTo(calls, PE.instances).at(-1)).toMatchObject({
        search: '0000',
        status: 'Suspended',
        page: 1,
      }),
    );
  });

  it('opens a faulted instance’s error and retries it after confirming', async () => {
    let retried = false;
    const calls = mockFetch({
      [`GET ${PE.definitions}`]: ok([definition()]),
      [`POST ${PE.instances}`]: () => ok(retried ? instanceList([instanceRow(1)]) : LIST),
      [`GET ${processInstancePath('wi-1')}`]: () =>
        ok(retried ? { ...faultedDetail(), status: 'Suspended', fault_activity: null } : faultedDetail()),
      [`POST ${processInstanceRetryPath('wi-1')}`]: () => {
        retried = true;
        return ok(
          { id: 'wi-1', record_id: FAULTED.record_id, status: 'Suspended', fault_message: null },
          PROCESS_ENGINE_MESSAGES.retried,
        );
      },
    });
    page();
    await openTab('Instances');
    fireEvent.click(await screen.findByRole('row', { name: 'Open the Faulted instance of Expense claims' }));
    const drawer = within(await screen.findByTestId('instance-drawer'));
    const fault = within(await drawer.findByTestId('fault-panel'));
    expect(fault.getByText('Faulted at Checker')).toBeTruthy();
    expect(fault.getByTestId('fault-message').textContent).toBe(
      'Assignee for Checker is no longer available',
    );
    expect(drawer.getAllByTestId('instance-history-entry').map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Started · Start'),
      expect.stringContaining('Failed · Checker'),
    ]);

    fireEvent.click(fault.getByRole('button', { name: 'Retry' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('The workflow runs Checker again, from where it failed.')).toBeTruthy();
    expect(postsTo(calls, processInstanceRetryPath('wi-1'))).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('The workflow instance was retried and runs on.')).toBeTruthy();
    expect(postsTo(calls, processInstanceRetryPath('wi-1'))).toEqual([{}]);
    // Everything is read again: the instance waits now, and its fault is gone.
    await waitFor(() => expect(drawer.queryByTestId('fault-panel')).toBeNull());
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Waiting (1)' })).toBeTruthy());
  });

  it('says why when the retry faults again, or when the instance was no longer faulted', async () => {
    let answer = ok(
      {
        id: 'wi-1',
        record_id: FAULTED.record_id,
        status: 'Faulted',
        fault_message: 'Assignee for Checker is no longer available',
      },
      formatMessage(PROCESS_ENGINE_MESSAGES.faultedAgain, {
        message: 'Assignee for Checker is no longer available',
      }),
    );
    mockFetch({
      [`GET ${PE.definitions}`]: ok([definition()]),
      [`POST ${PE.instances}`]: ok(LIST),
      [`GET ${processInstancePath('wi-1')}`]: ok(faultedDetail()),
      [`POST ${processInstanceRetryPath('wi-1')}`]: () => answer,
    });
    page();
    await openTab('Instances');
    fireEvent.click(await screen.findByRole('row', { name: 'Open the Faulted instance of Expense claims' }));
    const retry = async () => {
      const fault = within(await screen.findByTestId('fault-panel'));
      fireEvent.click(fault.getByRole('button', { name: 'Retry' }));
      const confirm = await screen.findByRole('tooltip');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Retry' }));
    };
    await retry();
    expect(
      await screen.findByText(
        'The workflow instance was retried but faulted again: Assignee for Checker is no longer available',
      ),
    ).toBeTruthy();

    answer = fail(409, formatMessage(PROCESS_ENGINE_MESSAGES.notFaulted, { status: 'Finished' }));
    await retry();
    expect(
      await screen.findByText('Only a faulted workflow instance can be retried; this one is Finished.'),
    ).toBeTruthy();
  });

  it('lists the e-mail log and filters it by status', async () => {
    const calls = mockFetch({
      [`GET ${PE.definitions}`]: ok([]),
      [`POST ${PE.emailLog}`]: ok({
        records: [
          emailRow(1),
          emailRow(2, {
            event: 'rejected',
            status: 'failed',
            attempts: 3,
            error: 'connect ECONNREFUSED',
            sent_on: null,
          }),
        ],
        recordsTotal: 2,
        recordsFiltered: 2,
        estimated: false,
      }),
    });
    page();
    await openTab('E-mail log');
    const table = within(await screen.findByTestId('email-log-table'));
    expect(await table.findByText('Claim 1 submitted')).toBeTruthy();
    expect(table.getAllByText('a@acme.example, b@acme.example')).toHaveLength(2);
    expect(table.getByText('Rejected')).toBeTruthy();
    expect(table.getAllByText('connect ECONNREFUSED').length).toBeGreaterThan(0);
    const tags = table.getAllByText(/^(Sent|Failed|Queued)$/, { selector: '.ant-tag' });
    expect(tags.map((tag) => tag.textContent)).toEqual(['Sent', 'Failed']);
    expect(postsTo(calls, PE.emailLog)[0]).toEqual({ page: 1, length: 10, search: '' });

    fireEvent.click(screen.getByText('Failed', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(postsTo(calls, PE.emailLog).at(-1)).toEqual({
        page: 1,
        length: 10,
        search: '',
        status: 'failed',
      }),
    );
  });

  it('shows empty and failed states', async () => {
    mockFetch({
      [`GET ${PE.definitions}`]: ok([]),
      [`POST ${PE.instances}`]: fail(403, 'You do not have permission to access this resource.'),
      [`POST ${PE.emailLog}`]: ok({ records: [], recordsTotal: 0, recordsFiltered: 0, estimated: false }),
    });
    page();
    expect(await screen.findByText('No app has a published workflow yet.')).toBeTruthy();
    await openTab('Instances');
    expect(
      await screen.findByText('The workflow instances could not be loaded.', undefined, { timeout: 20_000 }),
    ).toBeTruthy();
    await openTab('E-mail log');
    expect(await screen.findByText('No event e-mails have been sent yet.')).toBeTruthy();
  });
});
