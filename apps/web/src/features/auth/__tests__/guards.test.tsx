import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { loginRedirect } from '../guards.tsx';
import { sessionFor } from './sessions.ts';

// Signed-in pages load the shell's chunks on first use; under a busy test run that takes over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedInCalls = () =>
  mockFetch({
    [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
    [`GET ${API_PATHS.tenantInfo}`]: ok(null),
    [`POST ${API_PATHS.logout}`]: ok(null, MESSAGES.loggedOut),
  });

describe('route guards (spec §2, §4)', () => {
  it('sends a signed-out user to login with ReturnUrl set to the wanted page', async () => {
    const app = renderApp('/?tab=1');
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/login?ReturnUrl=%2F%3Ftab%3D1'));
  });

  it('sends a signed-in user away from /authentication to ReturnUrl', async () => {
    authStore.signIn(adminSession);
    signedInCalls();
    const app = renderApp('/authentication/login?ReturnUrl=%2Fnotifications');
    expect(await screen.findByTestId('notifications-page', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(locationOf(app)).toBe('/notifications');
  });

  it('never follows an off-site ReturnUrl: it goes to / and on to the launch page', async () => {
    authStore.signIn(adminSession);
    signedInCalls();
    const app = renderApp('/authentication/login?ReturnUrl=%2F%2Fevil.example');
    await waitFor(() => expect(locationOf(app)).toBe('/tasks'));
  });

  it('signs out when the session check answers 401, and login says the session expired', async () => {
    authStore.signIn(adminSession);
    const calls = mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: fail(401, MESSAGES.sessionExpired) });
    const app = renderApp('/notifications');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${adminSession.token}`);
    expect(authStore.getState().authToken).toBeNull();
    expect(app.router.state.location.search).toBe('?ReturnUrl=%2Fnotifications&status=sessionExpired');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.sessionExpired);
  });

  it('/logout ends the session and login says so', async () => {
    authStore.signIn(adminSession);
    const calls = signedInCalls();
    const app = renderApp('/logout');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect(authStore.getState().authToken).toBeNull();
    expect(localStorage.getItem('formloop.auth.v1')).toBeNull();
    expect(calls.some((call) => call.url === API_PATHS.logout && call.method === 'POST')).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.loggedOut);
  });

  it('builds the login address from the sign-out reason, as its status key', () => {
    expect(loginRedirect('/tasks', null)).toBe('/authentication/login?ReturnUrl=%2Ftasks');
    expect(loginRedirect('/', MESSAGES.sessionExpired)).toBe('/authentication/login?status=sessionExpired');
    expect(loginRedirect('/tasks', MESSAGES.refreshFailed)).toBe(
      '/authentication/login?ReturnUrl=%2Ftasks&status=refreshFailed',
    );
    // After an explicit logout there is nothing to return to.
    expect(loginRedirect('/tasks', MESSAGES.loggedOut)).toBe('/authentication/login?status=loggedOut');
    // A reason that is not one of ours is not put on the login page.
    expect(loginRedirect('/tasks', 'Call 0800 to unlock')).toBe('/authentication/login?ReturnUrl=%2Ftasks');
  });

  it('shows Page Not Found with a link home for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Homepage' }).getAttribute('href')).toBe('/');
  });
});

describe('role guards (spec §6)', () => {
  it('sends an ordinary user away from a full-user page to /404', async () => {
    authStore.signIn(sessionFor('USER'));
    signedInCalls();
    const app = renderApp('/dashboard');
    await waitFor(() => expect(locationOf(app)).toBe('/404'));
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });

  it('lets a consultant into settings but not into the audit trail', async () => {
    authStore.signIn(sessionFor('CONSULTANT'));
    signedInCalls();
    const app = renderApp('/webhooks/add');
    expect(await screen.findByText('Webhooks is not available yet in this version.')).toBeTruthy();
    await app.router.navigate('/app/audit');
    await waitFor(() => expect(locationOf(app)).toBe('/404'));
  });

  it('lets a system administrator into the process engine', async () => {
    authStore.signIn(sessionFor('SYSTEM_ADMINISTRATOR'));
    signedInCalls();
    renderApp('/process-engine');
    expect(await screen.findByTestId('process-engine-page', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('sends the user to /403 with the licence message when tenant info answers 403', async () => {
    authStore.signIn(adminSession);
    mockFetch({
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`GET ${API_PATHS.tenantInfo}`]: fail(403, MESSAGES.licenceExpired),
    });
    const app = renderApp('/tasks');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/403'));
    expect(app.router.state.location.search).toBe(`?message=${encodeURIComponent(MESSAGES.licenceExpired)}`);
    expect((await screen.findByTestId('forbidden-message')).textContent).toBe(MESSAGES.licenceExpired);
  });
});
