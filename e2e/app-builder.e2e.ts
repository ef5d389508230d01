import { FIELD_TYPES } from '@formloop/domain';
import { expect, test, type Page } from '@playwright/test';
import { choose, fillAll, pickOption } from './support/antd.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { USERS } from './support/users.ts';

// Issue 5's journey: a builder creates an app, drags one field of every type onto it, makes a
// calculation field from two number fields, hides a field at the start activity, saves, reloads
// (nothing lost), publishes; the app shows as Published in /applications; a change and a second
// publish show the diff and version 2.

const APP = 'Expense Claims';

// A tall window: the palette and the canvas both in view while dragging between them.
test.use({ viewport: { width: 1440, height: 1100 } });

/** Selects a placed field and sets its label in the settings panel. */
async function label(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  const input = page.getByRole('textbox', { name: 'Label', exact: true });
  await input.fill(text);
  await expect(input).toHaveValue(text);
}

const placedFields = (page: Page) => page.getByTestId('form-canvas').locator('[data-testid^="field-"]');

/**
 * Drags a palette item onto a section's new-row zone and checks the field that landed. The canvas
 * reflows as it grows, so a drag can start on the item's neighbour or miss the zone: such a drop is
 * undone (Ctrl+Z, the editor's undo) and the drag repeated.
 */
async function drop(page: Page, type: string, section = 'section_1') {
  const before = await placedFields(page).count();
  const item = page.getByTestId(`palette-${type}`);
  const zone = page.getByTestId(`section-drop-${section}`);
  await expect(async () => {
    const now = await placedFields(page).count();
    if (now > before) {
      await page.getByTestId('form-canvas').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('Control+z');
      await expect(placedFields(page)).toHaveCount(before, { timeout: 1000 });
    }
    await item.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await item.dragTo(zone);
    await expect(placedFields(page)).toHaveCount(before + 1, { timeout: 2000 });
    await expect(placedFields(page).last()).toHaveAttribute('data-field-type', type, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

test('a builder designs an app with every field type, a formula and a hidden field, and publishes it twice', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const builder = USERS.fiona;
  await page.goto('/authentication/login');
  await signIn(page, builder.username, builder.password);
  await expectSignedInAs(page, builder.fullname);

  // Create App from the sidebar: name, description, an OCR provider with a licensed service.
  await page.getByRole('button', { name: /^(plus )?Create App$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create App' });
  await fillAll([
    [dialog.getByLabel('Name'), APP],
    [dialog.getByLabel('Description'), 'Claims for travel and expenses'],
  ]);
  await choose(page, dialog.getByLabel('OCR provider'), 'Azure', dialog.getByTitle('Azure'));
  await dialog.getByLabel('ML service').click();
  await pickOption(page, 'Form Recognizer');
  await page.keyboard.press('Escape');
  await snap(page, 'builder-create-app');
  await dialog.getByRole('button', { name: /^(loading )?Create$/ }).click();
  await expect(page).toHaveURL(/\/form-editor\/show\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();

  // Two numbers and a calculation over them.
  await drop(page, 'number');
  await label(page, 'field-untitled_field', 'Net');
  await drop(page, 'number');
  await label(page, 'field-untitled_field', 'Tax');
  await drop(page, 'calculation-number');
  await label(page, 'field-untitled_field', 'Gross');
  const formula = page.getByRole('textbox', { name: 'Formula' });
  await formula.fill('{net} + {tax');
  await expect(page.getByText(/position/i).first()).toBeVisible();
  await formula.fill('{net} + {tax}');
  await expect(page.getByText(/position/i)).toHaveCount(0);

  // Then one field of every other type.
  const rest = FIELD_TYPES.filter((type) => type !== 'number' && type !== 'calculation-number');
  for (const type of rest) await drop(page, type);
  await expect(placedFields(page)).toHaveCount(FIELD_TYPES.length + 1);
  await snap(page, 'builder-every-field');

  // The preview computes the formula live.
  await page.getByRole('button', { name: /Preview/ }).click();
  const preview = page.getByRole('dialog', { name: /Preview/ });
  await preview.getByLabel('Net').fill('100');
  await preview.getByLabel('Tax').fill('20');
  await expect(preview.getByLabel('Gross')).toHaveValue(/^120(\.00)?$/);
  await snap(page, 'builder-preview');
  await page.keyboard.press('Escape');

  // Tax is hidden when the record is started.
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await choose(
    page,
    page.getByTestId('perm-fs-start-tax'),
    'Hidden',
    page.getByTestId('perm-fs-start-tax').getByTitle('Hidden'),
  );
  await snap(page, 'builder-permissions');

  await page.getByRole('button', { name: /Save draft/ }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  // Nothing is lost on reload.
  await page.reload();
  await expect(placedFields(page)).toHaveCount(FIELD_TYPES.length + 1);
  await page.getByTestId('field-gross').click();
  await expect(page.getByRole('textbox', { name: 'Formula' })).toHaveValue('{net} + {tax}');
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByTestId('perm-fs-start-tax').getByTitle('Hidden')).toBeVisible();
  await page.getByRole('tab', { name: 'Design' }).click();

  // Publishing is refused while fields lack what they need to work (an app to look up, a list, an
  // address, a formula); the problems are listed and the app stays a draft.
  const publish = async () => {
    await page.getByRole('button', { name: /Publish$/ }).click();
    await page
      .getByRole('dialog', { name: /^Publish version/ })
      .getByRole('button', { name: /^Publish$/ })
      .click();
  };
  await publish();
  await expect(page.getByTestId('issues-panel')).toContainText('Choose the app to look up.');
  await expect(page.getByTestId('app-status')).toHaveText('Draft');
  await snap(page, 'builder-publish-refused');

  // The builder removes the fields that need another app, a list or an address, and the
  // calculations without a formula (Gross keeps its own), then publishes.
  const unconfigured = FIELD_TYPES.filter(
    (type) =>
      ['lookup', 'pull-data', 'dropdown', 'checklist', 'multi-select-reference', 'remote-lookup'].includes(
        type,
      ) ||
      ['input-external', 'multi-select-external', 'button'].includes(type) ||
      (type.startsWith('calculation-') && type !== 'calculation-number'),
  );
  for (const type of unconfigured) {
    const card = placedFields(page).and(page.locator(`[data-field-type="${type}"]`));
    await card.click();
    await card.getByRole('button', { name: /^Delete / }).click();
    await expect(card).toHaveCount(0);
  }
  await expect(placedFields(page)).toHaveCount(FIELD_TYPES.length + 1 - unconfigured.length);
  await publish();
  await expect(page.getByTestId('app-status')).toHaveText('Published');
  await expect(page.getByTestId('app-version')).toContainText('1');

  await page.goto('/applications');
  const card = page.getByTestId('app-card').filter({ hasText: APP });
  await expect(card.getByTestId('app-status')).toHaveText('Published');
  await snap(page, 'builder-applications');

  // Everything by clicking, as a newcomer would. The published app is in the sidebar under its group,
  // and its records page says where it is.
  const sidebar = page.getByTestId('sidebar');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await sidebar.getByRole('menuitem', { name: /Other apps/ }).click();
  await sidebar.getByRole('link', { name: APP }).click();
  await expect(page).toHaveURL(/\/module\/[0-9a-f-]{36}\?from=sidebar$/);
  await expect(crumbs.getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/applications');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(APP);
  await expect(page.locator('h1').first()).toHaveText(APP);
  // Reference data and the form editor from the sidebar, then the app's editor from the list.
  await sidebar.getByRole('link', { name: 'Reference data' }).click();
  await expect(page).toHaveURL(/\/referencedata$/);
  await expect(page.locator('h1').first()).toHaveText('Reference data');
  await sidebar.getByRole('link', { name: 'Form editor' }).click();
  await expect(page).toHaveURL(/\/form-editor$/);
  await page.getByTestId('app-name').filter({ hasText: APP }).click();
  await expect(page).toHaveURL(editorUrl);
  await expect(crumbs.getByRole('link', { name: 'Form editor' })).toHaveAttribute('href', '/form-editor');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(APP);
  await snap(page, 'builder-editor-by-clicking');

  // A change, then the diff and a second publish.
  await label(page, 'field-net', 'Net amount');
  await page.getByRole('button', { name: /Save draft/ }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Versions' }).click();
  const diff = page.getByTestId('versions-diff');
  await expect(diff).toContainText('Net amount');
  await snap(page, 'builder-diff');
  await page.getByRole('button', { name: /^(cloud-upload )?Publish$/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Publish$/ })
    .click();
  await expect(page.getByText(/Version 2|v2/).first()).toBeVisible();
});
