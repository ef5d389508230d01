import { expect, test } from '@playwright/test';
import { expectSignedInAs, SIGN_IN_BUTTON, signIn, snap } from './support/journey.ts';
import { ADMIN, USERS } from './support/users.ts';

test('the seeded administrator signs in and out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/authentication\/login/);
  await snap(page, 'login');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).not.toHaveURL(/\/authentication/);
  await expectSignedInAs(page, ADMIN.fullname);
  await snap(page, 'signed-in');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/authentication\/login/);
  // Signed out for real: the protected page sends us back to sign in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/authentication\/login/);
});

test('a wrong password is refused with the server message and nothing else happens', async ({ page }) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.olivia.username, 'not-her-password');
  await expect(page.getByTestId('login-error')).toContainText('Invalid username or password.');
  await expect(page).toHaveURL(/\/authentication\/login/);
  await snap(page, 'wrong-password');
});

test('the sign-in form checks its fields before sending (spec §5 messages)', async ({ page }) => {
  await page.goto('/authentication/login');
  await page.getByLabel('Password').fill('ab');
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByText('Minimum 3 characters')).toBeVisible();
  await snap(page, 'login-validation');
});

test('a deep link while signed out goes through sign-in and back to the deep link', async ({ page }) => {
  await page.goto('/app/user/profile?tab=security');
  await expect(page).toHaveURL(/\/authentication\/login\?ReturnUrl=%2Fapp%2Fuser%2Fprofile%3Ftab%3Dsecurity/);
  await signIn(page, USERS.fiona.username, USERS.fiona.password);
  await expect(page).toHaveURL(/\/app\/user\/profile\?tab=security$/);
  await snap(page, 'deep-link-returned');
});
