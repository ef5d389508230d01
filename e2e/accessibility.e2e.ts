import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, type Api } from './support/api.ts';
import { field, publishApp, section } from './support/forms.ts';
import { signIn } from './support/journey.ts';
import { ADMIN } from './support/users.ts';

// WCAG 2.2 AA as axe-core checks it (issue 25 item 3): no critical or serious violation on the pages
// a user reaches — sign-in, the shell, lists, the record list and item editor, a task, reports and
// the report designer, a dashboard with cards, BI, settings — at 1440 px and on a phone.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let admin: Api;
let appId: string;
let dashboardId: string;

test.beforeAll(async () => {
  admin = await apiAs(process.env.E2E_BASE_URL!, ADMIN.username, ADMIN.password);
  appId = await publishApp(admin, `Accessible orders ${Date.now()}`, [
    section(
      'main',
      'Order',
      [[field('text', 'customer', 'Customer'), field('number', 'amount', 'Amount')]],
      0,
    ),
  ]);
  for (const [customer, amount] of [
    ['Northwind Traders', 1250],
    ['Contoso Manufacturing', 98_000],
    ['Northwind Traders', 310],
  ] as const) {
    await admin.post('/api/EntryModule/submit', { moduleId: appId, data: { customer, amount } });
  }
  const dashboard = await admin.post<{ id: string }>('/api/form/dashboard/save', {
    name: `Accessible overview ${Date.now()}`,
    filters: [{ id: 'created', label: 'Created', kind: 'dateRange', field: 'created_on' }],
    cards: [
      {
        id: 'count',
        type: 'number',
        title: 'Orders',
        target: 10,
        definition: { moduleId: appId, measures: [{ aggregate: 'count' }] },
      },
      {
        id: 'by-customer',
        type: 'chart',
        title: 'By customer',
        x: 4,
        w: 8,
        h: 4,
        definition: {
          moduleId: appId,
          groupBy: [{ field: 'customer' }],
          measures: [{ aggregate: 'sum', field: 'amount' }],
          chart: { type: 'bar' },
        },
      },
    ],
  });
  dashboardId = dashboard.id;
});
test.afterAll(() => admin?.dispose());

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
}

async function checkPage(page: Page, route: string, ready: (page: Page) => Promise<void>) {
  await page.goto(route);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page), route).toEqual([]);
  // One h1 per page: the page's own, else the shell's title of it.
  await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1);
}

const mainShown = async (page: Page) => {
  await expect(page.locator('main')).toBeVisible();
};

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`axe finds nothing serious on the pages people use (${viewport.width} px)`, async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport, baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    await page.goto('/authentication/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    expect(await seriousViolations(page), 'sign-in').toEqual([]);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));

    await checkPage(page, `/module/${appId}`, async (p) => {
      await expect(p.getByText('Contoso Manufacturing')).toBeVisible();
    });
    await checkPage(page, `/item-editor/${appId}`, async (p) => {
      await expect(p.getByLabel('Customer')).toBeVisible();
    });
    await checkPage(page, `/dashboard?id=${dashboardId}`, async (p) => {
      await expect(p.getByTestId('number-card')).toBeVisible();
      await expect(p.getByText('Contoso Manufacturing').first()).toBeAttached();
    });
    for (const route of [
      '/tasks',
      '/applications',
      '/reports',
      '/report-designer',
      '/inquiry',
      '/business-intelligence',
      '/bi-reports',
      '/notifications',
      '/app/user/profile',
      '/settings',
      '/settings/user-management',
      '/referencedata',
    ]) {
      await checkPage(page, route, mainShown);
    }
    await context.close();
  });
}
