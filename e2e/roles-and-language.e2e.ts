import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { USERS } from './support/users.ts';

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

test('an ordinary user sees no full-user menus and gets /404 on a settings route', async ({ page }) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.olivia.username, USERS.olivia.password);
  await expectSignedInAs(page, USERS.olivia.fullname);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Apps' })).toBeVisible();
  for (const hidden of ['Dashboards & Reports', 'Business Intelligence', 'Quick Report']) {
    await expect(page.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Create App' })).toHaveCount(0);
  await snap(page, 'ordinary-user-shell');

  await page.goto('/settings/user-management');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await snap(page, 'ordinary-user-404');
});

test('a full user sees the full-user menus', async ({ page }) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.fiona.username, USERS.fiona.password);
  await expectSignedInAs(page, USERS.fiona.fullname);
  for (const shown of ['Dashboards & Reports', 'Business Intelligence', 'Quick Report']) {
    await expect(page.getByRole('link', { name: shown }).first()).toBeVisible();
  }
});

test('switching to Japanese translates the shell, and the choice is remembered on the user', async ({
  page,
  browser,
}) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.fiona.username, USERS.fiona.password);
  await expectSignedInAs(page, USERS.fiona.fullname);
  await page.getByRole('button', { name: new RegExp(USERS.fiona.fullname) }).click();
  await page.getByRole('menuitem', { name: /Language/ }).hover();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  const ja = locale('ja', 'shell');
  const en = locale('en', 'shell');
  expect(ja.sidebar.home).not.toBe(en.sidebar.home);
  const sidebar = page.getByRole('navigation', { name: ja.sidebar.label });
  await expect(sidebar.getByRole('link', { name: ja.sidebar.home })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: ja.sidebar.quickReport })).toBeVisible();
  // The built-in header menu entries come from the server and are shown in Japanese too.
  const header = page.getByRole('navigation', { name: ja.topBar.mainMenu });
  await expect(header.getByRole('link', { name: en.sidebar.home, exact: true })).toHaveCount(0);
  await expect(header.getByRole('link', { name: ja.sidebar.home })).toBeVisible();
  await expect(page.getByRole('button', { name: ja.notifications.title })).toBeVisible();
  await snap(page, 'shell-japanese');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(sidebar.getByRole('link', { name: ja.sidebar.home })).toBeVisible();

  // The choice is stored on the user: another browser shows Japanese once she signs in there.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const there = await other.newPage();
    await there.goto('/authentication/login');
    await expect(there.locator('html')).toHaveAttribute('lang', 'en');
    await signIn(there, USERS.fiona.username, USERS.fiona.password);
    await expect(there.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(there.getByRole('navigation', { name: ja.sidebar.label })).toBeVisible();
  } finally {
    await other.close();
  }

  // Back to English, stored too (the journeys after this one expect her in English).
  await page.getByRole('button', { name: new RegExp(USERS.fiona.fullname) }).click();
  await page.getByRole('menuitem', { name: ja.user.language }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const fiona = await apiAs(process.env.E2E_BASE_URL!, USERS.fiona.username, USERS.fiona.password);
  try {
    await expect
      .poll(
        async () =>
          (await fiona.get<{ language: string | null }>('/identity/manageauthenticator/userinfo')).language,
      )
      .toBe('en');
  } finally {
    await fiona.dispose();
  }
});
