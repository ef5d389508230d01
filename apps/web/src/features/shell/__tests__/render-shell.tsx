// Renders AppShell as a layout route in memory, with the real providers, for the shell's tests.
import type { AppMenuEntry, SessionToken } from '@formloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AppShell } from '../app-shell.tsx';

// The shell's namespace and its chrome load lazily in the app; tests load them up front so the first
// render of a file does not wait for them (a cold import can outlast testing-library's 1 s default).
beforeAll(async () => {
  await Promise.all([i18n.loadNamespaces(['shell', 'notifications']), import('../shell-chrome.tsx')]);
});

export type Kind = 'user' | 'fullUser' | 'consultant' | 'administrator' | 'sysAdmin';

const FLAGS: Record<
  Kind,
  Pick<SessionToken, 'isSysAdmin' | 'isAdministrator' | 'isConsultant' | 'isFullUser'>
> = {
  user: { isSysAdmin: false, isAdministrator: false, isConsultant: false, isFullUser: false },
  fullUser: { isSysAdmin: false, isAdministrator: false, isConsultant: false, isFullUser: true },
  consultant: { isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: false },
  administrator: { isSysAdmin: false, isAdministrator: true, isConsultant: false, isFullUser: true },
  sysAdmin: { isSysAdmin: true, isAdministrator: true, isConsultant: false, isFullUser: true },
};

export const entry = (
  id: string,
  title: string,
  href: string,
  items: AppMenuEntry[] = [],
  disabled = false,
): AppMenuEntry => ({
  id,
  title,
  href,
  icon: null,
  items,
  disabled,
});

/** The server's built-in menu for a settings user: Home, Apps and Settings. */
export const builtInMenu = (): AppMenuEntry[] => [
  entry('home', 'Home', '/tasks'),
  entry('apps', 'Apps', '/applications'),
  entry('settings', 'Settings', '/settings'),
];

export function signInAs(kind: Kind, appMenu: AppMenuEntry[] = builtInMenu()): void {
  authStore.signIn({
    ...adminSession,
    ...FLAGS[kind],
    fullname: 'Ada Admin',
    config: { ...adminSession.config, appMenu },
  });
}

function CurrentPage() {
  const location = useLocation();
  return <p data-testid="page">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderedShell extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** jsdom does not scroll; the shell scrolls to the top on every route change. */
export function stubScrolling(): void {
  vi.stubGlobal('scrollTo', vi.fn());
}

export function renderShell(
  path = '/tasks',
  page: ReactNode = <CurrentPage />,
  handle?: { area: string },
): RenderedShell {
  const router = createMemoryRouter(
    [{ element: <AppShell />, children: [{ path: '*', element: page, handle }] }],
    { initialEntries: [path] },
  );
  // No retries: a failing call should settle at once instead of after the spec's backoff.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
