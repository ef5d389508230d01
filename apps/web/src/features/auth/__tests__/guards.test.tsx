import { API_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../auth-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards (spec §2, §4)', () => {
  it('sends a signed-out user to login with ReturnUrl set to the wanted page', async () => {
    const app = renderApp('/?tab=1');
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/login?ReturnUrl=%2F%3Ftab%3D1'));
  });

  it('sends a signed-in user away from /authentication to ReturnUrl', async () => {
    authStore.signIn(adminSession);
    mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: ok(null) });
    const app = renderApp('/authentication/login?ReturnUrl=%2F');
    expect((await screen.findByTestId('signed-in-as')).textContent).toBe('Signed in as Ada Admin');
    expect(locationOf(app)).toBe('/');
  });

  it('never follows an off-site ReturnUrl', async () => {
    authStore.signIn(adminSession);
    mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: ok(null) });
    const app = renderApp('/authentication/login?ReturnUrl=%2F%2Fevil.example');
    await waitFor(() => expect(locationOf(app)).toBe('/'));
  });

  it('signs out when the session check answers 401', async () => {
    authStore.signIn(adminSession);
    const calls = mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: fail(401, 'Your session has expired') });
    const app = renderApp('/');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${adminSession.token}`);
    expect(authStore.getState().authToken).toBeNull();
  });

  it('home shows the user and signs out through the logout call', async () => {
    authStore.signIn(adminSession);
    const calls = mockFetch({
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`POST ${API_PATHS.logout}`]: ok(null),
    });
    const app = renderApp('/');
    await screen.findByTestId('signed-in-as');
    expect(screen.getByText('admin@demo.formloop.test')).toBeTruthy();
    expect(screen.getByText('System administrator')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect(calls.some((call) => call.url === API_PATHS.logout && call.method === 'POST')).toBe(true);
    expect(authStore.getState().authToken).toBeNull();
    expect(localStorage.getItem('formloop.auth.v1')).toBeNull();
  });

  it('/logout ends the session and goes to login', async () => {
    authStore.signIn(adminSession);
    mockFetch({ [`POST ${API_PATHS.logout}`]: ok(null) });
    const app = renderApp('/logout');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect(authStore.getState().authToken).toBeNull();
  });

  it('shows Page Not Found with a link home for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Homepage' }).getAttribute('href')).toBe('/');
  });
});
