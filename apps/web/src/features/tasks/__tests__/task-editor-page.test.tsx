import {
  RECORDS_MESSAGES,
  RECORDS_PATHS,
  TASK_ACTION_PATHS,
  TASK_PATHS,
  WORKFLOW_MESSAGES,
  WORKFLOW_PATHS,
  recordPath,
  taskDetailPath,
  workflowHistoryPath,
  type TaskDetail,
} from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { recordDetail, recordRow } from '../../item-editor/__tests__/fixtures.tsx';
import { shellKeys } from '../../shell/api.ts';
import { TASK_LIST_POSITION_KEY } from '../index.ts';
import { postsTo, renderTasks, taskDetail } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const PATH = '/task-editor/app-1/r-1/t-1';
const NOT_FOUND_TEXT = 'This task or its entry does not exist, or you may not open it.';
const submitted = {
  is_draft: false,
  status: 'In Progress' as const,
  display_status: 'In Progress - Running',
  workflow_status: 'Running',
  workflow_instance_id: 'wi-1',
  workflow_initiator_user: 'u-2',
};
const atTask = (editable = true) => recordDetail({ activityId: 'approve-1', editable }, submitted);

/** The calls every task editor makes: the task, the entry at it, its comments and its history. */
function editorCalls(
  task: TaskDetail,
  handlers: Record<string, Parameters<typeof mockFetch>[0][string]> = {},
) {
  return mockFetch({
    [`GET ${taskDetailPath('t-1')}`]: ok(task),
    [`GET ${recordPath.detail('r-1')}`]: ok(atTask(task.canAct)),
    [`GET ${RECORDS_PATHS.loadComment}`]: ok({ comments: [], total: 0, hasMore: false }),
    [`GET ${workflowHistoryPath('app-1', 'r-1').split('?')[0]}`]: ok([]),
    ...handlers,
  });
}

const bar = async () => within(await screen.findByTestId('task-action-bar', undefined, { timeout: 15_000 }));
/** The confirmation a decision opens: Confirm sends it (with the comment, when one is typed). */
async function confirmDecision(comment?: string) {
  const dialog = await screen.findByRole('dialog');
  if (comment !== undefined)
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: comment } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}
const title = () => screen.getByLabelText('Title') as HTMLInputElement;
const where = () => screen.getByTestId('where').textContent;

describe('task editor', { timeout: 120_000 }, () => {
  it('opens the entry at the task and approves it, then goes back to the tasks where they were', async () => {
    sessionStorage.setItem(TASK_LIST_POSITION_KEY, JSON.stringify({ tab: 'team', page: 3, moduleId: null }));
    const calls = editorCalls(taskDetail(), {
      [`POST ${TASK_ACTION_PATHS.approve}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    const { queryClient } = renderTasks(PATH);
    queryClient.setQueryData(shellKeys.taskTotal(), 3);
    const actions = await bar();
    expect(calls.some((call) => call.url === `${recordPath.detail('r-1')}?taskId=t-1`)).toBe(true);
    await waitFor(() => expect(title().value).toBe('Office chairs'));
    // The status of the submitted entry shows beside the app's name.
    expect(screen.getByTestId('header-status').textContent).toBe('In Progress - Running');
    // The editor's own Submit gives way to the task's actions.
    const header = screen.getByTestId('item-editor-header');
    expect(within(header).queryByRole('button', { name: /Submit/ })).toBeNull();
    // Its back arrow leads to the task list, where the task was opened from.
    expect(within(header).getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
      '/tasks',
    );

    fireEvent.click(actions.getByRole('button', { name: /Approve/ }));
    await confirmDecision();
    await waitFor(() => expect(where()).toBe('/tasks'));
    expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([{ task_id: 't-1', accepted: true }]);
    expect(await screen.findByText('The task has been approved.')).toBeTruthy();
    // The list is back on the remembered tab and page; the Home badge's count is asked again.
    await waitFor(() => expect(postsTo(calls, TASK_PATHS.byTeam).at(-1)).toMatchObject({ page: 3 }));
    expect(queryClient.getQueryState(shellKeys.taskTotal())?.isInvalidated).toBe(true);
  });

  it('saves unsaved changes with the task before acting', async () => {
    const calls = editorCalls(taskDetail(), {
      [`POST ${RECORDS_PATHS.save}`]: ok(recordRow({ ...submitted, data: { title: 'Desks', amount: 120 } })),
      [`POST ${TASK_ACTION_PATHS.approve}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    renderTasks(PATH);
    const actions = await bar();
    await waitFor(() => expect(title().value).toBe('Office chairs'));
    fireEvent.change(title(), { target: { value: 'Desks' } });
    fireEvent.click(actions.getByRole('button', { name: /Approve/ }));
    await confirmDecision();
    await waitFor(() => expect(where()).toBe('/tasks'));
    const order = calls
      .filter((call) => call.method === 'POST' && call.url.startsWith('/api/EntryModule/'))
      .map((call) => call.url.split('?')[0]);
    expect(order).toEqual([RECORDS_PATHS.save, TASK_ACTION_PATHS.approve]);
    expect(postsTo(calls, RECORDS_PATHS.save)[0]).toMatchObject({
      recordId: 'r-1',
      taskId: 't-1',
      data: { title: 'Desks' },
    });
  });

  it('asks to confirm an approval, with an optional comment sent as its description', async () => {
    const calls = editorCalls(taskDetail(), {
      [`POST ${TASK_ACTION_PATHS.approve}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    renderTasks(PATH);
    const actions = await bar();
    fireEvent.click(actions.getByRole('button', { name: /Approve/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve this task?')).toBeTruthy();
    // The comment box takes what is typed at once.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox')));
    // Cancel sends nothing and stays on the task.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([]);
    expect(where()).toBe(PATH);

    fireEvent.click(actions.getByRole('button', { name: /Approve/ }));
    dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByRole('textbox');
    fireEvent.change(comment, { target: { value: '  Fine by me  ' } });
    // Enter sends the dialog, like Confirm.
    fireEvent.keyDown(comment, { key: 'Enter' });
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([
        { task_id: 't-1', accepted: true, description: 'Fine by me' },
      ]),
    );
    await waitFor(() => expect(where()).toBe('/tasks'));
    expect(await screen.findByText('The task has been approved.')).toBeTruthy();
  });

  it('rejects only with a reason, and sends it as the description', async () => {
    const calls = editorCalls(taskDetail(), {
      [`POST ${TASK_ACTION_PATHS.approve}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    renderTasks(PATH);
    fireEvent.click((await bar()).getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(WORKFLOW_MESSAGES.rejectReasonRequired)).toBeTruthy();
    expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([]);

    const reason = within(dialog).getByRole('textbox');
    fireEvent.change(reason, { target: { value: 'Over budget' } });
    // Enter sends the dialog.
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([
        { task_id: 't-1', accepted: false, description: 'Over budget' },
      ]),
    );
    await waitFor(() => expect(where()).toBe('/tasks'));
  });

  it('sends the entry back to a step the server offers', async () => {
    const calls = editorCalls(taskDetail(), {
      [`POST ${TASK_ACTION_PATHS.goback}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    renderTasks(PATH);
    fireEvent.click((await bar()).getByRole('button', { name: /Send back/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(
      await screen.findByText('The person who submitted it', { selector: '.ant-select-item-option-content' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Manager review', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Please check the amounts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.goback)).toEqual([
        { taskId: 't-1', goBackToActivityId: 'review-1', message: 'Please check the amounts' },
      ]),
    );
    expect(await screen.findByText('The entry has been sent back.')).toBeTruthy();
  });

  it('reassigns to a user of the record’s app', async () => {
    const calls = editorCalls(taskDetail(), {
      [`GET ${WORKFLOW_PATHS.lookupAssigneeByRecord}`]: ok([
        { approver_id: 'u-1', type: 'user', name: 'Ada Admin' },
        { approver_id: 'u-7', type: 'user', name: 'Max Muster' },
      ]),
      [`POST ${TASK_ACTION_PATHS.reassignment}`]: ok({ reassigned: 1 }),
    });
    renderTasks(PATH);
    fireEvent.click((await bar()).getByRole('button', { name: /Reassign/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Max Muster', { selector: '.ant-select-item-option-content' }));
    // The current assignee is not offered.
    expect(screen.queryByText('Ada Admin', { selector: '.ant-select-item-option-content' })).toBeNull();
    expect(
      calls.some((call) => call.url.startsWith(`${WORKFLOW_PATHS.lookupAssigneeByRecord}?recordId=r-1`)),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.reassignment)).toEqual([{ taskId: 't-1', assignTo: 'u-7' }]),
    );
    await waitFor(() => expect(where()).toBe('/tasks'));
  });

  it('hides Reassign when the app disables it and Send back when there is nowhere to go', async () => {
    editorCalls(taskDetail({ reassignmentDisabled: true, sendBackTargets: [] }));
    renderTasks(PATH);
    const actions = await bar();
    expect(actions.getByRole('button', { name: /Approve/ })).toBeTruthy();
    expect(actions.queryByRole('button', { name: /Reassign/ })).toBeNull();
    expect(actions.queryByRole('button', { name: /Send back/ })).toBeNull();
  });

  it('offers a user task’s actions as buttons and sends the chosen outcome', async () => {
    const calls = editorCalls(taskDetail({ task_type: 'UserTask', actions: ['Done', 'Escalate'] }), {
      [`POST ${TASK_ACTION_PATHS.approve}`]: ok({ recordId: 'r-1', workflowStatus: 'Running' }),
    });
    renderTasks(PATH);
    const actions = await bar();
    expect(actions.queryByRole('button', { name: /Approve/ })).toBeNull();
    fireEvent.click(actions.getByRole('button', { name: 'Escalate' }));
    const dialog = await confirmDecision('Needs the director');
    expect(within(dialog).getByText('Complete this task as “Escalate”?')).toBeTruthy();
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.approve)).toEqual([
        { task_id: 't-1', outcome: 'Escalate', description: 'Needs the director' },
      ]),
    );
  });

  it('resubmits a returned entry with its values and the task', async () => {
    const calls = editorCalls(
      taskDetail({
        task_type: 'Resubmit',
        actions: ['Resubmit'],
        activity_id: 'fs-start',
        sendBackTargets: [],
      }),
      { [`POST ${RECORDS_PATHS.submit}`]: ok(recordRow(submitted)) },
    );
    renderTasks(PATH);
    const actions = await bar();
    await waitFor(() => expect(title().value).toBe('Office chairs'));
    fireEvent.change(title(), { target: { value: 'Office chairs (fixed)' } });
    fireEvent.click(actions.getByRole('button', { name: /Resubmit/ }));
    await waitFor(() => expect(where()).toBe('/tasks'));
    expect(postsTo(calls, RECORDS_PATHS.submit)).toEqual([
      {
        moduleId: 'app-1',
        recordId: 'r-1',
        taskId: 't-1',
        expectedModifiedOn: '2026-03-02T14:45:00.000Z',
        data: { title: 'Office chairs (fixed)', amount: 120 },
      },
    ]);
  });

  it('shows a task the caller cannot act on read-only, with the reason', async () => {
    editorCalls(taskDetail({ canAct: false, status: 'Completed', outcome: 'Approve' }));
    renderTasks(PATH);
    const notice = await screen.findByTestId('task-read-only', undefined, { timeout: 15_000 });
    expect(notice.textContent).toContain('This task has already been completed.');
    expect(notice.textContent).toContain('Approved');
    expect(screen.queryByTestId('task-action-bar')).toBeNull();
    await waitFor(() => expect(title().value).toBe('Office chairs'));
    expect(title().readOnly || title().disabled).toBe(true);
  });

  it('shows the server’s reason when the task was closed meanwhile, and turns read-only', async () => {
    let closed = false;
    editorCalls(taskDetail(), {
      [`GET ${taskDetailPath('t-1')}`]: () =>
        ok(taskDetail(closed ? { canAct: false, status: 'Completed' } : {})),
      [`POST ${TASK_ACTION_PATHS.approve}`]: () => {
        closed = true;
        return fail(409, WORKFLOW_MESSAGES.taskClosed);
      },
    });
    renderTasks(PATH);
    fireEvent.click((await bar()).getByRole('button', { name: /Approve/ }));
    await confirmDecision();
    expect(await screen.findByText(WORKFLOW_MESSAGES.taskClosed)).toBeTruthy();
    expect(await screen.findByTestId('task-read-only')).toBeTruthy();
    expect(where()).toBe(PATH);
  });

  it('says when the task does not exist', async () => {
    mockFetch({ [`GET ${taskDetailPath('t-1')}`]: fail(404, WORKFLOW_MESSAGES.taskNotFound) });
    renderTasks(PATH);
    expect(await screen.findByText('Task not found', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
  });

  it('never pairs the task title with a text about something else (the entry’s 404 names the app)', async () => {
    editorCalls(taskDetail(), {
      [`GET ${recordPath.detail('r-1')}`]: fail(404, RECORDS_MESSAGES.appNotFound),
    });
    renderTasks(PATH);
    expect(await screen.findByText('Task not found', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
    expect(screen.queryByText(RECORDS_MESSAGES.appNotFound)).toBeNull();
  });

  it('gives the reason of a refusal under its own title', async () => {
    mockFetch({ [`GET ${taskDetailPath('t-1')}`]: fail(403, WORKFLOW_MESSAGES.notAssignee) });
    renderTasks(PATH);
    expect(await screen.findByText('No access', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(WORKFLOW_MESSAGES.notAssignee)).toBeTruthy();
  });
});
