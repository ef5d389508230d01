import { API_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const codeInput = () => screen.findByTestId('mfa-code') as Promise<HTMLInputElement>;

describe('MFA page (spec §2, §4)', () => {
  it('shows the username from getInfo2fa', async () => {
    mockFetch({ [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'admin' }) });
    renderApp('/authentication/mfa');
    expect((await screen.findByTestId('mfa-username')).textContent).toContain('admin');
    expect(screen.getByLabelText('Remember Machine for 25 Days')).toBeTruthy();
  });

  it("blocks the keys '.', ',', '-' and 'e' in the code field, and lets digits through", async () => {
    mockFetch({ [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'admin' }) });
    renderApp('/authentication/mfa');
    const input = await codeInput();
    for (const key of ['.', ',', '-', 'e']) {
      // fireEvent returns false when a handler called preventDefault.
      expect(fireEvent.keyDown(input, { key })).toBe(false);
    }
    for (const key of ['1', '0', 'Backspace', 'Tab']) {
      expect(fireEvent.keyDown(input, { key })).toBe(true);
    }
    fireEvent.change(input, { target: { value: '123 456' } });
    expect(input.value).toBe('123456');
  });

  it('verifies the code, waits about a second, then signs in and goes to ReturnUrl', async () => {
    const calls = mockFetch({
      [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'admin' }),
      [`POST ${API_PATHS.loginWith2Fa}`]: ok(null, 'Signed in'),
      [`POST ${API_PATHS.sessionToken}`]: ok(adminSession),
    });
    const app = renderApp('/authentication/mfa?ReturnUrl=%2Fsomewhere');
    fireEvent.change(await codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByLabelText('Remember Machine for 25 Days'));
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(locationOf(app)).toBe('/somewhere'), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const verify = calls.find((call) => call.url === API_PATHS.loginWith2Fa);
    expect(JSON.parse(verify?.body ?? '{}')).toEqual({
      twoFactorCode: '123456',
      rememberMachine: true,
      isPersistent: true,
    });
    expect(authStore.getState().authToken).toBe(adminSession.token);
  });

  it("shows the server's message in a banner when the code is wrong", async () => {
    mockFetch({
      [`GET ${API_PATHS.getInfo2Fa}`]: ok({ name: 'admin' }),
      [`POST ${API_PATHS.loginWith2Fa}`]: fail(401, 'Invalid authenticator code.'),
    });
    renderApp('/authentication/mfa');
    fireEvent.change(await codeInput(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Invalid authenticator code.');
    expect(authStore.getState().authToken).toBeNull();
  });
});
