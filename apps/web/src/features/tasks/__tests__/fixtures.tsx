import type { SessionToken, TaskDetail, TaskRow, WorkflowHistoryEntry } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { TaskEditorPage } from '../pages/task-editor-page.tsx';
import { TaskListPage } from '../pages/task-list-page.tsx';

// The namespaces load lazily in the app; up front here so the first render does not wait for them.
beforeAll(async () => {
  await i18n.loadNamespaces(['tasks', 'itemEditor', 'formRenderer']);
});

export const taskRow = (n: number, extra: Partial<TaskRow> = {}): TaskRow => ({
  id: `t-${n}`,
  display_name: 'Invoices',
  activity_title: `Manager approval ${n}`,
  task_type: 'Approval',
  assigned_from_user: 'Bea Builder',
  record_started_by: 'Carl Clerk',
  started_on: '2026-03-04T08:00:00.000Z',
  module_id: 'app-1',
  record_id: `r-${n}`,
  activity_id: 'approve-1',
  status: 'Open',
  completed_on: null,
  outcome: null,
  ...extra,
});

export const taskPage = (rows: TaskRow[], total = rows.length) => ({
  data: rows,
  recordsTotal: total,
  recordsFiltered: total,
});

export const taskDetail = (extra: Partial<TaskDetail> = {}): TaskDetail => ({
  ...taskRow(1, { record_id: 'r-1' }),
  actions: ['Approve', 'Reject'],
  canAct: true,
  sendBackTargets: [
    { activityId: 'fs-start', displayName: 'Initiator' },
    { activityId: 'review-1', displayName: 'Manager review' },
  ],
  reassignmentDisabled: false,
  assignees: [{ id: 'u-1', name: 'Ada Admin' }],
  ...extra,
});

export const historyEntry = (extra: Partial<WorkflowHistoryEntry> = {}): WorkflowHistoryEntry => ({
  activityId: 'approve-1',
  activityName: 'Manager approval',
  activityType: 'Approval',
  initiatedBy: 'Bea Builder',
  Results: [],
  Assignee: '',
  ActionType: 'Approve',
  Outcomes: ['Approve'],
  ApprovalHistory: [],
  createdOn: '2026-03-05T10:00:00.000Z',
  ...extra,
});

/** A plain user: no settings role, no builder rights. */
export const userSession: SessionToken = {
  ...adminSession,
  isFullUser: false,
  isConsultant: false,
  isSysAdmin: false,
  isAdministrator: false,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The task list and editor at `path`, with a stand-in for the record list, as the app routes them. */
export function renderTasks(path: string, session: SessionToken = adminSession) {
  authStore.signIn(session);
  const wrap = (element: ReactNode) => (
    <Suspense fallback={null}>
      {element}
      <Where />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/tasks', element: wrap(<TaskListPage />) },
      { path: '/task-editor/:moduleId/:recordId/:taskId', element: wrap(<TaskEditorPage />) },
      { path: '/module/:moduleId', element: wrap(<p>record list</p>) },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

/** The JSON bodies of the POSTs to `path` (query string ignored). */
export const postsTo = (calls: { method: string; url: string; body: string | undefined }[], path: string) =>
  calls
    .filter((call) => call.method === 'POST' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);
