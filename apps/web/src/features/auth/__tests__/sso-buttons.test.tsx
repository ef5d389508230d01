import { SSO_PATHS, type SsoProviders } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const providers = (switchedOn: Partial<SsoProviders>) =>
  mockFetch({
    [`GET ${SSO_PATHS.providers}`]: ok<SsoProviders>({
      saml: false,
      oidc: false,
      oidcDisplayName: '',
      samlDisplayName: '',
      ...switchedOn,
    }),
  });

const button = (testId: string) => screen.getByTestId(testId);
const tooltips = () => screen.queryAllByRole('tooltip').map((node) => node.textContent);

describe("login page: the 'Sign In With' pair (spec §2)", { timeout: 30_000 }, () => {
  it('makes switched-on providers full-page links to their start, carrying the ReturnUrl', async () => {
    const calls = providers({ saml: true, oidc: true });
    renderApp('/authentication/login?ReturnUrl=%2Freports%3Fview%3D2');
    await waitFor(() => expect(button('sso-saml').tagName).toBe('A'));
    expect(button('sso-saml').getAttribute('href')).toBe(
      `${SSO_PATHS.samlStart}?ReturnUrl=%2Freports%3Fview%3D2`,
    );
    expect(button('sso-saml').textContent).toBe('SAML');
    expect(button('sso-external').tagName).toBe('A');
    expect(button('sso-external').getAttribute('href')).toBe(
      `${SSO_PATHS.oidcStart}?ReturnUrl=%2Freports%3Fview%3D2`,
    );
    expect(button('sso-external').textContent).toBe('Third-party account');
    // A browser navigation, not a route of the app: no client-side router link.
    expect(button('sso-saml').getAttribute('target')).toBeNull();
    // The providers are public: asked without a token, once.
    const asked = calls.filter((call) => call.url === SSO_PATHS.providers);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers.Authorization).toBeUndefined();
  });

  it('leaves the ReturnUrl off for the home page and for addresses that are not ours', async () => {
    providers({ saml: true, oidc: true });
    const app = renderApp('/authentication/login?ReturnUrl=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(button('sso-saml').getAttribute('href')).toBe(SSO_PATHS.samlStart));
    expect(button('sso-external').getAttribute('href')).toBe(SSO_PATHS.oidcStart);
    app.unmount();

    renderApp('/authentication/login?ReturnUrl=%2F');
    await waitFor(() => expect(button('sso-external').getAttribute('href')).toBe(SSO_PATHS.oidcStart));
  });

  it('keeps a switched-off provider disabled with the administrator tooltip', async () => {
    const calls = providers({ saml: true, oidc: false });
    renderApp('/authentication/login');
    await waitFor(() => expect(button('sso-saml').tagName).toBe('A'));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const external = button('sso-external');
    expect(external.tagName).toBe('SPAN');
    expect(external.querySelector('a')).toBeNull();
    expect((screen.getByRole('button', { name: 'Third-party account' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.mouseEnter(external);
    await waitFor(() =>
      expect(tooltips()).toContain('This sign-in method is configured by your administrator.'),
    );
  });

  it("labels the third-party button with the provider's display name", async () => {
    providers({ oidc: true, oidcDisplayName: 'Contoso account' });
    renderApp('/authentication/login');
    await waitFor(() => expect(button('sso-external').tagName).toBe('A'));
    expect(button('sso-external').textContent).toBe('Contoso account');
    expect(screen.getByRole('link', { name: 'Contoso account' }).getAttribute('href')).toBe(
      SSO_PATHS.oidcStart,
    );
    fireEvent.mouseEnter(button('sso-external'));
    await waitFor(() => expect(tooltips()).toContain('Sign in with Contoso account'));
    // SAML is off here.
    expect(button('sso-saml').tagName).toBe('SPAN');
  });

  it('labels the SAML button with the label the administrator set', async () => {
    providers({ saml: true, samlDisplayName: 'Corp staff' });
    renderApp('/authentication/login');
    await waitFor(() => expect(button('sso-saml').tagName).toBe('A'));
    expect(button('sso-saml').textContent).toBe('Corp staff');
    expect(screen.getByRole('link', { name: 'Corp staff' }).getAttribute('href')).toBe(SSO_PATHS.samlStart);
    fireEvent.mouseEnter(button('sso-saml'));
    await waitFor(() => expect(tooltips()).toContain('Sign in with Corp staff'));
  });

  it('stays disabled when the providers cannot be read', async () => {
    mockFetch({});
    renderApp('/authentication/login');
    expect(await screen.findByText('Sign In With')).toBeTruthy();
    for (const name of ['Third-party account', 'SAML']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByRole('link', { name: 'SAML' })).toBeNull();
  });
});
