import type { QuickLaunchApp, QuickLaunchTile } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { DashboardPage } from '../pages/dashboard-page.tsx';

export const tile = (id: string, name: string, extra: Partial<QuickLaunchTile> = {}): QuickLaunchTile => ({
  id,
  display_name: name,
  app_icon: null,
  category_icon: null,
  order_index: 0,
  is_published: true,
  ...extra,
});

export const app = (id: string, name: string, extra: Partial<QuickLaunchApp> = {}): QuickLaunchApp => ({
  id,
  display_name: name,
  module_description: '',
  app_icon: null,
  category_name: null,
  category_icon: null,
  modified_on: '2026-01-02T10:00:00.000Z',
  in_quick_launch: false,
  ...extra,
});

export const appsPage = (records: QuickLaunchApp[], filtered = records.length) => ({
  records,
  recordsTotal: Math.max(filtered, records.length),
  recordsFiltered: filtered,
});

/** The Dashboards & Reports home at /dashboard, with stand-ins for the pages it links to. */
export function renderDashboard(path = '/dashboard') {
  authStore.signIn(adminSession);
  const page = (
    <Suspense fallback={null}>
      <DashboardPage />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: page },
      { path: '/dashboard-landing', element: page },
      { path: '/module/:id', element: <p>record list page</p> },
      { path: '/reports', element: <p>reports page</p> },
      { path: '/report-designer', element: <p>report designer page</p> },
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

/** The tiles' names in the order they show. */
export const tileNames = () =>
  Array.from(document.querySelectorAll('[data-testid="quick-launch-tile"] a')).map(
    (node) => node.textContent,
  );
