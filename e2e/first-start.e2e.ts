import { expect, test } from '@playwright/test';
import { apiAs } from './support/api.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { ADMIN } from './support/users.ts';

// Issue 25 item 1, as a new customer meets it: the first start made an example business (apps,
// records, tasks waiting for the administrator), and Create App starts a new app from one of them.

test.use({ baseURL: process.env.E2E_DEMO_URL, viewport: { width: 1440, height: 900 } });

test('first start shows the example apps with tasks waiting, and an app starts from a template', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await apiAs(process.env.E2E_DEMO_URL!, ADMIN.username, ADMIN.password);
  try {
    // The example business is made just after the server starts listening.
    await expect
      .poll(
        async () => (await admin.get<Array<{ display_name: string }>>('/api/form/Editor/examples')).length,
        {
          timeout: 90_000,
        },
      )
      .toBeGreaterThanOrEqual(3);

    await page.goto('/authentication/login');
    await signIn(page, ADMIN.username, ADMIN.password);
    await expectSignedInAs(page, 'System Administrator');

    await page.goto('/tasks');
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
    await snap(page, 'first-start-tasks');

    await page.goto('/applications');
    for (const name of ['Purchase request', 'Leave request', 'Customer onboarding']) {
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    }
    await snap(page, 'first-start-apps');

    // Create App → the gallery → start from the purchase request.
    await page.getByRole('button', { name: 'Create App' }).first().click();
    const example = page.getByTestId('create-app-example').filter({ hasText: 'Purchase request' });
    await expect(example).toBeVisible();
    await snap(page, 'first-start-gallery');
    await example.click();
    const copy = page.getByRole('dialog', { name: 'Copy Purchase request' });
    await expect(copy).toBeVisible();
    const name = `Our purchases ${Date.now().toString(36)}`;
    await copy.getByLabel("The copy's name").fill(name);
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page).toHaveURL(/\/form-editor\/show\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;

    // A copy of the form, workflow and templates, without the records.
    const [source, copied] = await Promise.all(
      [
        (await admin.get<Array<{ id: string; display_name: string }>>('/api/form/Editor/examples')).find(
          (app) => app.display_name === 'Purchase request',
        )!.id,
        id,
      ].map((moduleId) =>
        admin.get<{ display_name: string; module_draft: unknown; workflow_draft: unknown }>(
          `/api/form/Editor/GetForm?id=${moduleId}`,
        ),
      ),
    );
    expect(copied!.display_name).toBe(name);
    expect(copied!.module_draft).toEqual(source!.module_draft);
    expect(copied!.workflow_draft).toEqual(source!.workflow_draft);
    await expect(page.getByText('What do you need?').first()).toBeVisible();
    await snap(page, 'first-start-copied-app');
  } finally {
    await admin.dispose();
  }
});
