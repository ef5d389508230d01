import type { ScheduleActivity, ScheduleDetail, ScheduleRow } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { SchedulerPage } from '../pages/scheduler-page.tsx';

export { recordForm } from '../../item-editor/__tests__/fixtures.tsx';

// The namespaces load lazily in the app; up front here so the first render does not wait for them.
beforeAll(async () => {
  await i18n.loadNamespaces(['scheduler', 'tasks', 'itemEditor', 'formRenderer', 'records']);
});

export const scheduleRow = (n: number, extra: Partial<ScheduleRow> = {}): ScheduleRow => ({
  schedule_id: `s-${n}`,
  module_id: 'app-1',
  name: `Morning report ${n}`,
  cron: '0 9 * * 1-5',
  time_zone: 'Asia/Kolkata',
  status: 'active',
  submit: true,
  next_run_at: '2026-03-09T03:30:00.000Z',
  last_run_at: null,
  run_as: 'u-1',
  run_as_name: 'Ada Admin',
  modified_on: '2026-03-01T10:00:00.000Z',
  ...extra,
});

export const scheduleDetail = (extra: Partial<ScheduleDetail> = {}): ScheduleDetail => ({
  ...scheduleRow(1),
  record_values: { title: 'Daily check', amount: 3 },
  created_by: 'u-1',
  created_by_name: 'Ada Admin',
  created_on: '2026-03-01T10:00:00.000Z',
  next_runs: [],
  ...extra,
});

export const activity = (n: number, extra: Partial<ScheduleActivity> = {}): ScheduleActivity => ({
  id: String(n),
  outcome: 'created',
  scheduled_for: '2026-03-06T03:30:00.000Z',
  ran_on: '2026-03-06T03:30:01.000Z',
  record_id: `r-${n}`,
  message: null,
  missed_count: null,
  user_name: null,
  ...extra,
});

export const NEXT_RUNS = [
  '2026-03-09T03:30:00.000Z',
  '2026-03-10T03:30:00.000Z',
  '2026-03-11T03:30:00.000Z',
  '2026-03-12T03:30:00.000Z',
  '2026-03-13T03:30:00.000Z',
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** The scheduler at `path`, routed as the app routes it. */
export function renderScheduler(path: string) {
  authStore.signIn(adminSession);
  const wrap = (element: ReactNode) => (
    <Suspense fallback={null}>
      {element}
      <Where />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/schedule-editor/:moduleId', element: wrap(<SchedulerPage />) },
      { path: '/schedule-editor/:moduleId/:recordId', element: wrap(<SchedulerPage />) },
      { path: '/module/:moduleId', element: wrap(<p>record list</p>) },
      { path: '/item-editor/:moduleId/:recordId', element: wrap(<p>item editor</p>) },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router };
}

/** The JSON bodies of the POSTs to `path` (query string ignored). */
export const postsTo = (calls: { method: string; url: string; body: string | undefined }[], path: string) =>
  calls
    .filter((call) => call.method === 'POST' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);
