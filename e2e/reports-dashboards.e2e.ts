import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { apiAs, type Api } from './support/api.ts';
import { choose, fillAll } from './support/antd.ts';
import { field, publishApp, section } from './support/forms.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN, USERS } from './support/users.ts';

// Issue 24's journey: a full user designs a grouped report with a chart, saves it, opens it in the
// viewer and exports XLSX and PDF (the files read back); builds a dashboard with a number card, a bar
// chart and a date filter; clicks a bar (cross-filter) and the number card (drill to the record list
// with the same count); another user's submit updates the open dashboard without a reload; Quick
// Report answers a typed search; launch_page quickreport lands on /inquiry; a plain user gets /404.
// Screenshots of each page in English and German.

test.use({ viewport: { width: 1440, height: 1000 } });

const locale = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));

/** A screenshot of the whole page from its top (the shell's bars are fixed: scrolled, they float). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** A Save button (antd names it with its icon's label first). */
const SAVE = /^(save )?Save$/;

const CITIES = { Berlin: 3, Paris: 2, Rome: 1 } as const;

let fiona: Api;
let admin: Api;

test.beforeAll(async () => {
  fiona = await apiAs(process.env.E2E_BASE_URL!, USERS.fiona.username, USERS.fiona.password);
  admin = await apiAs(process.env.E2E_BASE_URL!, ADMIN.username, ADMIN.password);
});
test.afterAll(async () => {
  // Other journeys sign fiona in and expect her usual start page.
  await fiona?.post('/identity/manageauthenticator/userinfo', {
    preference: { launch_page: { type: 'home' } },
  });
  await fiona?.dispose();
  await admin?.dispose();
});

async function arrangeDeliveries(suffix: string): Promise<{ appId: string; appName: string }> {
  const appName = `Deliveries ${suffix}`;
  const appId = await publishApp(fiona, appName, [
    section('main', 'Delivery', [[field('text', 'city', 'City'), field('number', 'amount', 'Amount')]], 0),
  ]);
  let amount = 10;
  for (const [city, count] of Object.entries(CITIES)) {
    for (let i = 0; i < count; i += 1) {
      await fiona.post('/api/EntryModule/submit', { moduleId: appId, data: { city, amount } });
      amount += 10;
    }
  }
  return { appId, appName };
}

const saved = async (download: Download) => readFile((await download.path())!);

/** The entries count the record list shows under its table. */
const listTotal = (page: Page) => page.getByText(/^Entries: \d+$/).first();

async function exportAs(page: Page, choice: RegExp): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  await page.getByRole('menuitem', { name: choice }).click();
  return downloading;
}

/**
 * Clicks a bar of the dashboard's chart card, the `index`-th from the left, on its pixels (ECharts
 * draws SVG: the bars are the filled paths of a bar's size; axis lines and labels are thinner).
 */
async function clickBar(page: Page, index: number) {
  const chart = page.getByTestId('dashboard-card').filter({ has: page.locator('svg') });
  await chart.scrollIntoViewIfNeeded();
  const paths = chart.locator('svg path');
  const boxes = await paths.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const fill = element.getAttribute('fill') ?? 'none';
      return { x: box.x, y: box.y, width: box.width, height: box.height, fill };
    }),
  );
  const bars = boxes
    .filter((box) => box.fill !== 'none' && box.fill !== 'transparent' && box.width > 16 && box.height > 8)
    .sort((a, b) => a.x - b.x);
  const bar = bars[index]!;
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height - 4);
}

test('a full user designs, views and exports a report, then builds a live dashboard that drills to records', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const { appId, appName } = await arrangeDeliveries(suffix);
  const reportName = `Deliveries by city ${suffix}`;

  await page.goto('/authentication/login');
  await signIn(page, USERS.fiona.username, USERS.fiona.password);
  await expectSignedInAs(page, USERS.fiona.fullname);

  // ---- the designer: app, a group, a bar chart; the preview shows real counts ----
  await page.goto('/report-designer');
  // One h1 a page: the shell's, with the trail's title.
  await expect(page.getByRole('heading', { level: 1, name: 'New report' })).toHaveCount(1);
  await expect(page.getByTestId('report-designer')).toBeVisible();
  await shot(page, 'report-designer-empty-en');
  await choose(page, page.getByLabel('App', { exact: true }), appName, page.getByText('Groups and measures'));
  await page.getByRole('button', { name: 'Add a group' }).click();
  await choose(page, page.getByLabel('Group 1: field'), /^City$/, page.getByTestId('grouped-table'));
  await choose(
    page,
    page.getByLabel('Chart type'),
    'Bar chart',
    page.getByTestId('designer-preview').locator('svg').first(),
  );
  const preview = page.getByTestId('designer-preview');
  for (const [city, count] of Object.entries(CITIES)) {
    await expect(preview.getByRole('row', { name: new RegExp(`${city}\\s+${count}`) })).toBeVisible();
  }
  await shot(page, 'report-designer-en');
  await page.getByRole('button', { name: SAVE }).click();
  const dialog = page.getByRole('dialog');
  await fillAll([[dialog.getByLabel('Report name'), reportName]]);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/report-designer\?id=[0-9a-f-]{36}$/);
  const reportId = new URL(page.url()).searchParams.get('id')!;

  // ---- the list and the viewer ----
  await page.goto('/reports');
  await expect(page.getByRole('link', { name: reportName, exact: true })).toBeVisible();
  await shot(page, 'reports-en');
  await page.getByRole('link', { name: reportName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/report-viewer\\?id=${reportId}$`));
  await expect(page.getByRole('heading', { level: 1, name: reportName })).toBeVisible();
  await expect(page.getByTestId('grouped-table').getByRole('row', { name: /Berlin\s+3/ })).toBeVisible();
  await shot(page, 'report-viewer-en');

  // ---- exports: the workbook and the PDF carry the groups and their counts ----
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await saved(await exportAs(page, /Excel workbook/))) as unknown as ArrayBuffer);
  const cells = workbook.worksheets[0]!.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : []));
  expect(cells).toContain(reportName);
  for (const [city, count] of Object.entries(CITIES)) {
    const rowOf = workbook.worksheets[0]!.getRows(1, workbook.worksheets[0]!.rowCount)!.find(
      (row) => row.getCell(1).value === city,
    );
    expect(rowOf?.getCell(2).value, city).toBe(count);
  }
  const pdf = await saved(await exportAs(page, /^PDF document$/));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
  expect(text).toContain(reportName);
  expect(text).toMatch(/Berlin\s+3/);

  // ---- a dashboard: a date filter and a city filter, a number card and a bar chart ----
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards & Reports' })).toHaveCount(1);
  await page.getByRole('button', { name: 'New dashboard' }).click();
  const create = page.getByRole('dialog');
  await fillAll([[create.getByLabel('Name'), `Deliveries ${suffix}`]]);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('dashboard-name')).toHaveText(`Deliveries ${suffix}`);
  // A new dashboard opens in edit mode.
  const settings = page.getByTestId('dashboard-settings');
  await settings.getByRole('button', { name: 'Add filter' }).click();
  await choose(
    page,
    settings.getByLabel('Kind of filter 1'),
    'Date range',
    settings.getByTitle('Date range'),
  );
  await fillAll([
    [settings.getByLabel('Label of filter 1'), 'Created'],
    [settings.getByLabel('Field of filter 1'), 'created_on'],
  ]);
  await settings.getByRole('button', { name: 'Add filter' }).click();
  await fillAll([
    [settings.getByLabel('Label of filter 2'), 'City'],
    [settings.getByLabel('Field of filter 2'), 'city'],
  ]);
  // The number card: a count of the app's records.
  await settings.getByRole('button', { name: 'Add card' }).click();
  let add = page.getByRole('dialog', { name: 'Add a card' });
  await choose(page, add.getByLabel('Card type'), 'Number card', add.getByTitle('Number card'));
  await add.getByLabel('Title').fill('Deliveries');
  await add.getByText('A count by field').click();
  await choose(page, add.getByLabel('App', { exact: true }), appName, add.getByTitle(appName));
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  // The bar chart: the saved report.
  await settings.getByRole('button', { name: 'Add card' }).click();
  add = page.getByRole('dialog', { name: 'Add a card' });
  await choose(page, add.getByLabel('Report', { exact: true }), reportName, add.getByTitle(reportName));
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await shot(page, 'dashboard-edit-en');
  await page.getByRole('button', { name: SAVE }).click();

  const number = page.getByTestId('number-card');
  await expect(number).toHaveAccessibleName(/^6 Deliveries\./);
  await expect(page.getByTestId('dashboard-filters')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?id=[0-9a-f-]{36}$/);
  const dashboardUrl = new URL(page.url());
  await shot(page, 'dashboard-en');

  // Cross-filter: a click on Berlin's bar sets the city filter; the number card counts Berlin only.
  await expect(page.getByTestId('dashboard-card').locator('svg').first()).toBeVisible();
  await expect(async () => {
    await clickBar(page, 0);
    await expect(number).toHaveAccessibleName(/^3 Deliveries\./, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-filters').getByLabel('City')).toHaveValue('Berlin');
  await shot(page, 'dashboard-cross-filtered-en');

  // Another user submits a Berlin delivery: the open dashboard shows it without a reload.
  await admin.post('/api/EntryModule/submit', { moduleId: appId, data: { city: 'Berlin', amount: 99 } });
  await expect(number).toHaveAccessibleName(/^4 Deliveries\./, { timeout: 20_000 });

  // Drill: the number card opens the record list with exactly its filters and the same count.
  await number.click();
  await expect(page).toHaveURL(new RegExp(`/module/${appId}\\?filters=`));
  await expect(listTotal(page)).toHaveText('Entries: 4');
  await shot(page, 'dashboard-drill-records-en');

  // ---- Quick Report answers a typed search ----
  await page.goto('/inquiry');
  await choose(
    page,
    page.getByTestId('inquiry-app').getByRole('combobox'),
    appName,
    page.getByLabel('Search the records'),
  );
  await page.getByLabel('Search the records').fill('Paris');
  await expect(page.getByText(/^Entries: 2$|^Records: 2$/).first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'inquiry-en');

  // ---- the same pages in German ----
  const de = { reports: locale('de', 'reports'), dashboard: locale('de', 'dashboard') };
  await page.evaluate(() => localStorage.setItem('formloop.language', 'de'));
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: de.reports.list.title })).toBeVisible();
  await shot(page, 'reports-de');
  await page.goto(`/report-viewer?id=${reportId}`);
  await expect(page.getByTestId('grouped-table')).toBeVisible();
  await shot(page, 'report-viewer-de');
  await page.goto(`/report-designer?id=${reportId}`);
  await expect(page.getByTestId('designer-preview').getByTestId('grouped-table')).toBeVisible();
  await shot(page, 'report-designer-de');
  await page.goto(`${dashboardUrl.pathname}${dashboardUrl.search}`);
  await expect(page.getByRole('heading', { level: 1, name: de.dashboard.title })).toBeVisible();
  await expect(number).toBeVisible();
  await shot(page, 'dashboard-de');
  await page.goto('/inquiry');
  await expect(page.getByRole('heading', { level: 1, name: de.reports.inquiry.title })).toBeVisible();
  await shot(page, 'inquiry-de');
  for (const [route, ready] of [
    ['/business-intelligence', 'bi-builder'],
    ['/bi-reports', 'bi-reports-page'],
    ['/dashboard-landing', 'dashboard-page'],
    ['/list-dashboard', 'dashboard-page'],
  ] as const) {
    await page.goto(route);
    await expect(page.getByTestId(ready)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await shot(page, `${route.slice(1)}-de`);
  }
  await page.evaluate(() => localStorage.setItem('formloop.language', 'en'));

  // ---- launch_page quickreport lands a full user on /inquiry ----
  await fiona.post('/identity/manageauthenticator/userinfo', {
    preference: { launch_page: { type: 'quickreport' } },
  });
  // A fresh browser: she signs in again and lands on her launch page.
  const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const again = await fresh.newPage();
    await again.goto('/authentication/login');
    await signIn(again, USERS.fiona.username, USERS.fiona.password);
    await expect(again).toHaveURL(/\/inquiry$/);
    await expect(again.getByTestId('inquiry')).toBeVisible();
    await shot(again, 'launch-page-quickreport-en');
  } finally {
    await fresh.close();
  }
});

test('a plain user gets /404 on the dashboards and reports routes', async ({ page }) => {
  await page.goto('/authentication/login');
  await signIn(page, USERS.olivia.username, USERS.olivia.password);
  await expectSignedInAs(page, USERS.olivia.fullname);
  for (const route of ['/dashboard', '/reports', '/report-designer', '/inquiry', '/business-intelligence']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/404$/);
  }
  await shot(page, 'plain-user-dashboard-404-en');
});
