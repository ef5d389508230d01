import type {
  EmailLogRow,
  InstanceList,
  ProcessDashboard,
  ProcessDefinition,
  ProcessInstanceDetail,
  ProcessInstanceRow,
} from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';

// The namespaces load lazily in the app; up front here so the first render does not wait for them.
beforeAll(async () => {
  await i18n.loadNamespaces(['processEngine', 'validation']);
});

export const counts = (extra: Partial<InstanceList['statusCounts']> = {}) => ({
  Running: 0,
  Suspended: 0,
  Finished: 0,
  Faulted: 0,
  Cancelled: 0,
  ...extra,
});

export const definition = (extra: Partial<ProcessDefinition> = {}): ProcessDefinition => ({
  module_id: 'app-1',
  display_name: 'Expense claims',
  published_version: 3,
  published_on: '2026-03-01T09:00:00.000Z',
  activity_count: 4,
  instances: counts({ Suspended: 5, Faulted: 2, Finished: 7 }),
  ...extra,
});

export const instanceRow = (n: number, extra: Partial<ProcessInstanceRow> = {}): ProcessInstanceRow => ({
  id: `wi-${n}`,
  module_id: 'app-1',
  display_name: 'Expense claims',
  record_id: `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`,
  module_version: 3,
  status: 'Suspended',
  current_activities: [{ activityId: 'check', activityName: 'Checker' }],
  initiator_name: 'Ada Admin',
  started_on: '2026-03-04T08:00:00.000Z',
  finished_on: null,
  faulted_on: null,
  fault_message: null,
  ...extra,
});

export const instanceList = (
  records: ProcessInstanceRow[],
  statusCounts = counts({ Suspended: records.length }),
): InstanceList => ({
  records,
  recordsTotal: records.length,
  recordsFiltered: records.length,
  statusCounts,
  estimated: false,
});

export const faultedDetail = (extra: Partial<ProcessInstanceDetail> = {}): ProcessInstanceDetail => ({
  ...instanceRow(1, {
    status: 'Faulted',
    faulted_on: '2026-03-04T08:00:01.000Z',
    fault_message: 'Assignee for Checker is no longer available',
  }),
  fault_activity: { activityId: 'check', activityName: 'Checker' },
  returned_to_initiator: false,
  open_tasks: [],
  history: [
    {
      activityId: 'start',
      activityName: 'Start',
      activityType: 'Start',
      actionType: 'Started',
      outcome: null,
      message: null,
      assignee: null,
      initiatedBy: 'Ada Admin',
      createdOn: '2026-03-04T08:00:00.000Z',
    },
    {
      activityId: 'check',
      activityName: 'Checker',
      activityType: 'Approval',
      actionType: 'Faulted',
      outcome: null,
      message: 'Assignee for Checker is no longer available',
      assignee: null,
      initiatedBy: null,
      createdOn: '2026-03-04T08:00:01.000Z',
    },
  ],
  ...extra,
});

export const emailRow = (n: number, extra: Partial<EmailLogRow> = {}): EmailLogRow => ({
  id: `e-${n}`,
  created_on: '2026-03-04T08:00:00.000Z',
  event: 'submit',
  recipients: ['a@acme.example', 'b@acme.example'],
  subject: `Claim ${n} submitted`,
  status: 'sent',
  attempts: 1,
  error: null,
  sent_on: '2026-03-04T08:00:05.000Z',
  module_id: 'app-1',
  display_name: 'Expense claims',
  record_id: 'r-1',
  ...extra,
});

export const dashboard = (extra: Partial<ProcessDashboard> = {}): ProcessDashboard => ({
  counts: counts({ Suspended: 4, Finished: 9, Faulted: 2 }),
  estimated: false,
  throughput: [
    { day: '2026-03-03', started: 2, completed: 1, faulted: 0 },
    { day: '2026-03-04', started: 5, completed: 3, faulted: 2 },
  ],
  timeZone: 'Europe/Berlin',
  ...extra,
});

/** `page` at /process-engine (or `path`) with the real providers, in a memory router. */
export function renderPage(page: ReactNode, path = '/process-engine') {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      { path, element: <Suspense fallback={null}>{page}</Suspense> },
      { path: '/item-editor/:moduleId/:recordId', element: <p>item editor</p> },
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

/** The JSON bodies of the POSTs to `path`. */
export const postsTo = (calls: { method: string; url: string; body: string | undefined }[], path: string) =>
  calls
    .filter((call) => call.method === 'POST' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);
