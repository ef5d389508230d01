import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, type Api } from './support/api.ts';
import { choose } from './support/antd.ts';
import { waitForMail } from './support/mail-drop.ts';
import { field, section } from './support/forms.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN, USERS } from './support/users.ts';

// Issue 7's journeys: a two-step approval app. The administrator (A) submits an entry; Fiona (B)
// finds the task in /tasks, rejects it with a reason; A resubmits from their own task; B approves
// both steps; the entry shows Completed with its history. Then a send-back to the first step, and a
// withdraw by A.

test.use({ viewport: { width: 1440, height: 1000 } });

let admin: Api;

test.beforeAll(async () => {
  admin = await apiAs(process.env.E2E_BASE_URL!, ADMIN.username, ADMIN.password);
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** Publishes an app whose workflow is Start → Manager approval → Finance approval → End, both the approver's (Fiona's). */
async function publishApprovalApp(name: string, approver: string = USERS.fiona.username): Promise<string> {
  const people = await admin.get<Array<{ approver_id: string; type: string; name: string }>>(
    `/api/form/Editor/LookupAssignee?search=${approver}`,
  );
  const fiona = people.find((person) => person.type === 'user')!;
  const step = (id: string, displayName: string, x: number) => ({
    activityId: id,
    type: 'Approval',
    name: 'Approval',
    displayName,
    position: { x, y: 0 },
    properties: {
      assignment: [{ approver_id: fiona.approver_id, type: 'user', name: fiona.name }],
      allowSendBack: true,
    },
  });
  const workflow = {
    activities: [
      {
        activityId: 'start',
        type: 'Start',
        name: 'Start',
        displayName: 'Start',
        position: { x: 0, y: 0 },
        properties: {},
      },
      step('manager', 'Manager approval', 260),
      step('finance', 'Finance approval', 520),
      {
        activityId: 'end',
        type: 'End',
        name: 'End',
        displayName: 'End',
        position: { x: 780, y: 0 },
        properties: {},
      },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
      { sourceActivityId: 'manager', targetActivityId: 'finance', outcome: 'Approve' },
      { sourceActivityId: 'finance', targetActivityId: 'end', outcome: 'Approve' },
    ],
  };
  const { id } = await admin.post<{ id: string }>('/api/form/Editor/CreateProcessFromScratch', { name });
  await admin.post('/api/form/Editor/SaveForm', {
    id,
    data: {
      formName: name,
      displayName: name,
      isPublished: false,
      fieldGroups: [
        section('request', 'Request', [[field('text', 'title', 'Title', { columnWidth: 6 })]], 0),
      ],
    },
    workflow,
  });
  await admin.post('/api/form/Editor/publish', { id });
  return id;
}

async function signedInPage(
  browser: Browser,
  user: { username: string; password: string; fullname: string },
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/authentication/login');
  await signIn(page, user.username, user.password);
  await expectSignedInAs(page, user.fullname);
  return page;
}

/** Opens the task of this step for the entry `title` from /tasks (searching for the unique app). */
async function openTask(page: Page, app: string, step: string) {
  await page.goto('/tasks');
  await page.getByPlaceholder('Search by app or step').fill(app);
  const row = page.getByRole('row').filter({ hasText: step }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(page).toHaveURL(/\/task-editor\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('task-action-bar')).toBeVisible();
}

async function entryIdOf(appId: string, title: string): Promise<string> {
  const list = await admin.post<{ data: Array<{ id: string; data: { title: string } }> }>(
    '/api/EntryModule/datatables',
    { moduleId: appId, page: 1, length: 10, filters: [{ field: 'title', operator: 'eq', value: title }] },
  );
  return list.data[0]!.id;
}

test('a two-step approval: reject with a reason, resubmit, approve twice, Completed with its history', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const app = `Purchases ${suffix}`;
  const appId = await publishApprovalApp(app);

  // A submits an entry.
  await page.goto('/authentication/login');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expectSignedInAs(page, ADMIN.fullname);
  await page.goto(`/item-editor/${appId}`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('New laptop');
  await page.getByRole('button', { name: /^Submit$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/module/${appId}`));
  const entryId = await entryIdOf(appId, 'New laptop');

  // B sees the task and rejects it with a reason.
  const fiona = await signedInPage(browser, USERS.fiona);
  await openTask(fiona, app, 'Manager approval');
  await snap(fiona, 'workflow-task-editor');
  await fiona.getByRole('button', { name: /^Reject$/ }).click();
  const reject = fiona.getByRole('dialog');
  await reject.getByLabel(/Reason/).fill('Too expensive');
  await reject.getByRole('button', { name: /^Reject$/ }).click();
  await expect(fiona.getByText('The task has been rejected.')).toBeVisible();
  await expect(fiona).toHaveURL(/\/tasks$/);

  // A finds the returned entry among their tasks and resubmits it, changed.
  await openTask(page, app, 'Resubmit');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Cheaper laptop');
  await page.getByRole('button', { name: /^Resubmit$/ }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  // B approves both steps.
  await openTask(fiona, app, 'Manager approval');
  await fiona.getByRole('button', { name: /^Approve$/ }).click();
  await fiona.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(fiona.getByText('The task has been approved.')).toBeVisible();
  await openTask(fiona, app, 'Finance approval');
  await fiona.getByRole('button', { name: /^Approve$/ }).click();
  await fiona.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(fiona).toHaveURL(/\/tasks$/);

  // A opens the entry: Completed, with each step in its history.
  await page.goto(`/item-editor/${appId}/${entryId}`);
  const history = page.getByTestId('workflow-panel');
  await expect(history).toBeVisible();
  await expect(page.getByText('Completed').first()).toBeVisible();
  for (const step of ['Rejected', 'Returned to the submitter', 'Resubmitted', 'Approved', 'Finished']) {
    await expect(history.getByText(step).first()).toBeVisible();
  }
  await expect(history.getByText('Too expensive')).toBeVisible();
  await snap(page, 'workflow-history-completed');
  await fiona.context().close();
});

test('a send-back to the first step, and a withdraw by the submitter', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const app = `Travel ${suffix}`;
  const appId = await publishApprovalApp(app);
  await admin.post('/api/EntryModule/submit', { moduleId: appId, data: { title: 'Conference trip' } });
  const entryId = await entryIdOf(appId, 'Conference trip');

  // B approves the first step, then sends the entry back from the second to the first.
  const fiona = await signedInPage(browser, USERS.fiona);
  await openTask(fiona, app, 'Manager approval');
  await fiona.getByRole('button', { name: /^Approve$/ }).click();
  await fiona.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(fiona).toHaveURL(/\/tasks$/);
  await openTask(fiona, app, 'Finance approval');
  await fiona.getByRole('button', { name: /^Send back$/ }).click();
  const dialog = fiona.getByRole('dialog');
  await choose(
    fiona,
    dialog.getByRole('combobox'),
    'Manager approval',
    dialog.getByTitle('Manager approval'),
  );
  await dialog.getByRole('button', { name: /^Send back$/ }).click();
  await expect(fiona.getByText('The entry has been sent back.')).toBeVisible();
  await openTask(fiona, app, 'Manager approval');
  await fiona.context().close();

  // A withdraws it: it is a draft again.
  await page.goto('/authentication/login');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expectSignedInAs(page, ADMIN.fullname);
  await page.goto(`/item-editor/${appId}/${entryId}`);
  const panel = page.getByTestId('workflow-panel');
  await expect(panel.getByText('Sent back').first()).toBeVisible();
  await panel.getByRole('button', { name: /^Withdraw$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Withdraw$/ })
    .click();
  await expect(page.getByText('The entry has been withdrawn. It is a draft again.')).toBeVisible();
  const draft = await admin.get<{ record: { status: string; is_draft: boolean } }>(
    `/api/EntryModule/${entryId}/detail`,
  );
  expect(draft.record).toMatchObject({ status: 'Draft', is_draft: true });
  await snap(page, 'workflow-withdrawn');
});

test("a German user's language comes from her browser at her first sign-in, and her task mail is German", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 1000 } });
  try {
    const greta = await context.newPage();
    await greta.goto('/authentication/login');
    await expect(greta.locator('html')).toHaveAttribute('lang', 'de');
    // The sign-in page is German already (the browser's language).
    const auth = JSON.parse(
      readFileSync(new URL('../apps/web/src/locales/de/auth.json', import.meta.url), 'utf8'),
    );
    await greta.getByLabel(auth.login.username).fill(USERS.greta.username);
    await greta.getByLabel(auth.login.password).fill(USERS.greta.password);
    await greta.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expectSignedInAs(greta, USERS.greta.fullname);
    await expect(greta.locator('html')).toHaveAttribute('lang', 'de');
    const de = JSON.parse(
      readFileSync(new URL('../apps/web/src/locales/de/shell.json', import.meta.url), 'utf8'),
    ) as { sidebar: { label: string; home: string } };
    await expect(
      greta.getByRole('navigation', { name: de.sidebar.label }).getByRole('link', { name: de.sidebar.home }),
    ).toBeVisible();
    // Stored on her, not only in this browser.
    const gretaApi = await apiAs(process.env.E2E_BASE_URL!, USERS.greta.username, USERS.greta.password);
    try {
      await expect
        .poll(
          async () =>
            (await gretaApi.get<{ language: string | null }>('/identity/manageauthenticator/userinfo'))
              .language,
        )
        .toBe('de');
    } finally {
      await gretaApi.dispose();
    }
  } finally {
    await context.close();
  }

  const app = `Bestellungen ${Date.now().toString(36)}`;
  const appId = await publishApprovalApp(app, USERS.greta.username);
  const since = Date.now();
  const { id: entryId } = await admin.post<{ id: string }>('/api/EntryModule/submit', {
    moduleId: appId,
    data: { title: 'Neuer Laptop' },
  });
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, USERS.greta.email, since, 30_000);
  expect(mail.subject).toBe(`${app}: neuer Datensatz ${entryId} eingereicht`);
  expect(mail.text).toContain('Manager approval');
  expect(mail.text).toContain('Aufgabe öffnen:');
});
