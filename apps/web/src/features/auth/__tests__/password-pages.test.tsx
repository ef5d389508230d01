import { API_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('forgot password (spec §2, §5, §8)', () => {
  it("validates the username: 'Username is required', then 3 to 50 characters", async () => {
    renderApp('/authentication/forgot-password');
    const input = await screen.findByLabelText('Username');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Username is required']));
    fireEvent.change(input, { target: { value: 'ab' } });
    await waitFor(() => expect(fieldErrors()).toEqual(['Minimum 3 characters']));
    fireEvent.change(input, { target: { value: 'a'.repeat(51) } });
    await waitFor(() => expect(fieldErrors()).toEqual(['Maximum 50 characters']));
  });

  it('asks the server, toasts its message and returns to login', async () => {
    const calls = mockFetch({
      [`GET ${API_PATHS.forgotPassword}`]: ok(
        null,
        'If this username has an account, a password reset link has been sent to its e-mail address.',
      ),
    });
    const app = renderApp('/authentication/forgot-password');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/login'));
    expect(calls[0]?.url).toBe(`${API_PATHS.forgotPassword}?username=admin`);
    expect(
      await screen.findByText(
        'If this username has an account, a password reset link has been sent to its e-mail address.',
      ),
    ).toBeTruthy();
  });

  it('toasts the failure and stays', async () => {
    mockFetch({ [`GET ${API_PATHS.forgotPassword}`]: fail(404, 'User ghost was not found.') });
    const app = renderApp('/authentication/forgot-password');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('User ghost was not found.')).toBeTruthy();
    expect(locationOf(app)).toBe('/authentication/forgot-password');
  });
});

describe('reset password (spec §2)', () => {
  it('posts the token and new password, then goes to login with a success message', async () => {
    const calls = mockFetch({ [`POST ${API_PATHS.resetPassword}`]: ok(null, '') });
    const app = renderApp('/reset-password?token=abc');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['The passwords do not match']));
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/login'));
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ token: 'abc', password: 'new-secret' });
    expect(await screen.findByText('Your password has been reset. Please sign in.')).toBeTruthy();
  });

  it('reads as a reset for a reset link: its title, fields and button', async () => {
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    expect(screen.queryByText('Choose your password')).toBeNull();
  });

  it('asks a new user from an invitation link to choose a password, and says it is set', async () => {
    const calls = mockFetch({
      [`POST ${API_PATHS.resetPassword}`]: ok(
        null,
        'Your password has been changed. Please sign in with the new password.',
      ),
    });
    const app = renderApp('/reset-password?token=abc&invite=1');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(screen.getByText('Welcome to Formloop. Choose the password you will sign in with.')).toBeTruthy();
    expect(screen.queryByText('Reset Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'first-secret' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'first-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(locationOf(app)).toBe('/authentication/login'));
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ token: 'abc', password: 'first-secret' });
    expect(await screen.findByText('Your password is set. Please sign in.')).toBeTruthy();
  });
});
