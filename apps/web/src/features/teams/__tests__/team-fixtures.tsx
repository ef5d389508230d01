import type { TeamDetail, TeamRecord, TeamUserOption } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { TeamManagementPage } from '../pages/team-management-page.tsx';

export const mia: TeamUserOption = {
  id: 'u-2',
  username: 'mia',
  fullname: 'Mia Moss',
  email: 'mia@acme.example',
};
export const max: TeamUserOption = {
  id: 'u-3',
  username: 'max',
  fullname: 'Max Muster',
  email: 'max@acme.example',
};

export const finance: TeamRecord = {
  id: 't-1',
  team_name: 'Finance',
  description: 'Money people',
  lead: { id: mia.id, fullname: mia.fullname },
  member_count: 1,
  created_at: '2026-01-02T10:00:00.000Z',
};
export const ops: TeamRecord = {
  id: 't-2',
  team_name: 'Ops',
  description: '',
  lead: null,
  member_count: 0,
  created_at: '2026-01-03T10:00:00.000Z',
};

export const financeDetail: TeamDetail = {
  ...finance,
  modified_at: '2026-01-02T10:00:00.000Z',
  members: [{ ...mia, is_active: true, is_lead: true }],
};

export const tablePage = (records: TeamRecord[], filtered = records.length) => ({
  records,
  recordsTotal: Math.max(filtered, records.length),
  recordsFiltered: filtered,
});

export const userPage = (records: TeamUserOption[]) => ({
  records,
  recordsFiltered: records.length,
  page: 1,
  hasMore: false,
});

/** The teams page at `path` inside a memory router, with a stand-in user detail page to land on. */
export function renderTeams(path: string) {
  authStore.signIn(adminSession);
  const page = (
    <Suspense fallback={null}>
      <TeamManagementPage />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/settings/team-management', element: page },
      { path: '/settings/team-management/detail', element: page },
      { path: '/settings/user-detail', element: <p>user detail page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

export const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
