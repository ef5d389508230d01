import { expect, test, type Page } from '@playwright/test';
import { apiAs, type Api } from './support/api.ts';
import { field, publishApp, section } from './support/forms.ts';
import { signIn, snap } from './support/journey.ts';
import { ADMIN } from './support/users.ts';

// A phone (390×844, issue 25 item 2, spec §9 md breakpoint): the sidebar is a drawer the top bar
// opens, and no page scrolls sideways — the shell, the lists, the record list with its actions, the
// item editor, reports and dashboards, settings, in English and in German.

test.use({ viewport: { width: 390, height: 844 } });

let admin: Api;
let appId: string;

test.beforeAll(async () => {
  admin = await apiAs(process.env.E2E_BASE_URL!, ADMIN.username, ADMIN.password);
  appId = await publishApp(admin, `Phone orders ${Date.now()}`, [
    section(
      'main',
      'Order',
      [
        [
          field('text', 'customer', 'Customer'),
          field('number', 'amount', 'Amount'),
          field('date', 'due', 'Due'),
        ],
      ],
      0,
    ),
  ]);
  for (const [customer, amount] of [
    ['Northwind Traders', 1250],
    ['Contoso Manufacturing', 98_000],
  ] as const) {
    await admin.post('/api/EntryModule/submit', {
      moduleId: appId,
      data: { customer, amount, due: '2026-12-24' },
    });
  }
});
test.afterAll(() => admin?.dispose());

/** The page is no wider than the screen (nothing scrolls sideways), once it has drawn. */
async function fitsTheScreen(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: route })
    .toBeLessThanOrEqual(390);
}

/** Buttons and text boxes a finger uses on the page are at least 44 px tall (issue 25 item 2). */
async function touchTargetsFit(page: Page, route: string) {
  const small = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll('main .ant-btn, main input.ant-input, main .ant-select-single'),
      // A text box with a prefix or an addon is the wrapper the finger meets.
      (element) => element.closest('.ant-input-affix-wrapper, .ant-input-group-wrapper') ?? element,
    )
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const textual = /ant-btn-(link|text|sm)/.test(element.className);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !textual;
      })
      .map((element) => ({
        what: element.outerHTML.slice(0, 80),
        height: element.getBoundingClientRect().height,
      }))
      .filter((target) => target.height < 43.5),
  );
  expect(small, route).toEqual([]);
}

test('a phone gets the menu as a drawer and pages that fit the screen, in English and German', async ({
  page,
}) => {
  await page.goto('/authentication/login');
  await signIn(page, ADMIN.username, ADMIN.password);
  const open = page.getByRole('button', { name: 'Open the menu' });
  await expect(open).toBeVisible();
  // No sidebar beside the page until asked for.
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
  await open.click();
  const drawer = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(drawer).toBeVisible();
  await snap(page, 'phone-drawer');
  await drawer.getByRole('link', { name: 'Apps' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();

  for (const route of [
    '/tasks',
    '/applications',
    `/module/${appId}`,
    `/item-editor/${appId}`,
    '/dashboard',
    '/reports',
    '/report-designer',
    '/inquiry',
    '/notifications',
    '/app/user/profile',
    '/settings',
  ]) {
    await fitsTheScreen(page, route);
  }
  await page.goto(`/module/${appId}`);
  await expect(page.getByText('Northwind Traders')).toBeVisible();
  await touchTargetsFit(page, 'record list');
  await page.goto(`/item-editor/${appId}`);
  await expect(page.getByLabel('Customer')).toBeVisible();
  await touchTargetsFit(page, 'item editor');
  await page.goto(`/module/${appId}`);
  await expect(page.getByText('Northwind Traders')).toBeVisible();
  await expect(page.getByRole('button', { name: /New entry/ })).toBeInViewport();
  await snap(page, 'phone-record-list');

  await page.evaluate(() => localStorage.setItem('formloop.language', 'de'));
  for (const route of ['/tasks', `/module/${appId}`, '/dashboard']) await fitsTheScreen(page, route);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await snap(page, 'phone-dashboard-de');
});
