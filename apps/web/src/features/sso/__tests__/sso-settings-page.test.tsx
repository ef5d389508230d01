import {
  API_PATHS,
  SSO_MESSAGES,
  SSO_PATHS,
  type SsoSettings,
  type SsoSettingsCommand,
} from '@formloop/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { i18n } from '../../../app/i18n.ts';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { locationOf, renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { SsoSettingsRoute } from '../pages/sso-settings-page.tsx';
import { SSO_SETTINGS_PATH } from '../paths.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORIGIN = 'http://acme.formloop.test';
const saved: SsoSettings = {
  saml: {
    enabled: true,
    displayName: '',
    metadataUrl: '',
    metadataXml: '',
    entryPoint: 'https://idp.acme.test/sso',
    idpCertificate: 'MIIBsjCCAVmgAwIBAgIUQ',
    idpEntityId: 'https://idp.acme.test',
    spEntityId: '',
    usernameAttribute: 'nameID',
    emailAttribute: 'email',
    fullNameAttribute: 'displayName',
  },
  oidc: {
    enabled: false,
    displayName: 'Contoso account',
    issuer: 'https://login.contoso.test',
    clientId: 'formloop',
    clientSecretSet: true,
    scopes: 'openid profile email',
    usernameClaim: 'preferred_username',
    emailClaim: 'email',
    fullNameClaim: 'name',
  },
  jitEnabled: false,
  jitUserKind: 'USER',
  trustIdpMfa: false,
  serviceProvider: {
    entityId: `${ORIGIN}${SSO_PATHS.samlMetadata}`,
    acsUrl: `${ORIGIN}${SSO_PATHS.samlAcs}`,
    metadataUrl: `${ORIGIN}${SSO_PATHS.samlMetadata}`,
    oidcRedirectUri: `${ORIGIN}${SSO_PATHS.oidcCallback}`,
  },
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

const flags = {
  admin: { isSysAdmin: false, isAdministrator: true, isConsultant: false, isFullUser: true },
  consultant: { isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: false },
} as const;

function renderPage(role: keyof typeof flags = 'admin') {
  authStore.signIn({ ...adminSession, ...flags[role] });
  const router = createMemoryRouter(
    [
      {
        path: SSO_SETTINGS_PATH,
        element: (
          <Suspense fallback={null}>
            <SsoSettingsRoute />
          </Suspense>
        ),
      },
      { path: '/404', element: <p>Not found</p> },
    ],
    { initialEntries: [SSO_SETTINGS_PATH] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const bodyOf = (calls: RecordedCall[], method: string, url: string) =>
  JSON.parse(
    calls.filter((call) => call.method === method && call.url === url).at(-1)?.body ?? 'null',
  ) as unknown;

/** The PUT body the saved settings make, unchanged. */
const savedCommand: SsoSettingsCommand = {
  saml: saved.saml,
  oidc: {
    enabled: false,
    displayName: 'Contoso account',
    issuer: 'https://login.contoso.test',
    clientId: 'formloop',
    clientSecret: '',
    scopes: 'openid profile email',
    usernameClaim: 'preferred_username',
    emailClaim: 'email',
    fullNameClaim: 'name',
  },
  jitEnabled: false,
  jitUserKind: 'USER',
  trustIdpMfa: false,
};

describe('single sign-on settings page', { timeout: 30_000 }, () => {
  it('shows the saved settings, our addresses to copy and the metadata download', async () => {
    mockFetch({ [`GET ${SSO_PATHS.failures}`]: ok([]), [`GET ${SSO_PATHS.settings}`]: ok(saved) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Single sign-on', level: 1 })).toBeTruthy();
    await screen.findByTestId('sso-settings-form');
    expect(input('Sign-in URL (entry point)').value).toBe('https://idp.acme.test/sso');
    expect(input('Identity provider signing certificate').value).toBe('MIIBsjCCAVmgAwIBAgIUQ');
    expect(input('Identity provider entity ID').value).toBe('https://idp.acme.test');
    expect(input('Our entity ID at the identity provider').placeholder).toBe(saved.serviceProvider.entityId);
    expect(input('Issuer URL').value).toBe('https://login.contoso.test');
    expect(input('Display name').value).toBe('Contoso account');
    expect(input('Client secret').value).toBe('');
    expect(input('Client secret').placeholder).toBe('A secret is stored');
    expect(screen.getByText('Leave empty to keep the stored secret.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Sign in with SAML' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(
      screen.getByRole('switch', { name: 'Sign in with a third-party account' }).getAttribute('aria-checked'),
    ).toBe('false');

    const ours = within(screen.getByTestId('sso-saml-addresses'));
    expect(ours.getByText('Give these to your identity provider')).toBeTruthy();
    expect(ours.getByText(saved.serviceProvider.acsUrl)).toBeTruthy();
    expect(ours.getAllByText(saved.serviceProvider.metadataUrl)).toHaveLength(2);
    const download = screen.getByRole('link', { name: /Download SP metadata/ });
    expect(download.getAttribute('href')).toBe(saved.serviceProvider.metadataUrl);
    expect(download.hasAttribute('download')).toBe(true);
    expect(
      within(screen.getByTestId('sso-oidc-addresses')).getByText(saved.serviceProvider.oidcRedirectUri),
    ).toBeTruthy();
    // Nothing changed yet.
    expect(saveButton().disabled).toBe(true);
  });

  it('saves every field with an empty secret (keeping the stored one) and shows the server’s message', async () => {
    const answer: SsoSettings = {
      ...saved,
      oidc: { ...saved.oidc, enabled: true, issuer: 'https://id.contoso.test' },
      jitEnabled: true,
      jitUserKind: 'FULL_USER',
      modifiedOn: '2026-02-01T00:00:00.000Z',
    };
    const calls = mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`PUT ${SSO_PATHS.settings}`]: ok(answer, SSO_MESSAGES.saved),
    });
    renderPage();
    await screen.findByTestId('sso-settings-form');
    fireEvent.click(screen.getByRole('switch', { name: 'Sign in with a third-party account' }));
    type('Issuer URL', 'https://id.contoso.test');
    fireEvent.click(screen.getByRole('switch', { name: 'Create accounts at first sign-in' }));
    // The licence only matters (and can be chosen) when accounts are created.
    const licence = screen.getByRole('combobox', { name: 'Licence of new accounts' }) as HTMLInputElement;
    await waitFor(() => expect(licence.disabled).toBe(false));
    fireEvent.mouseDown(licence);
    // The licence names are the user-management ones; never a system administrator.
    await screen.findByTitle('Full user');
    expect(
      Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent),
    ).toEqual(['User', 'Full user', 'Consultant', 'Administrator']);
    fireEvent.click(screen.getByTitle('Full user'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect(await screen.findByText('Single sign-on settings saved.')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', SSO_PATHS.settings)).toEqual({
      ...savedCommand,
      oidc: { ...savedCommand.oidc, enabled: true, issuer: 'https://id.contoso.test', clientSecret: '' },
      jitEnabled: true,
      jitUserKind: 'FULL_USER',
    });
    // The form starts again from what was saved: nothing to save.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('Issuer URL').value).toBe('https://id.contoso.test');
  });

  it('sends a newly typed secret, and Save is off again once a change is undone', async () => {
    const calls = mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`PUT ${SSO_PATHS.settings}`]: ok(
        { ...saved, modifiedOn: '2026-03-01T00:00:00.000Z' },
        SSO_MESSAGES.saved,
      ),
    });
    renderPage();
    await screen.findByTestId('sso-settings-form');
    type('Client ID', 'other');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    type('Client ID', 'formloop');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    type('Client secret', 's3cret');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await screen.findByText('Single sign-on settings saved.');
    expect(bodyOf(calls, 'PUT', SSO_PATHS.settings)).toEqual({
      ...savedCommand,
      oidc: { ...savedCommand.oidc, clientSecret: 's3cret' },
    });
  });

  it("shows a refused save's message, and field messages under their fields", async () => {
    let reply = fail(400, SSO_MESSAGES.samlIncomplete);
    mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`PUT ${SSO_PATHS.settings}`]: () => reply,
    });
    renderPage();
    await screen.findByTestId('sso-settings-form');
    type('Sign-in URL (entry point)', '');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('sso-save-error')).textContent).toContain(SSO_MESSAGES.samlIncomplete);

    reply = {
      status: 400,
      body: {
        success: false,
        message: `oidc.scopes: ${SSO_MESSAGES.scopesNeedOpenid}`,
        data: {
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'oidc.scopes', message: SSO_MESSAGES.scopesNeedOpenid }],
        },
      },
    };
    type('Scopes', 'profile email');
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(screen.getByTestId('sso-save-error').textContent).toContain(
        'The settings were not saved: check the marked fields.',
      ),
    );
    const fieldErrors = () =>
      Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
    await waitFor(() => expect(fieldErrors()).toEqual([SSO_MESSAGES.scopesNeedOpenid]));
    expect(
      screen.getByLabelText('Scopes').closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')
        ?.textContent,
    ).toBe(SSO_MESSAGES.scopesNeedOpenid);
  });

  it('tests the unsaved SAML settings and shows the answer, translated', async () => {
    const validTo = '2030-01-01T00:00:00.000Z';
    const calls = mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`POST ${SSO_PATHS.test}`]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { provider: string };
        return body.provider === 'saml'
          ? ok({ ok: true, message: SSO_MESSAGES.samlTestSucceeded.replace('{validTo}', validTo) })
          : ok({
              ok: false,
              message: SSO_MESSAGES.oidcDiscoveryFailed.replace('{reason}', 'connect ECONNREFUSED'),
            });
      },
    });
    renderPage();
    await screen.findByTestId('sso-settings-form');
    type('Identity provider entity ID', 'https://idp2.acme.test');
    fireEvent.click(
      within(screen.getByTestId('sso-saml-card')).getByRole('button', { name: 'Test connection' }),
    );
    const samlResult = await screen.findByTestId('sso-test-saml-result');
    expect(samlResult.textContent).toContain(
      `The identity provider’s settings are complete and its certificate is valid until ${validTo}.`,
    );
    expect(samlResult.className).toContain('ant-alert-success');
    expect(bodyOf(calls, 'POST', SSO_PATHS.test)).toEqual({
      provider: 'saml',
      saml: { ...saved.saml, idpEntityId: 'https://idp2.acme.test' },
    });

    await act(async () => {
      await i18n.loadLanguages('de');
      await i18n.changeLanguage('de');
    });
    fireEvent.click(
      within(screen.getByTestId('sso-oidc-card')).getByRole('button', { name: 'Verbindung testen' }),
    );
    const oidcResult = await screen.findByTestId('sso-test-oidc-result');
    expect(oidcResult.textContent).toContain(
      'Der OpenID-Connect-Anbieter konnte unter diesem Aussteller nicht ermittelt werden: connect ECONNREFUSED',
    );
    expect(oidcResult.className).toContain('ant-alert-error');
    expect(bodyOf(calls, 'POST', SSO_PATHS.test)).toEqual({ provider: 'oidc', oidc: savedCommand.oidc });
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let reply = fail(400, 'Bad request');
    mockFetch({ [`GET ${SSO_PATHS.failures}`]: ok([]), [`GET ${SSO_PATHS.settings}`]: () => reply });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The single sign-on settings could not be loaded.');
    reply = ok(saved);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('sso-settings-form')).toBeTruthy();
  });

  it('sends a consultant (settings, but no integrations: spec §6) to /404 without asking the server', async () => {
    const calls = mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
    });
    const router = renderPage('consultant');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(calls).toEqual([]);
  });

  it('is a route of the signed-in app (inside the shell)', async () => {
    authStore.signIn({ ...adminSession, ...flags.admin });
    mockFetch({
      [`GET ${SSO_PATHS.failures}`]: ok([]),
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`GET ${API_PATHS.tenantInfo}`]: ok(null),
    });
    const app = renderApp(SSO_SETTINGS_PATH);
    expect(
      await screen.findByRole('heading', { name: 'Single sign-on', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(locationOf(app)).toBe(SSO_SETTINGS_PATH);
  });
});
