import {
  RECORDS_PATHS,
  TASK_ACTION_PATHS,
  WORKFLOW_MESSAGES,
  recordPath,
  workflowHistoryPath,
  type RecordRow,
} from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { recordDetail, renderEditor } from '../../item-editor/__tests__/fixtures.tsx';
import { historyEntry, postsTo, userSession } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HISTORY = `GET ${workflowHistoryPath('app-1', 'r-1').split('?')[0]}`;
const DETAIL = `GET ${recordPath.detail('r-1')}`;
const COMMENTS = `GET ${RECORDS_PATHS.loadComment}`;
const noComments = ok({ comments: [], total: 0, hasMore: false });

/** A submitted entry whose workflow is running; started by the admin of the test session (u-1). */
const running = (extra: Partial<RecordRow> = {}) =>
  recordDetail(
    { editable: false, activityId: 'fs-complete' },
    {
      is_draft: false,
      status: 'In Progress',
      display_status: 'In Progress - Running',
      workflow_status: 'Running',
      workflow_instance_id: 'wi-1',
      workflow_initiator_user: 'u-1',
      ...extra,
    },
  );

const history = [
  historyEntry({ ActionType: 'Started', activityName: 'Start', Outcomes: [], initiatedBy: 'Ada Admin' }),
  historyEntry({ ActionType: 'Reassigned', Outcomes: [], Assignee: 'Max Muster', Results: [] }),
  historyEntry({
    ActionType: 'Reject',
    Outcomes: ['Reject'],
    Results: [{ author_name: 'Bea Builder', message: 'Over budget' }],
  }),
];

const panel = async () => within(await screen.findByTestId('workflow-panel', undefined, { timeout: 15_000 }));

describe('workflow history and record actions', { timeout: 120_000 }, () => {
  it('shows the entry’s status and every workflow step, translated, with who, assignee, outcome and message', async () => {
    mockFetch({ [DETAIL]: ok(running()), [COMMENTS]: noComments, [HISTORY]: ok(history) });
    renderEditor('/item-editor/app-1/r-1');
    const workflow = await panel();
    await waitFor(() => expect(workflow.getAllByTestId('history-entry')).toHaveLength(3));
    const [started, reassigned, rejected] = workflow.getAllByTestId('history-entry');
    expect(started?.textContent).toContain('Started · Start');
    expect(started?.textContent).toContain('By Ada Admin');
    expect(reassigned?.textContent).toContain('Reassigned · Manager approval');
    expect(reassigned?.textContent).toContain('Assigned to Max Muster');
    expect(rejected?.textContent).toContain('Rejected · Manager approval');
    expect(rejected?.textContent).toContain('Outcome: Rejected');
    expect(rejected?.textContent).toContain('Over budget');
    expect(workflow.getAllByText(/2026/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('header-status').textContent).toBe('In Progress - Running');
  });

  it('lets the initiator withdraw a running entry after confirming, then reloads it', async () => {
    let withdrawn = false;
    const calls = mockFetch({
      [DETAIL]: () =>
        ok(
          withdrawn
            ? recordDetail({}, { workflow_instance_id: 'wi-1', workflow_initiator_user: 'u-1' })
            : running(),
        ),
      [COMMENTS]: noComments,
      [HISTORY]: ok(history),
      [`POST ${TASK_ACTION_PATHS.withdraw}`]: () => {
        withdrawn = true;
        return ok({ recordId: 'r-1', workflowStatus: null });
      },
    });
    renderEditor('/item-editor/app-1/r-1');
    fireEvent.click((await panel()).getByRole('button', { name: /Withdraw/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Withdraw this entry?')).toBeTruthy();
    expect(postsTo(calls, TASK_ACTION_PATHS.withdraw)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(postsTo(calls, TASK_ACTION_PATHS.withdraw)).toEqual([{ recordId: 'r-1' }]));
    expect(await screen.findByText('The entry has been withdrawn. It is a draft again.')).toBeTruthy();
    // The entry is read again: a draft now, so there is nothing to withdraw any more.
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/detail'))).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull());
  });

  it('restarts the workflow, and says "Error restarting process" when that fails', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(
        running({ status: 'Completed', display_status: 'Completed', workflow_status: 'Finished' }),
      ),
      [COMMENTS]: noComments,
      [HISTORY]: ok(history),
      [`POST ${TASK_ACTION_PATHS.restart}`]: fail(500, 'Internal Server Error'),
    });
    renderEditor('/item-editor/app-1/r-1');
    const workflow = await panel();
    // Completed: nothing to withdraw, but it can start over.
    expect(workflow.queryByRole('button', { name: /Withdraw/ })).toBeNull();
    fireEvent.click(workflow.getByRole('button', { name: /Restart/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Prices changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.restart)).toEqual([
        { recordId: 'r-1', message: 'Prices changed' },
      ]),
    );
    expect(await screen.findByText(WORKFLOW_MESSAGES.restartFailed)).toBeTruthy();
  });

  it('offers neither action to someone who did not start the entry and builds no apps', async () => {
    mockFetch({
      [DETAIL]: ok(running({ workflow_initiator_user: 'u-9' })),
      [COMMENTS]: noComments,
      [HISTORY]: ok([]),
    });
    renderEditor('/item-editor/app-1/r-1');
    // renderEditor signs in the administrator; this test is about a plain user.
    authStore.signIn(userSession);
    const workflow = await panel();
    expect(await workflow.findByText('Nothing has happened in the workflow yet.')).toBeTruthy();
    expect(workflow.queryByRole('button', { name: /Withdraw|Restart/ })).toBeNull();
  });

  it('shows no workflow panel for a draft that never ran', async () => {
    const calls = mockFetch({ [DETAIL]: ok(recordDetail()), [COMMENTS]: noComments });
    renderEditor('/item-editor/app-1/r-1');
    await screen.findByTestId('record-info', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('workflow-panel')).toBeNull();
    expect(calls.some((call) => call.url.includes('workflowhistory'))).toBe(false);
  });
});
