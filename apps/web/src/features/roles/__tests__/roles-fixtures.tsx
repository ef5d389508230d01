import type { CatalogueRow, RoleDetail, RoleSummary } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { RolesPermissionsPage } from '../pages/roles-permissions-page.tsx';

// Data and rendering shared by the roles page tests.

const menuRow = (
  id: string,
  label: string,
  parent: string | null,
  depth: number,
  group = false,
): CatalogueRow => ({
  resource: `menu:${id}`,
  kind: 'menu',
  id,
  label,
  parent: parent === null ? null : `menu:${parent}`,
  depth,
  is_group: group,
  actions: ['view'],
});

/** Finance (group) › Budgets, Invoices; Reports at the top level. */
export const catalogue: CatalogueRow[] = [
  menuRow('m-fin', 'Finance', null, 0, true),
  menuRow('m-bud', 'Budgets', 'm-fin', 1),
  menuRow('m-inv', 'Invoices', 'm-fin', 1),
  menuRow('m-rep', 'Reports', null, 0),
];

export const roles: RoleSummary[] = [
  { id: 'r-clerks', role_name: 'Clerks', description: 'Front office', user_count: 2, grant_count: 1 },
  { id: 'r-managers', role_name: 'Managers', description: '', user_count: 0, grant_count: 1 },
];

export const details: Record<string, RoleDetail> = {
  'r-clerks': {
    id: 'r-clerks',
    role_name: 'Clerks',
    description: 'Front office',
    grants: [{ resource: 'menu:m-bud', action: 'view' }],
    members: [
      { id: 'u-uma', username: 'uma', fullname: 'Uma User' },
      { id: 'u-fred', username: 'fred', fullname: 'Fred Full' },
    ],
  },
  'r-managers': {
    id: 'r-managers',
    role_name: 'Managers',
    description: '',
    // A grant on a menu deleted since: not shown, and dropped on the next save.
    grants: [
      { resource: 'menu:m-rep', action: 'view' },
      { resource: 'menu:m-gone', action: 'view' },
    ],
    members: [],
  },
};

export const PAGE = '/settings/roles-permissions';

/** The page inside a data router (it guards leaving), with the pages it links to. */
export function renderRolesPage(path = PAGE) {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      {
        path: PAGE,
        element: (
          <Suspense fallback={null}>
            <RolesPermissionsPage />
          </Suspense>
        ),
      },
      { path: '/settings/user-detail', element: <p>user detail page</p> },
      { path: '/settings/menu', element: <p>menu settings page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
