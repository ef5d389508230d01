import { expect, type Locator, type Page } from '@playwright/test';

// How a person operates antd controls, with the waits headless Chromium needs.

/** Picks an option of the open antd select by its text (the list is rendered at the end of the page). */
export async function pickOption(page: Page, text: string | RegExp, timeout?: number) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open
    .locator('.ant-select-item-option:not(.ant-select-item-option-disabled)')
    .filter({ hasText: text })
    .first()
    .click(timeout === undefined ? {} : { timeout });
}

/**
 * Opens a select's list unless it is open already: a second click on an open select closes it, which
 * is how a retried pick used to lose its list on a slow machine.
 */
export async function openSelect(select: Locator) {
  if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click();
}

/**
 * Opens a single select and picks an option, again if the list was still opening at the first try.
 * Each try is bounded so that a list which never showed the option is reopened, not waited on forever.
 */
export async function choose(page: Page, select: Locator, text: string | RegExp, chosen: Locator) {
  await expect(async () => {
    await openSelect(select);
    await pickOption(page, text, 4000);
    await expect(chosen).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Fills a dialog's fields and checks each kept its value: antd moves focus into a modal as it finishes
 * opening, which can steal typed text into the first field, so the fills are repeated until all hold.
 */
export async function fillAll(fields: Array<[Locator, string]>) {
  await expect(async () => {
    for (const [field, value] of fields) await field.fill(value);
    for (const [field, value] of fields) await expect(field).toHaveValue(value, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}
