import { expect, test } from '@playwright/test';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { USERS } from './support/users.ts';

// This instance mints 320-second tokens: the warning is due 5 minutes before expiry, 20 s in.
test.use({ baseURL: process.env.E2E_SHORT_TOKEN_URL });

test('the session-expiry modal counts down and Continue session keeps the user signed in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/authentication/login');
  await signIn(page, USERS.sam.username, USERS.sam.password);
  await expectSignedInAs(page, USERS.sam.fullname);

  const modal = page.getByRole('dialog', { name: 'Your session is expiring soon' });
  await expect(modal).toBeVisible({ timeout: 45_000 });
  const first = await modal
    .getByText(/\d{1,2}:\d{2}/)
    .first()
    .textContent();
  await page.waitForTimeout(2_000);
  const later = await modal
    .getByText(/\d{1,2}:\d{2}/)
    .first()
    .textContent();
  expect(later, 'the countdown moves').not.toBe(first);
  await snap(page, 'session-expiring');

  await modal.getByRole('button', { name: 'Continue session' }).click();
  await expect(modal).toBeHidden();
  // The refreshed token is good: a reload keeps the user signed in, with no modal.
  await page.reload();
  await expectSignedInAs(page, USERS.sam.fullname);
  await expect(page.getByRole('dialog', { name: 'Your session is expiring soon' })).toBeHidden();
});
