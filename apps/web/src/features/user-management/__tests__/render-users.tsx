import type { ManagedUser, UserDataTable, UserLicence } from '@formloop/contracts';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import type { RecordedCall } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { UserDetailPage } from '../pages/user-detail-page.tsx';
import { UserManagementPage } from '../pages/user-management-page.tsx';

/** The user-management pages at `path`, behind the real providers, signed in as a system administrator. */
export function renderUsers(path: string) {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      { path: '/settings/user-management', element: <UserManagementPage /> },
      { path: '/settings/user-management/:license', element: <UserManagementPage /> },
      { path: '/settings/user-detail', element: <UserDetailPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
  return { ...view, router };
}

export const licences: UserLicence[] = [
  { kind: 'USER', limit: null, used: 4, available: null },
  { kind: 'FULL_USER', limit: 5, used: 5, available: 0 },
  { kind: 'CONSULTANT', limit: 2, used: 1, available: 1 },
  { kind: 'ADMINISTRATOR', limit: null, used: 1, available: null },
  { kind: 'SYSTEM_ADMINISTRATOR', limit: null, used: 1, available: null },
];

export const user = (id: string, extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  username: id,
  email: `${id}@acme.example`,
  fullname: `${id.toUpperCase()} Person`,
  user_kind: 'USER',
  is_active: true,
  two_factor_enabled: false,
  created_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});

export const table = (records: ManagedUser[], filtered = records.length): UserDataTable => ({
  records,
  recordsTotal: 40,
  recordsFiltered: filtered,
});

export const bodiesTo = (calls: RecordedCall[], url: string) =>
  calls
    .filter((call) => call.method !== 'GET' && call.url === url)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

export const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

/** A toast: antd's message code loads on the first one, which a busy machine may take a while over. */
export const findToast = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });
