import { expect, test } from '@playwright/test';
import { choose, fillAll, pickOption } from './support/antd.ts';
import { MENUS } from './support/menus.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN } from './support/users.ts';

// Issue 4's journey: a system administrator (spec §6 gives the audit trail to system administrators
// only) creates a team and a user, gives the user a role over two of the stored menus, puts one of
// them first, and the user then sees exactly the permitted menus in that order; the administrator
// reads the audit entry of the reorder with its before/after diff.

const NEWCOMER = { username: 'nina', fullname: 'Nina Newcomer', password: 'nina-pass-1' };
const TEAM = 'Field Crew';
const ROLE = 'Field Staff';

test('an administrator sets up team, user, role and menu order; the user sees exactly that', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await browser.newPage();
  await admin.goto('/authentication/login');
  await signIn(admin, ADMIN.username, ADMIN.password);
  await expectSignedInAs(admin, ADMIN.fullname);

  // The settings landing leads to each administration page.
  await admin.goto('/settings');
  await expect(admin.getByRole('link', { name: /Teams/ }).first()).toBeVisible();
  await snap(admin, 'admin-settings-landing');

  // A team.
  await admin.goto('/settings/team-management');
  await admin.getByRole('button', { name: 'New team' }).click();
  const teamDialog = admin.getByRole('dialog', { name: 'New team' });
  await fillAll([[teamDialog.getByLabel('Team name'), TEAM]]);
  await teamDialog.getByRole('button', { name: 'Save' }).click();
  await expect(teamDialog).toBeHidden();
  await expect(admin.getByRole('link', { name: TEAM })).toBeVisible();

  // A user with an ordinary licence.
  await admin.goto('/settings/user-management');
  await admin.getByRole('button', { name: 'Invite user' }).click();
  // Named "Invite user" until a password is typed, then "Create user" (the administrator sets it).
  const invite = admin.getByRole('dialog', { name: /^(Invite user|Create user)$/ });
  await fillAll([
    [invite.getByLabel('User name'), NEWCOMER.username],
    [invite.getByLabel('Full name'), NEWCOMER.fullname],
    [invite.getByLabel('E-mail address'), 'nina@demo.example'],
    [invite.getByLabel('Password (optional)'), NEWCOMER.password],
  ]);
  await choose(
    admin,
    invite.getByLabel('Licence'),
    /^User \(/,
    invite.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: /^User/ }).first(),
  );
  await expect(admin.getByRole('dialog', { name: 'Create user' })).toBeVisible();
  await invite.getByRole('button', { name: 'Create user' }).click();
  await expect(invite).toBeHidden();
  await expect(admin.getByRole('cell', { name: NEWCOMER.fullname })).toBeVisible();
  await snap(admin, 'admin-user-invited');

  // The user joins the team.
  await admin.goto('/settings/team-management');
  await admin.getByRole('link', { name: TEAM }).click();
  await admin.getByLabel('Users to add').fill('nina');
  await pickOption(admin, NEWCOMER.fullname);
  await admin.getByRole('button', { name: /^(user-add )?Add$/ }).click();
  await expect(admin.getByTestId('team-members').getByText(NEWCOMER.fullname)).toBeVisible();
  await snap(admin, 'admin-team-detail');

  // A role that may see the two links of the Field Work group, not the ledger.
  await admin.goto('/settings/roles-permissions');
  await admin.getByRole('button', { name: 'New role' }).click();
  const roleDialog = admin.getByRole('dialog', { name: 'New role' });
  await fillAll([[roleDialog.getByLabel('Role name'), ROLE]]);
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  await admin.getByRole('checkbox', { name: `View for ${MENUS.alpha}` }).check();
  await admin.getByRole('checkbox', { name: `View for ${MENUS.bravo}` }).check();
  await admin.getByRole('button', { name: 'Save permissions' }).click();
  await expect(admin.getByText('Permissions have been saved').first()).toBeVisible();
  await snap(admin, 'admin-role-matrix');

  // The role goes to the user, on the user's page.
  await admin.goto('/settings/user-management');
  await admin.getByRole('link', { name: NEWCOMER.username, exact: true }).click();
  await expect(admin.getByTestId('user-detail-page')).toBeVisible();
  await expect(admin.getByRole('link', { name: TEAM })).toBeVisible();
  await admin.getByLabel('Roles of this user').click();
  await pickOption(admin, ROLE);
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Save roles' }).click();
  await expect(admin.getByText(/saved/i).first()).toBeVisible();
  await snap(admin, 'admin-user-roles');

  // Bravo goes before Alpha.
  await admin.goto('/settings/menu');
  await admin.getByRole('tree').getByText(MENUS.bravo).click();
  await admin.getByRole('button', { name: `Move ${MENUS.bravo} up` }).click();
  await admin.getByRole('button', { name: 'Save order' }).click();
  await expect(admin.getByText('Menu order saved').first()).toBeVisible();
  await snap(admin, 'admin-menu-reordered');

  // The user signs in and sees the permitted menus, in the new order, and nothing else.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await user.goto('/authentication/login');
  await signIn(user, NEWCOMER.username, NEWCOMER.password);
  await expectSignedInAs(user, NEWCOMER.fullname);
  const sidebar = user.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByText(MENUS.group).click();
  await expect(sidebar.getByRole('link', { name: MENUS.bravo })).toBeVisible();
  const stored = (await sidebar.getByRole('link').allInnerTexts())
    .map((text) => text.trim())
    .filter((text) => (Object.values(MENUS) as string[]).includes(text));
  expect(stored).toEqual([MENUS.bravo, MENUS.alpha, MENUS.handbook]);
  await expect(sidebar.getByText(MENUS.secret)).toHaveCount(0);
  await snap(user, 'user-sees-permitted-menus');
  await userContext.close();

  // The audit trail holds the reorder with its diff.
  await admin.goto('/app/audit');
  await admin.getByRole('textbox', { name: /^Entity/ }).fill('menu');
  await admin.getByRole('textbox', { name: /^Action/ }).fill('reordered');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await admin.getByRole('row', { name: 'Open reordered on menu' }).first().click();
  const drawer = admin.getByRole('dialog');
  await expect(drawer.getByText('Changes')).toBeVisible();
  // Bravo and Alpha swapped places: their positions show as changed, before and after.
  await expect(drawer.getByRole('row', { name: /order_index Changed 0 1/ })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /order_index Changed 1 0/ })).toBeVisible();
  await snap(admin, 'admin-audit-reorder-diff');
});
