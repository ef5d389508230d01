import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { baseDomainOf, isLoginHost, tenantLoginUrl } from '../login-host.ts';
import { DomainEntryPage } from '../pages/domain-entry-page.tsx';
import { mtdHomeTarget } from '../pages/mtd-page.tsx';

// Signed-in pages load the shell's chunks on first use; under a busy test run that takes over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

function renderDomainEntry(redirect: (url: string) => void) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DomainEntryPage hostname="login.formloop.test" redirect={redirect} />
    </QueryClientProvider>,
  );
}

describe('login host (spec §2)', () => {
  it('is a host whose first label is login', () => {
    expect(isLoginHost('login.formloop.test')).toBe(true);
    expect(isLoginHost('LOGIN.example.com')).toBe(true);
    expect(isLoginHost('acme.formloop.test')).toBe(false);
    expect(isLoginHost('login')).toBe(false);
    expect(isLoginHost('localhost')).toBe(false);
    expect(baseDomainOf('login.formloop.test')).toBe('formloop.test');
    expect(tenantLoginUrl('http://acme.formloop.test:3000/')).toBe(
      'http://acme.formloop.test:3000/authentication/login',
    );
  });
});

describe('domain-entry page (spec §2, §5)', () => {
  it("shows the field with the base domain after it, and asks for a domain with the spec's words", async () => {
    renderDomainEntry(vi.fn());
    const input = (await screen.findByPlaceholderText('yourdomain')) as HTMLInputElement;
    expect(input.id).toBe('yourdomain');
    expect(screen.getByTestId('domain-suffix').textContent).toBe('.formloop.test');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldErrors()).toEqual([MESSAGES.domainRequired]));
    fireEvent.change(input, { target: { value: 'bad--' } });
    await waitFor(() => expect(fieldErrors()).toEqual([MESSAGES.noDoubleHyphen]));
  });

  it("goes to the tenant's sign-in page when the domain exists", async () => {
    const calls = mockFetch({
      [`GET ${API_PATHS.tenantExists}`]: ok({ exists: true, url: 'http://acme.formloop.test:3000' }),
    });
    const redirect = vi.fn();
    renderDomainEntry(redirect);
    fireEvent.change(await screen.findByPlaceholderText('yourdomain'), { target: { value: ' Acme ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith('http://acme.formloop.test:3000/authentication/login'),
    );
    expect(calls[0]?.url).toBe(`${API_PATHS.tenantExists}?domain=acme`);
  });

  it("shows the server's message for an unknown domain", async () => {
    mockFetch({ [`GET ${API_PATHS.tenantExists}`]: fail(404, MESSAGES.tenantNotFound) });
    const redirect = vi.fn();
    renderDomainEntry(redirect);
    fireEvent.change(await screen.findByPlaceholderText('yourdomain'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.tenantNotFound);
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('Making Tax Digital placeholder (spec §2)', () => {
  it('says there are no dates and the apps will be free; Back to home goes to / when signed out', async () => {
    expect(mtdHomeTarget(true)).toBe('/tasks');
    expect(mtdHomeTarget(false)).toBe('/');
    const app = renderApp('/mtd');
    expect(await screen.findByText(/no confirmed dates/)).toBeTruthy();
    expect(screen.getByText('When they arrive, MTD apps will be free to all users.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'), {
      timeout: 10_000,
    });
  });

  it('Back to home goes to /tasks when signed in', async () => {
    authStore.signIn(adminSession);
    mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: ok(null), [`GET ${API_PATHS.tenantInfo}`]: ok(null) });
    const app = renderApp('/mtd');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to home' }));
    await waitFor(() => expect(locationOf(app)).toBe('/tasks'));
  });
});

describe('other public pages (spec §2)', () => {
  it('/maintenance shows the scheduled-maintenance notice', async () => {
    renderApp('/maintenance');
    expect(await screen.findByText('Scheduled maintenance')).toBeTruthy();
  });
});
