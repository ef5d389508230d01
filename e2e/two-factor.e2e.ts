import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { USERS } from './support/users.ts';

/** What an authenticator app would show for this key, `stepsAhead` periods from now. */
const codeFor = (sharedKey: string, stepsAhead = 0) =>
  new TOTP({
    secret: Secret.fromBase32(sharedKey.replace(/\s+/g, '').toUpperCase()),
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

test('enrol an authenticator app on My Profile, then sign in with a code from it', async ({ page }) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.tom.username, USERS.tom.password);
  await expectSignedInAs(page, USERS.tom.fullname);

  await page.goto('/app/user/profile');
  await page.getByRole('button', { name: 'Enable authenticator' }).click();
  const keyText = (await page.getByTestId('authenticator-key').textContent()) ?? '';
  expect(keyText).toMatch(/^([a-z2-7]{4} ?)+$/i);
  await snap(page, 'authenticator-qr');
  await page.getByRole('textbox', { name: /code/i }).fill(codeFor(keyText));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/recovery codes/i).first()).toBeVisible();
  await snap(page, 'authenticator-recovery-codes');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/authentication\/login/);
  await signIn(page, USERS.tom.username, USERS.tom.password);
  await expect(page).toHaveURL(/\/authentication\/mfa/);
  await expect(page.getByText(USERS.tom.username)).toBeVisible();
  await snap(page, 'mfa');
  // The enrolment code's time step is spent; the app's next code is accepted (one step of drift).
  await page.getByLabel('Authentication code').fill(codeFor(keyText, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInAs(page, USERS.tom.fullname);
});
