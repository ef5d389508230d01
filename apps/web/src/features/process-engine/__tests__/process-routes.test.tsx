import { API_PATHS, PROCESS_ENGINE_PATHS as PE, type SessionToken } from '@formloop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { dashboard, definition, instanceList } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const sysAdmin: SessionToken = { ...adminSession, isSysAdmin: true, isAdministrator: false };
/** An administrator with every other right: still not a system administrator. */
const administrator: SessionToken = {
  ...adminSession,
  isSysAdmin: false,
  isAdministrator: true,
  isConsultant: true,
};

const appCalls = () =>
  mockFetch({
    [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
    [`GET ${API_PATHS.tenantInfo}`]: ok(null),
    [`GET ${PE.definitions}`]: ok([definition()]),
    [`POST ${PE.instances}`]: ok(instanceList([])),
    [`GET ${PE.dashboard}`]: ok(dashboard()),
  });

// The real route table (spec §2, §6): both pages are for system administrators only.
describe('process engine routes', { timeout: 120_000 }, () => {
  it('opens /process-engine and /process/dashboard for a system administrator', async () => {
    authStore.signIn(sysAdmin);
    appCalls();
    const app = renderApp('/process-engine');
    expect(await screen.findByText('Expense claims', undefined, { timeout: 30_000 })).toBeTruthy();
    await app.router.navigate('/process/dashboard');
    expect(await screen.findByTestId('process-dashboard-page', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it.each(['/process-engine', '/process/dashboard'])('sends anyone else from %s to /404', async (path) => {
    authStore.signIn(administrator);
    const calls = appCalls();
    const app = renderApp(path);
    await waitFor(() => expect(locationOf(app)).toBe('/404'), { timeout: 30_000 });
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/process-engine'))).toBe(false);
  });
});
