import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, type Api } from './support/api.ts';
import { field, section } from './support/forms.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN, USERS } from './support/users.ts';

// Issue 8's journey (spec §4 server push, §2 /notifications): Fiona (B) has her task list open; the
// administrator (A), in another browser, submits an entry of an app whose workflow assigns Fiona.
// Without reloading, Fiona's page shows the notice, her bell's badge and Home badge rise, and her task
// list shows the new task; she opens the notification, it is read (the badge goes down), and the
// entry opens at her task. Then issue 22: Olivia, an ordinary user without any role on the app, is
// the approver — she gets the task, its badge and its entry, and approves it.

test.use({ viewport: { width: 1440, height: 1000 } });

let admin: Api;

test.beforeAll(async () => {
  admin = await apiAs(process.env.E2E_BASE_URL!, ADMIN.username, ADMIN.password);
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** Publishes an app whose workflow is Start → Manager approval (Fiona's, or `approver`'s) → End. */
async function publishApprovalApp(
  name: string,
  approver: { username: string } = USERS.fiona,
): Promise<string> {
  const people = await admin.get<Array<{ approver_id: string; type: string; name: string }>>(
    `/api/form/Editor/LookupAssignee?search=${approver.username}`,
  );
  const fiona = people.find((person) => person.type === 'user')!;
  const activity = (activityId: string, type: string, displayName: string, x: number, properties = {}) => ({
    activityId,
    type,
    name: type,
    displayName,
    position: { x, y: 0 },
    properties,
  });
  const workflow = {
    activities: [
      activity('start', 'Start', 'Start', 0),
      activity('manager', 'Approval', 'Manager approval', 260, {
        assignment: [{ approver_id: fiona.approver_id, type: 'user', name: fiona.name }],
      }),
      activity('end', 'End', 'End', 520),
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'manager', outcome: 'Done' },
      { sourceActivityId: 'manager', targetActivityId: 'end', outcome: 'Approve' },
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
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/authentication/login');
  await signIn(page, user.username, user.password);
  await expectSignedInAs(page, user.fullname);
  return page;
}

const BELL_BADGE = /unread$/;
const HOME_BADGE = /^Pending tasks/;

test('a submitted entry reaches its approver live: notice, badges, task list; opening it reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const app = `Notified ${suffix}`;
  const appId = await publishApprovalApp(app);

  // B starts from a clean bell (earlier journeys left her notifications) and watches her task list.
  const fionaApi = await apiAs(process.env.E2E_BASE_URL!, USERS.fiona.username, USERS.fiona.password);
  await fionaApi.post('/api/Notification/MarkAllAsRead');
  const tasksBefore = await fionaApi.get<number>('/api/Task/total');
  await fionaApi.dispose();
  const fiona = await signedInPage(browser, USERS.fiona);
  await fiona.goto('/tasks');
  await expect(fiona.getByTestId('task-list-page')).toBeVisible();
  await fiona.getByPlaceholder('Search by app or step').fill(app);
  await expect(fiona.getByTestId('tasks-no-matches')).toBeVisible({ timeout: 15_000 });
  await expect(fiona.getByRole('img', { name: BELL_BADGE })).toHaveCount(0);
  if (tasksBefore > 0)
    await expect(fiona.getByRole('img', { name: HOME_BADGE })).toHaveText(String(tasksBefore));
  const url = fiona.url();

  // A submits an entry in another browser.
  await page.goto('/authentication/login');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expectSignedInAs(page, ADMIN.fullname);
  await page.goto(`/item-editor/${appId}`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Standing desk');
  await page.getByRole('button', { name: /^Submit$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/module/${appId}`));

  // B, without reloading: the notice, the bell's badge, the Home badge, and (7.5 s on) the task.
  const notice = fiona.getByTestId('realtime-notice');
  await expect(notice).toContainText(`Manager approval in ${app} is waiting for you`, { timeout: 20_000 });
  await expect(fiona.getByRole('img', { name: BELL_BADGE })).toHaveText('1');
  await expect(fiona.getByRole('img', { name: HOME_BADGE })).toHaveText(String(tasksBefore + 1));
  await snap(fiona, 'notifications-live-notice');
  await expect(fiona.getByRole('row').filter({ hasText: 'Manager approval' }).first()).toBeVisible({
    timeout: 20_000,
  });
  expect(fiona.url()).toBe(url);
  await snap(fiona, 'notifications-task-list-refreshed');

  // B opens the notification from the bell: it is read, and the entry opens at her task.
  await fiona.getByRole('button', { name: 'Notifications' }).click();
  const list = fiona.getByTestId('notification-list');
  await expect(list.getByText('Unread', { exact: false })).toHaveCount(1);
  await snap(fiona, 'notifications-dropdown-unread');
  await list.getByText(`Manager approval in ${app} is waiting for you`).click();
  await expect(fiona).toHaveURL(new RegExp(`/item-editor/${appId}/[0-9a-f-]{36}/[0-9a-f-]{36}$`));
  await expect(fiona.getByRole('img', { name: BELL_BADGE })).toHaveCount(0);
  await expect(fiona.getByTestId('task-action-bar')).toBeVisible();
  await expect(fiona.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Standing desk');
  await snap(fiona, 'notifications-opened-entry');

  // /notifications lists it as read.
  await fiona.goto('/notifications');
  const row = fiona
    .getByTestId('notifications-list')
    .getByRole('listitem')
    .filter({ hasText: `Manager approval in ${app} is waiting for you` });
  await expect(row).toHaveAttribute('data-unread', 'false');
  await expect(fiona.getByTestId('loading-splash')).toHaveCount(0);
  await snap(fiona, 'notifications-page');
  await fiona.context().close();
});

test('an ordinary user with no role on the app receives the task, sees the badge and approves', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const app = `Assigned ${Date.now().toString(36)}`;
  const appId = await publishApprovalApp(app, USERS.olivia);
  // Olivia holds no role granting this app (it is new): only the workflow names her.
  const oliviaApi = await apiAs(process.env.E2E_BASE_URL!, USERS.olivia.username, USERS.olivia.password);
  await oliviaApi.post('/api/Notification/MarkAllAsRead');
  const tasksBefore = await oliviaApi.get<number>('/api/Task/total');
  await admin.post('/api/EntryModule/submit', { moduleId: appId, data: { title: 'Ergonomic chair' } });
  expect(await oliviaApi.get<number>('/api/Task/total')).toBe(tasksBefore + 1);

  const olivia = await signedInPage(browser, USERS.olivia);
  await expect(olivia.getByRole('img', { name: HOME_BADGE })).toHaveText(String(tasksBefore + 1));
  await expect(olivia.getByRole('img', { name: BELL_BADGE })).toHaveText('1');
  await olivia.getByRole('button', { name: 'Notifications' }).click();
  await olivia
    .getByTestId('notification-list')
    .getByText(`Manager approval in ${app} is waiting for you`)
    .click();
  await expect(olivia).toHaveURL(new RegExp(`/item-editor/${appId}/[0-9a-f-]{36}/[0-9a-f-]{36}$`));
  await expect(olivia.getByTestId('task-action-bar')).toBeVisible();
  await expect(olivia.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Ergonomic chair');
  await snap(olivia, 'assignee-without-role-task');

  await olivia.getByRole('button', { name: /^Approve$/ }).click();

  await olivia.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(olivia.getByText('The task has been approved.')).toBeVisible();
  await expect(olivia).toHaveURL(/\/tasks$/);
  const badge = olivia.getByRole('img', { name: HOME_BADGE });
  if (tasksBefore > 0) await expect(badge).toHaveText(String(tasksBefore));
  else await expect(badge).toHaveCount(0);
  expect(await oliviaApi.get<number>('/api/Task/total')).toBe(tasksBefore);
  // Nothing else of the app: its entry list is not hers to see.
  await expect(oliviaApi.post('/api/EntryModule/datatables', { moduleId: appId })).rejects.toThrow(/404/);
  await oliviaApi.dispose();
  await olivia.context().close();
});
