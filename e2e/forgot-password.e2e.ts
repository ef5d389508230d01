import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail-drop.ts';
import { expectSignedInAs, SIGN_IN_BUTTON, signIn, snap } from './support/journey.ts';
import { USERS } from './support/users.ts';

test('forgot password: the mail arrives over SMTP, its link resets the password, the new one signs in', async ({
  page,
}) => {
  const since = Date.now();
  await page.goto('/authentication/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/authentication\/forgot-password/);
  await page.getByLabel('Username').fill(USERS.rita.username);
  await snap(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If this username has an account, a password reset link has been sent to its e-mail address.',
    ),
  ).toBeVisible();

  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, USERS.rita.email, since);
  expect(mail.subject).toBe('Reset your Formloop password');
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('rita-new-pass');
  await page.getByLabel('Confirm new password').fill('rita-new-pass');
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/authentication\/login/);

  await expect(
    page.getByText('Your password has been changed. Please sign in with the new password.'),
  ).toBeVisible();
  await signIn(page, USERS.rita.username, USERS.rita.password);
  await expect(page.getByTestId('login-error')).toContainText('Invalid username or password.');
  await page.getByLabel('Password').fill('rita-new-pass');
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
  await expectSignedInAs(page, USERS.rita.fullname);
});
