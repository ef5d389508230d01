import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { routes } from '../../../app/router.tsx';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { loginWithStatus } from '../pages/sso-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The real route table under StrictMode, as main.tsx renders it (effects run twice in development). */
function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return {
    router,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

const tokenCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((call) => call.method === 'POST' && call.url === API_PATHS.sessionToken);

describe("/authentication/sso (spec §2: 'Verifying...' and completes login)", { timeout: 30_000 }, () => {
  it("shows 'Verifying...', trades the session cookie for the token once, then goes to ReturnUrl", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const calls = mockFetch({
      [`POST ${API_PATHS.sessionToken}`]: () => new Promise((resolve) => (answer = resolve)),
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`GET ${API_PATHS.tenantInfo}`]: ok(null),
    });
    const app = renderStrict('/authentication/sso?ReturnUrl=%2Fnotifications');
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe(MESSAGES.verifying);
    await waitFor(() => expect(tokenCalls(calls)).toHaveLength(1));
    expect(tokenCalls(calls)[0]?.credentials).toBe('include');
    answer(ok(adminSession));
    await waitFor(() => expect(app.location()).toBe('/notifications'), { timeout: 10_000 });
    expect(authStore.getState().authToken).toBe(adminSession.token);
    // StrictMode ran the effect twice: still one request.
    expect(tokenCalls(calls)).toHaveLength(1);
  });

  it('goes to the authenticator step, keeping the ReturnUrl, when the second factor is due', async () => {
    const calls = mockFetch({ [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'ada' }) });
    const app = renderStrict('/authentication/sso?ReturnUrl=%2Freports&twoFactor=1');
    await waitFor(() => expect(app.location()).toBe('/authentication/mfa?ReturnUrl=%2Freports'));
    expect(authStore.getState().requiresTwoFactor).toBe(true);
    expect(authStore.getState().authToken).toBeNull();
    expect(await screen.findByText('Signing in as ada')).toBeTruthy();
    expect(tokenCalls(calls)).toEqual([]);
  });

  it('goes back to login with the SSO failure, keeping the ReturnUrl, when there is no session (401)', async () => {
    const calls = mockFetch({ [`POST ${API_PATHS.sessionToken}`]: fail(401, MESSAGES.sessionExpired) });
    const app = renderStrict('/authentication/sso?ReturnUrl=%2Freports');
    await waitFor(() =>
      expect(app.location()).toBe('/authentication/login?ReturnUrl=%2Freports&status=ssoFailed'),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.ssoFailed);
    expect(tokenCalls(calls)).toHaveLength(1);
    expect(authStore.getState().authToken).toBeNull();
  });

  it('passes a status that arrives here on to the login page without asking for a token', async () => {
    const calls = mockFetch({});
    const app = renderStrict('/authentication/sso?status=ssoReplayed');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.ssoReplayed);
    expect(tokenCalls(calls)).toEqual([]);
  });

  it('sends a refused session token (403, an expired licence) to /403 with its message', async () => {
    mockFetch({ [`POST ${API_PATHS.sessionToken}`]: fail(403, MESSAGES.licenceExpired) });
    const app = renderStrict('/authentication/sso');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/403'));
    expect(new URLSearchParams(app.router.state.location.search).get('message')).toBe(
      MESSAGES.licenceExpired,
    );
  });

  it('builds the login address with the ReturnUrl kept (left off when it is /)', () => {
    expect(loginWithStatus('/reports?x=1', 'No')).toBe(
      '/authentication/login?ReturnUrl=%2Freports%3Fx%3D1&status=No',
    );
    expect(loginWithStatus('/', 'ssoExpired')).toBe('/authentication/login?status=ssoExpired');
    expect(loginWithStatus('https://evil.example', 'x')).toBe('/authentication/login?status=x');
  });
});
