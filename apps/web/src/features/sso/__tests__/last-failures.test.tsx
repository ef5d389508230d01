import { SSO_PATHS, type SsoFailure, type SsoSettings } from '@formloop/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { i18n } from '../../../app/i18n.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { SsoSettingsRoute } from '../pages/sso-settings-page.tsx';
import { SSO_SETTINGS_PATH } from '../paths.ts';

// Issue 22: the settings page tells the administrator why single sign-ons were refused.

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORIGIN = 'http://acme.formloop.test';
const saved: SsoSettings = {
  saml: {
    enabled: false,
    displayName: '',
    metadataUrl: '',
    metadataXml: '',
    entryPoint: '',
    idpCertificate: '',
    idpEntityId: '',
    spEntityId: '',
    usernameAttribute: 'nameID',
    emailAttribute: 'email',
    fullNameAttribute: 'displayName',
  },
  oidc: {
    enabled: true,
    displayName: '',
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

const FAILURES: SsoFailure[] = [
  {
    id: 'f2',
    occurredOn: '2026-03-02T10:15:00.000Z',
    provider: 'oidc',
    cause: 'clientRejected',
    subject: '',
    detail: 'invalid_client: client authentication failed',
  },
  {
    id: 'f1',
    occurredOn: '2026-03-01T08:00:00.000Z',
    provider: 'saml',
    cause: 'unknownUser',
    subject: 'john.smith@corp.test',
    detail: 'no user matches john.smith@corp.test',
  },
];

function renderPage() {
  authStore.signIn({ ...adminSession, isAdministrator: true, isFullUser: true });
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
    ],
    { initialEntries: [SSO_SETTINGS_PATH] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const items = () => screen.getAllByTestId('sso-failure');
/** The page's first render loads its route chunk and namespaces: slow on a busy machine. */
const FIRST_RENDER = { timeout: 20_000 };

describe('single sign-on settings: the last refused sign-ins', { timeout: 30_000 }, () => {
  it('lists them newest first: time, provider, cause in words, the account and the provider’s words', async () => {
    mockFetch({ [`GET ${SSO_PATHS.settings}`]: ok(saved), [`GET ${SSO_PATHS.failures}`]: ok(FAILURES) });
    renderPage();
    const card = await screen.findByTestId('sso-failures-card', {}, FIRST_RENDER);
    expect(within(card).getByText('Last refused sign-ins')).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(2), FIRST_RENDER);
    const [newest, older] = items();
    expect(newest!.textContent).toContain('OpenID Connect');
    expect(newest!.textContent).toContain('The provider rejected the client id or secret');
    expect(newest!.textContent).toContain('invalid_client: client authentication failed');
    expect(newest!.querySelector('time')?.getAttribute('datetime')).toBe(FAILURES[0]!.occurredOn);
    expect(newest!.querySelector('time')?.textContent).toMatch(/2026/);
    expect(older!.textContent).toContain('SAML');
    expect(older!.textContent).toContain('No account here matches (username or e-mail)');
    expect(older!.textContent).toContain('Account at the provider: john.smith@corp.test');
  });

  it('speaks the reader’s language', async () => {
    await act(async () => {
      await i18n.loadLanguages(['de']);
      await i18n.changeLanguage('de');
    });
    mockFetch({ [`GET ${SSO_PATHS.settings}`]: ok(saved), [`GET ${SSO_PATHS.failures}`]: ok(FAILURES) });
    renderPage();
    expect(await screen.findByText('Zuletzt abgelehnte Anmeldungen', {}, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]!.textContent).toContain('Der Anbieter hat Client-ID oder Geheimnis abgelehnt');
    expect(items()[1]!.textContent).toContain('Konto beim Anbieter');
  });

  it('says when there are none, and refreshes on demand', async () => {
    let answer: SsoFailure[] = [];
    const calls = mockFetch({
      [`GET ${SSO_PATHS.settings}`]: ok(saved),
      [`GET ${SSO_PATHS.failures}`]: () => ok(answer),
    });
    renderPage();
    expect((await screen.findByTestId('sso-failures-empty', {}, FIRST_RENDER)).textContent).toBe(
      'No single sign-on has been refused.',
    );
    answer = FAILURES.slice(1);
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(calls.filter((call) => call.url === SSO_PATHS.failures)).toHaveLength(2);
  });

  it('offers to try again when they cannot be loaded, while the settings stay usable', async () => {
    let reply = fail(400, 'Bad request');
    mockFetch({ [`GET ${SSO_PATHS.settings}`]: ok(saved), [`GET ${SSO_PATHS.failures}`]: () => reply });
    renderPage();
    const card = await screen.findByTestId('sso-failures-card', {}, FIRST_RENDER);
    const alert = await within(card).findByRole('alert', {}, FIRST_RENDER);
    expect(alert.textContent).toContain('The refused sign-ins could not be loaded.');
    expect(screen.getByTestId('sso-settings-form')).toBeTruthy();
    reply = ok(FAILURES);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(2));
  });
});
