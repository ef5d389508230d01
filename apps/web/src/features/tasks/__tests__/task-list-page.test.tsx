import { APPS_PATHS, TASK_ACTION_PATHS, TASK_PATHS, WORKFLOW_PATHS } from '@formloop/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { readTaskListPosition, resetTaskListPosition, TASK_LIST_POSITION_KEY } from '../index.ts';
import { postsTo, renderTasks, taskPage, taskRow, userSession } from './fixtures.tsx';

const LIST = `POST ${TASK_PATHS.datatables}`;
const TEAM = `POST ${TASK_PATHS.byTeam}`;
const APPS = `GET ${APPS_PATHS.listApplications}`;
const apps = ok([
  { id: 'app-1', display_name: 'Invoices' },
  { id: 'app-2', display_name: 'Leave requests' },
]);

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim() ?? '');
const tab = (name: string) => screen.getByRole('tab', { name });

describe('task list', { timeout: 120_000 }, () => {
  it('lists my open tasks with the spec’s columns and opens one on its entry', async () => {
    const calls = mockFetch({
      [LIST]: ok(taskPage([taskRow(1), taskRow(2, { task_type: 'UserTask' })])),
      [APPS]: apps,
    });
    const { router } = renderTasks('/tasks');
    expect(await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(postsTo(calls, TASK_PATHS.datatables)).toEqual([
      { page: 1, length: 10, search: '', orders: [], tab: 'tasks' },
    ]);
    expect(headers()).toEqual(
      expect.arrayContaining(['App', 'Step', 'Type', 'Assigned by', 'Started by', 'Received on']),
    );
    expect(headers()).not.toContain('Completed on');
    const row = screen.getByText('Manager approval 2').closest('tr') as HTMLElement;
    expect(within(row).getByText('Task')).toBeTruthy();
    expect(within(row).getByText('Bea Builder')).toBeTruthy();
    expect(within(row).getByText('Carl Clerk')).toBeTruthy();
    expect(screen.getByText('Tasks: 2')).toBeTruthy();

    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/task-editor/app-1/r-2/t-2'));
  });

  it('asks each tab’s endpoint: team without a team id, completed with its columns', async () => {
    const done = taskRow(3, {
      status: 'Completed',
      completed_on: '2026-03-06T09:00:00.000Z',
      outcome: 'Reject',
    });
    const calls = mockFetch({
      [LIST]: (call) =>
        ok(taskPage(JSON.parse(call.body ?? '{}').tab === 'completed' ? [done] : [taskRow(1)])),
      [TEAM]: ok(taskPage([taskRow(2, { activity_title: 'Team review' })])),
      [APPS]: apps,
    });
    renderTasks('/tasks');
    await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 });

    fireEvent.click(tab('Team tasks'));
    expect(await screen.findByText('Team review')).toBeTruthy();
    expect(postsTo(calls, TASK_PATHS.byTeam)).toEqual([{ page: 1, length: 10, search: '', orders: [] }]);

    fireEvent.click(tab('Completed'));
    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(postsTo(calls, TASK_PATHS.datatables).at(-1)).toEqual({
      page: 1,
      length: 10,
      search: '',
      orders: [],
      tab: 'completed',
    });
    expect(headers()).toEqual(expect.arrayContaining(['Completed on', 'Outcome']));
    expect(readTaskListPosition().tab).toBe('completed');
  });

  it('sorts by a column and searches 500 ms after typing stops', async () => {
    const calls = mockFetch({ [LIST]: ok(taskPage([taskRow(1)])), [APPS]: apps });
    renderTasks('/tasks');
    await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('columnheader', { name: /Step/ }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_PATHS.datatables).at(-1)).toMatchObject({
        orders: [{ column: 'activity_title', dir: 'asc' }],
      }),
    );
    const before = postsTo(calls, TASK_PATHS.datatables).length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by app or step' }), {
      target: { value: 'invo' },
    });
    // Nothing is sent while typing; the settled text is.
    expect(postsTo(calls, TASK_PATHS.datatables)).toHaveLength(before);
    await waitFor(() =>
      expect(postsTo(calls, TASK_PATHS.datatables).at(-1)).toMatchObject({ search: 'invo', page: 1 }),
    );
  });

  it('restores the remembered tab, page, app and page size, and Home resets them', async () => {
    sessionStorage.setItem(
      TASK_LIST_POSITION_KEY,
      JSON.stringify({ tab: 'completed', page: 2, moduleId: 'app-2', length: 20 }),
    );
    const calls = mockFetch({ [LIST]: ok(taskPage([taskRow(1)], 30)), [APPS]: apps });
    renderTasks('/tasks');
    await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 });
    expect(postsTo(calls, TASK_PATHS.datatables)[0]).toEqual({
      page: 2,
      length: 20,
      search: '',
      orders: [],
      moduleId: 'app-2',
      tab: 'completed',
    });
    expect(tab('Completed').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Leave requests')).toBeTruthy();

    // The sidebar's Home entry calls this (spec §2): tab Tasks, page 1, no app; the page follows at once.
    act(() => resetTaskListPosition());
    await waitFor(() =>
      expect(postsTo(calls, TASK_PATHS.datatables).at(-1)).toEqual({
        page: 1,
        length: 20,
        search: '',
        orders: [],
        tab: 'tasks',
      }),
    );
    expect(tab('My tasks').getAttribute('aria-selected')).toBe('true');
  });

  it('remembers a page change for the next visit', async () => {
    const calls = mockFetch({
      [LIST]: (call) => {
        const page = Number(JSON.parse(call.body ?? '{}').page);
        return ok(taskPage([taskRow(page * 10)], 25));
      },
      [APPS]: apps,
    });
    renderTasks('/tasks');
    await screen.findByText('Manager approval 10', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Manager approval 20')).toBeTruthy();
    expect(readTaskListPosition()).toMatchObject({ tab: 'tasks', page: 2 });
    expect(postsTo(calls, TASK_PATHS.datatables).at(-1)).toMatchObject({ page: 2 });
  });

  it('says when there is nothing, and when nothing matches', async () => {
    mockFetch({ [LIST]: ok(taskPage([])), [APPS]: apps });
    renderTasks('/tasks');
    expect(await screen.findByText('You have no open tasks.', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by app or step' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('No tasks match your search or app filter.')).toBeTruthy();
  });

  it('lets settings roles reassign the selected tasks to one user', async () => {
    const calls = mockFetch({
      [LIST]: ok(taskPage([taskRow(1), taskRow(2)])),
      [APPS]: apps,
      [`GET ${WORKFLOW_PATHS.lookupAssigneeByRecord}`]: ok([
        { approver_id: 'u-7', type: 'user', name: 'Max Muster', email: 'max@demo.test' },
      ]),
      [`POST ${TASK_ACTION_PATHS.reassignTasks}`]: ok({ reassigned: 2 }),
    });
    renderTasks('/tasks');
    await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 });
    const button = screen.getByRole('button', { name: /Reassign selected \(0\)/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: /Reassign selected \(2\)/ }));

    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('Max Muster (max@demo.test)', { selector: '.ant-select-item-option-content' }),
    );
    // Only the first selected task's record decides who may be picked.
    expect(calls.some((call) => call.url.includes('recordId=r-1'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() =>
      expect(postsTo(calls, TASK_ACTION_PATHS.reassignTasks)).toEqual([
        { taskIds: ['t-1', 't-2'], assignTo: 'u-7' },
      ]),
    );
    expect(await screen.findByText('Tasks reassigned: 2')).toBeTruthy();
  });

  it('offers no selection or bulk reassign to other users', async () => {
    mockFetch({ [LIST]: ok(taskPage([taskRow(1)])), [APPS]: apps });
    renderTasks('/tasks', userSession);
    await screen.findByText('Manager approval 1', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reassign selected/ })).toBeNull();
  });
});
