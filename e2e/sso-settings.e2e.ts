import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SSO_MESSAGES } from '@formloop/contracts';
import type { TestSamlIdp } from '../apps/server/test/saml-idp.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { serveOidcProviderForDemo } from './support/oidc.ts';
import { serveTestSamlIdp, switchSsoOff } from './support/saml.ts';
import { ADMIN, USERS } from './support/users.ts';

// Issue 9's set-up journeys: an administrator enters a real SAML identity provider (samlify, its
// own key, on 127.0.0.1) on the settings page and people then sign in through it; and a third-party
// OpenID Connect provider (oidc-provider, the certified implementation) signs someone in through the
// full authorization code flow with PKCE, its own login page filled in by the browser.

const IDP_ENTITY_ID = 'https://idp.e2e.test/saml';
const appOrigin = () => new URL(process.env.E2E_BASE_URL!).origin;

test.describe('SAML settings', () => {
  let samlIdp: TestSamlIdp;

  test.beforeAll(async () => {
    samlIdp = await serveTestSamlIdp(process.env.E2E_BASE_URL!, [
      { nameId: USERS.olivia.username, email: USERS.olivia.email, displayName: USERS.olivia.fullname },
    ]);
  });
  // Back to the usual login page for the journeys that follow, whatever this one left behind.
  test.afterAll(async () => {
    await switchSsoOff(process.env.E2E_BASE_URL!);
    await samlIdp?.close();
  });

  test('an administrator sets up SAML on the settings page; a known user then signs in through it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/authentication/login');
    await signIn(page, ADMIN.username, ADMIN.password);
    await expectSignedInAs(page, ADMIN.fullname);

    await page.goto('/settings');
    await page
      .getByRole('region', { name: 'Security' })
      .getByRole('link', { name: /Single sign-on/ })
      .click();
    await expect(page).toHaveURL(/\/settings\/single-sign-on$/);
    const samlCard = page.getByTestId('sso-saml-card');
    const samlSwitch = samlCard.getByRole('switch', { name: 'Sign in with SAML' });
    const entryPoint = samlCard.getByLabel('Sign-in URL (entry point)', { exact: true });
    const idpEntityId = samlCard.getByLabel('Identity provider entity ID', { exact: true });
    await expect(samlSwitch).not.toBeChecked();
    await expect(entryPoint).toHaveValue('');
    await expect(idpEntityId).toHaveValue('');
    await snap(page, 'sso-settings-empty');

    // The IdP's metadata as its administrator hands it over: the rest is read from it.
    await samlSwitch.click();
    await expect(samlSwitch).toBeChecked();
    await samlCard.getByLabel('Identity provider metadata XML', { exact: true }).fill(samlIdp.metadataXml);
    await samlCard.getByRole('button', { name: 'Test connection' }).click();
    const validTo = new Date(new X509Certificate(samlIdp.certificatePem).validTo).toISOString().slice(0, 10);
    await expect(page.getByTestId('sso-test-saml-result')).toContainText(
      SSO_MESSAGES.samlTestSucceeded.replace('{validTo}', validTo),
    );
    await snap(page, 'sso-settings-filled');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(SSO_MESSAGES.saved)).toBeVisible();
    await expect(entryPoint).toHaveValue(samlIdp.ssoUrl!);
    await expect(idpEntityId).toHaveValue(IDP_ENTITY_ID);
    await expect(samlCard.getByLabel('Identity provider signing certificate', { exact: true })).toHaveValue(
      /-----BEGIN CERTIFICATE-----/,
    );
    await expect(samlSwitch).toBeChecked();
    await snap(page, 'sso-settings-saved');

    // Our own metadata, for the IdP's administrator.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('sso-saml-metadata-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('demo-sp-metadata.xml');
    const spMetadata = await readFile(await download.path(), 'utf8');
    expect(spMetadata).toMatch(/<(\w+:)?EntityDescriptor\b/);
    const acsLocation = /<(?:\w+:)?AssertionConsumerService\b[^>]*\bLocation="([^"]+)"/.exec(spMetadata)?.[1];
    expect(acsLocation).toMatch(/\/identity\/sso\/saml\/acs$/);

    // Signed out, the login page now offers SAML, and the IdP signs a known user in.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/authentication\/login/);
    const samlButton = page.getByTestId('sso-saml');
    await expect(samlButton).toBeEnabled();
    await samlButton.click();
    await expect(page.getByRole('heading', { name: 'Test IdP — sign in as' })).toBeVisible();
    await page.getByRole('button', { name: `Sign in as ${USERS.olivia.username}` }).click();
    await expect(page).toHaveURL(
      (url) => url.origin === appOrigin() && !url.pathname.startsWith('/authentication/'),
    );
    await expectSignedInAs(page, USERS.olivia.fullname);
    // The workspace splash covers the page for its first seconds; the screenshot wants the page.
    await expect(page.getByTestId('loading-splash')).toHaveCount(0);
    await snap(page, 'sso-settings-saml-signed-in');
  });
});

test.describe('OpenID Connect', () => {
  const PROVIDER_NAME = 'Acme ID';
  // The provider knows Rita under another username: she is matched here by her e-mail address.
  const account = {
    login: 'rita.r@acme-id.test',
    password: 'acme-id-pass',
    claims: { preferred_username: 'rita.resetter', email: USERS.rita.email, name: USERS.rita.fullname },
  };
  let provider: Awaited<ReturnType<typeof serveOidcProviderForDemo>>;

  test.beforeAll(async () => {
    provider = await serveOidcProviderForDemo(process.env.E2E_BASE_URL!, {
      displayName: PROVIDER_NAME,
      accounts: [account],
    });
  });
  test.afterAll(async () => {
    if (provider) await provider.close();
    else await switchSsoOff(process.env.E2E_BASE_URL!);
  });

  test('sign in with a third-party account: the provider’s own login page, then back at the deep link', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Every address the tab shows, the app's own client-side navigations included.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/authentication\/login\?ReturnUrl=%2Ftasks$/);
    const externalButton = page.getByTestId('sso-external');
    await expect(externalButton).toHaveText(PROVIDER_NAME);
    await expect(externalButton).toBeEnabled();
    await externalButton.click();

    // The provider's pages, on its own origin: log in, then allow what our app asks for (a fresh
    // provider has no grant yet, so it always asks).
    await expect(page).toHaveURL((url) => url.origin === provider.peer.issuer);
    const login = page.locator('input[name="login"]');
    await login.fill(account.login);
    await page.locator('input[name="password"]').fill(account.password);
    await snap(page, 'sso-oidc-provider-login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(login).toBeHidden();
    await expect(page).toHaveURL((url) => url.origin === provider.peer.issuer);
    await snap(page, 'sso-oidc-provider-consent');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/tasks$/);
    expect(visited).toContain(`${appOrigin()}/authentication/sso?ReturnUrl=%2Ftasks`);
    await expectSignedInAs(page, USERS.rita.fullname);
    await expect(page.getByPlaceholder('Search by app or step')).toBeVisible();
    await expect(page.getByTestId('loading-splash')).toHaveCount(0);
    await snap(page, 'sso-oidc-signed-in');
  });
});
