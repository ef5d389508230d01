import { expect, test } from '@playwright/test';
import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { expectSignedInAs, snap } from './support/journey.ts';
import { serveSamlIdpForDemo } from './support/saml.ts';
import { USERS } from './support/users.ts';

// Single sign-on through a real SAML identity provider (samlify, its own key, on 127.0.0.1): the
// login page's SAML button, the IdP's sign-in page, the signed answer posted back to our ACS.

let samlIdp: Awaited<ReturnType<typeof serveSamlIdpForDemo>>;

test.beforeAll(async () => {
  samlIdp = await serveSamlIdpForDemo(process.env.E2E_BASE_URL!, [
    { nameId: USERS.fiona.username, email: USERS.fiona.email, displayName: USERS.fiona.fullname },
    { nameId: 'stranger', email: 'stranger@idp.e2e.test', displayName: 'Stranger Danger' },
  ]);
});
test.afterAll(() => samlIdp?.close());

test('a deep link signed out → SAML button → the IdP → back through Verifying... to the deep link', async ({
  page,
}) => {
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/authentication\/login\?ReturnUrl=%2Ftasks$/);
  const samlButton = page.getByTestId('sso-saml');
  await expect(samlButton).toBeEnabled();
  await snap(page, 'sso-login-buttons');

  // Hold the session-token call until the 'Verifying...' screen has been seen and kept.
  let releaseToken!: () => void;
  const tokenHeld = new Promise<void>((resolve) => (releaseToken = resolve));
  await page.route(`**${API_PATHS.sessionToken}`, async (route) => {
    await tokenHeld;
    await route.continue();
  });

  await samlButton.click();
  await expect(page.getByRole('heading', { name: 'Test IdP — sign in as' })).toBeVisible();
  expect(page.url().startsWith(samlIdp.idp.ssoUrl!)).toBe(true);
  await snap(page, 'sso-test-idp');

  await page.getByRole('button', { name: `Sign in as ${USERS.fiona.username}` }).click();
  await expect(page).toHaveURL(/\/authentication\/sso\?ReturnUrl=%2Ftasks$/);
  await expect(page.getByText(MESSAGES.verifying)).toBeVisible();
  await snap(page, 'sso-verifying');
  releaseToken();

  await expect(page).toHaveURL(/\/tasks$/);
  await expectSignedInAs(page, USERS.fiona.fullname);
  await expect(page.getByPlaceholder('Search by app or step')).toBeVisible();
  await snap(page, 'sso-signed-in-at-return-url');
});

test('an IdP user with no account here is sent back to the login page with the reason', async ({ page }) => {
  await page.goto('/tasks');
  await page.getByTestId('sso-saml').click();
  await page.getByRole('button', { name: 'Sign in as stranger' }).click();
  await expect(page).toHaveURL(/\/authentication\/login\?.*ReturnUrl=%2Ftasks/);
  await expect(page.getByRole('alert')).toContainText(MESSAGES.ssoUnknownUser);
  await snap(page, 'sso-unknown-user');
});
