import { expect, type Page } from '@playwright/test';

/**
 * The Sign In button. antd keeps its spinner icon (aria-label 'loading') in the button until a
 * collapse animation ends, which headless Chromium sometimes never finishes, so the name may lag.
 */
export const SIGN_IN_BUTTON = /^(loading )?Sign In$/;

/** Fills the sign-in form and submits it, as a person would. */
export async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: SIGN_IN_BUTTON }).click();
}

/** Keeps a screenshot of the screen as a test artifact, named after the step. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/e2e/screens/${name}.png`, fullPage: true });
}

export async function expectSignedInAs(page: Page, fullname: string) {
  await expect(page.getByText(fullname).first()).toBeVisible();
}
