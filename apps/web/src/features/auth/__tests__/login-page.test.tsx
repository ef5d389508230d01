import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { AUTH_STORAGE_KEY, authStore } from '../../../shared/auth/auth-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /sign in/i }));
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

/** antd renders each field's messages in a role="alert" list under the field. */
const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('login page: client validation (spec §5)', () => {
  it('requires a username and a password', async () => {
    renderApp('/authentication/login');
    await screen.findByLabelText('Username');
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual([MESSAGES.required, MESSAGES.required]));
  });

  it('asks for at least 3 and at most 50 password characters', async () => {
    renderApp('/authentication/login');
    type(await screen.findByLabelText('Username'), 'admin');
    type(field('Password'), 'ab');
    await waitFor(() => expect(fieldErrors()).toEqual(['Minimum 3 characters']));
    type(field('Password'), 'x'.repeat(51));
    await waitFor(() => expect(fieldErrors()).toEqual(['Maximum 50 characters']));
    type(field('Password'), 'x'.repeat(50));
    await waitFor(() => expect(fieldErrors()).toEqual([]));
  });

  it('shows the messages in the chosen language', async () => {
    await act(async () => {
      await i18n.loadLanguages('de');
      await i18n.changeLanguage('de');
    });
    renderApp('/authentication/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual(['Dieses Feld ist erforderlich', 'Dieses Feld ist erforderlich']),
    );
    expect(localStorage.getItem('formloop.language')).toBe('de');
  });
});

describe('login page: banners and links', () => {
  it('shows the status query parameter as an error banner', async () => {
    renderApp('/authentication/login?status=sessionExpired');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Your session has expired');
    expect(banner.className).toContain('ant-alert-error');
  });

  it('shows our status keys translated, and a sign-out reason given as its English text', async () => {
    await act(async () => {
      await i18n.loadLanguages('fr');
      await i18n.changeLanguage('fr');
    });
    const app = renderApp('/authentication/login?status=ssoUnknownUser');
    const banner = await screen.findByTestId('login-status');
    expect(banner.textContent).toContain(i18n.t('validation:ssoUnknownUser'));
    expect(banner.textContent).not.toContain(MESSAGES.ssoUnknownUser);
    app.unmount();
    renderApp(`/authentication/login?status=${encodeURIComponent(MESSAGES.sessionExpired)}`);
    expect((await screen.findByTestId('login-status')).textContent).toContain(
      i18n.t('validation:sessionExpired'),
    );
  });

  it('never shows an arbitrary status text: a generic sign-in failure instead (no phishing aid)', async () => {
    const bait = 'Your account is locked. Call +1 555 0100 to unlock it';
    renderApp(`/authentication/login?status=${encodeURIComponent(bait)}`);
    const banner = await screen.findByTestId('login-status');
    expect(banner.textContent).toContain('Signing in did not succeed. Please try again.');
    expect(document.body.textContent).not.toContain('555 0100');
    expect(banner.className).toContain('ant-alert-error');
  });

  it('offers help, forgot password (keeping ReturnUrl) and disabled SSO buttons', async () => {
    renderApp('/authentication/login?ReturnUrl=%2Freports');
    const help = await screen.findByRole('link', { name: 'Need Help?' });
    expect(help.getAttribute('href')).toBe('/docs');
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot.getAttribute('href')).toBe('/authentication/forgot-password?ReturnUrl=%2Freports');
    expect(screen.getByText('Sign In With')).toBeTruthy();
    for (const name of ['Third-party account', 'SAML']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

describe('login page: sign-in flow (spec §4)', () => {
  it('sends the encrypted payload as a JSON string, stores the session and goes to ReturnUrl', async () => {
    const calls = mockFetch({
      [`POST ${API_PATHS.authenticateIso}`]: ok({ requiresTwoFactor: false }),
      [`POST ${API_PATHS.sessionToken}`]: ok(adminSession),
    });
    const app = renderApp('/authentication/login?ReturnUrl=%2Fnowhere');
    type(await screen.findByLabelText('Username'), '  admin ');
    type(field('Password'), 'secret-password');
    submit();

    await waitFor(() => expect(locationOf(app)).toBe('/nowhere'));
    // The page also asks which 'Sign In With' providers are on: pick the sign-in calls out.
    const [login, token] = calls.filter((call) => call.method === 'POST');
    expect(login?.url).toBe(API_PATHS.authenticateIso);
    expect(login?.headers['Content-Type']).toBe('application/json');
    expect(login?.credentials).toBe('include');
    const cipher: unknown = JSON.parse(login?.body ?? 'null');
    expect(typeof cipher).toBe('string');
    expect(login?.body).not.toContain('secret-password');
    expect(token?.url).toBe(API_PATHS.sessionToken);
    expect(token?.body).toBeUndefined();

    expect(authStore.getState().authToken).toBe('jwt-token');
    expect(authStore.getState().user?.fullname).toBe('Ada Admin');
    const persisted = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(persisted).sort()).toEqual(['authToken', 'config']);
  });

  it('goes to the MFA step, keeping ReturnUrl, when two factors are required', async () => {
    mockFetch({
      [`POST ${API_PATHS.authenticateIso}`]: ok({ requiresTwoFactor: true }),
      [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'admin' }),
    });
    const app = renderApp('/authentication/login?ReturnUrl=%2Freports');
    type(await screen.findByLabelText('Username'), 'admin');
    type(field('Password'), 'secret-password');
    submit();
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/mfa?ReturnUrl=%2Freports'));
    expect(authStore.getState().requiresTwoFactor).toBe(true);
    expect(authStore.getState().authToken).toBeNull();
  });

  it("shows the server's message when sign-in fails", async () => {
    mockFetch({ [`POST ${API_PATHS.authenticateIso}`]: fail(401, 'Account temporarily locked.') });
    renderApp('/authentication/login');
    type(await screen.findByLabelText('Username'), 'admin');
    type(field('Password'), 'wrong-password');
    submit();
    expect((await screen.findByTestId('login-error')).textContent).toContain('Account temporarily locked.');
  });

  it('falls back to the translated invalid-login text when the server says nothing', async () => {
    mockFetch({ [`POST ${API_PATHS.authenticateIso}`]: { status: 401 } });
    renderApp('/authentication/login');
    type(await screen.findByLabelText('Username'), 'admin');
    type(field('Password'), 'wrong-password');
    submit();
    expect((await screen.findByTestId('login-error')).textContent).toContain(MESSAGES.invalidLogin);
  });
});
