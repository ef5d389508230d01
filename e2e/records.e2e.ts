import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, type Api } from './support/api.ts';
import { openSelect, pickOption } from './support/antd.ts';
import { expectSignedInAs, signIn, snap } from './support/journey.ts';
import { arrangeRecordsWorld, startExternalService, type ExternalService } from './support/records-app.ts';
import { USERS } from './support/users.ts';

// Issue 6's journey: a published app with one field of every type. A full user fills every field
// (files uploaded, a signature drawn, a lookup record picked, external services called through the
// server), saves a draft, submits, finds the entry in the list with a filter, opens it again with
// every value intact, comments on it, and deletes it.

test.use({ viewport: { width: 1440, height: 1100 } });

// A 1×1 PNG and a one-page PDF: real files whose content the server sniffs.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let service: ExternalService;
let api: Api;

test.beforeAll(async () => {
  service = await startExternalService();
  api = await apiAs(process.env.E2E_BASE_URL!, USERS.fiona.username, USERS.fiona.password);
});
test.afterAll(async () => {
  await api?.dispose();
  await service?.close();
});

/** A field's control area, by the field's machine name. */
const item = (page: Page, name: string) => page.locator(`[data-field-name="${name}"]`).first();
/** The read-only text box of a calculated or generated field. */
const shown = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Opens a select by its label, optionally types, and picks an option. */
async function pick(page: Page, select: Locator, option: string, typed?: string) {
  await expect(async () => {
    await openSelect(select);
    if (typed) await select.fill(typed);
    await pickOption(page, option, 5000);
  }).toPass({ timeout: 30_000 });
}

async function pickDate(control: Locator, text: string) {
  await control.click();
  await control.fill(text);
  await control.press('Enter');
  await expect(control).toHaveValue(text);
}

test('an end user fills every field type, submits, finds the entry with a filter, reopens it intact and deletes it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const world = await arrangeRecordsWorld(api, service, suffix);
  const title = `Office chairs ${suffix}`;

  await page.goto('/authentication/login');
  await signIn(page, USERS.fiona.username, USERS.fiona.password);
  await expectSignedInAs(page, USERS.fiona.fullname);

  // The app's list is empty; New entry opens the item editor.
  await page.goto(`/module/${world.ordersId}`);
  await expect(page.getByText('No entries yet.')).toBeVisible();
  await page
    .getByRole('button', { name: /New entry/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/item-editor/${world.ordersId}$`));
  await expect(page.getByRole('button', { name: /Save draft/ })).toBeVisible();

  // Text, numbers (a decimal comma, a percentage), e-mail.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Twelve chairs for the second floor.');
  await page.getByRole('textbox', { name: 'Contact email', exact: true }).fill('Buyer@Example.com');
  await page.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('12');
  await page.getByRole('spinbutton', { name: 'Unit price', exact: true }).fill('12,50');
  await page.getByRole('spinbutton', { name: 'Discount', exact: true }).fill('10');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).click();

  // Dates and times in the organization's formats.
  await pickDate(page.getByRole('textbox', { name: 'Due date', exact: true }), '2026-12-01');
  await pickDate(page.getByRole('textbox', { name: 'Meeting at', exact: true }), '2026-12-01 09:30:00');
  await pickDate(page.getByRole('textbox', { name: 'Start time', exact: true }), '08:15:00');

  // Reference data: dropdown, checklist, multi-select.
  await pick(page, page.getByRole('combobox', { name: 'Cost centre', exact: true }), 'Marketing');
  await page.getByRole('group', { name: 'Tags' }).getByLabel('Operations').check();
  await pick(page, page.getByRole('combobox', { name: 'Regions', exact: true }), 'Research');
  await page.keyboard.press('Escape');

  // A lookup into the Suppliers app copies the supplier's city; pull-data picks another record.
  await pick(
    page,
    page.getByRole('combobox', { name: 'Supplier', exact: true }),
    'Brightwater Ltd',
    'Bright',
  );
  await expect(page.getByRole('textbox', { name: 'Supplier city', exact: true })).toHaveValue('York');
  await pick(page, page.getByRole('combobox', { name: 'Supplier (pulled)', exact: true }), 'Acme Tools');

  // External services through the server-side proxy.
  await pick(page, page.getByRole('combobox', { name: 'Country', exact: true }), 'Germany');
  await pick(page, page.getByRole('combobox', { name: 'Currencies', exact: true }), 'EUR');
  await pick(page, page.getByRole('combobox', { name: 'Currencies', exact: true }), 'GBP');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Fetch the value of VAT check' }).click();
  await expect(page.getByRole('textbox', { name: 'VAT check', exact: true })).toHaveValue(
    `VAT ${title} valid`,
  );
  await page.getByRole('button', { name: /Check supplier/ }).click();
  await expect(page.getByRole('textbox', { name: 'Check result', exact: true })).toHaveValue(
    'Supplier in good standing',
  );

  // Slider, switch, rating, people, checkbox.
  const slider = page.getByRole('slider', { name: 'Priority' });
  await slider.focus();
  for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
  await page.getByRole('switch', { name: 'Urgent' }).click();
  await item(page, 'stars').getByRole('radio').nth(3).click();
  await pick(page, page.getByRole('combobox', { name: 'Owner', exact: true }), USERS.fiona.fullname, 'Fiona');
  await pick(
    page,
    page.getByRole('combobox', { name: 'Watchers', exact: true }),
    USERS.olivia.fullname,
    'Olivia',
  );
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'I agree', exact: true }).check();

  // Files: an image, a PDF, two attachments — uploaded to the server as they are chosen.
  await page.getByRole('group', { name: 'Photo' }).locator('input[type=file]').setInputFiles({
    name: 'chair.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('group', { name: 'Invoice' }).locator('input[type=file]').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page
    .getByRole('group', { name: 'Attachments' })
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'specs.txt', mimeType: 'text/plain', buffer: Buffer.from('Seat height 45 cm\n') },
      { name: 'quotes.csv', mimeType: 'text/csv', buffer: Buffer.from('supplier,price\nAcme,12.50\n') },
    ]);
  await expect(page.getByRole('group', { name: 'Attachments' }).getByText('quotes.csv')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Invoice' }).getByText('invoice.pdf')).toBeVisible();

  // A signature drawn with the mouse.
  const pad = page.getByLabel('Signature pad for Signature');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let x = 20; x <= 200; x += 15) {
    await page.mouse.move(box.x + x, box.y + box.height / 2 + (x % 30 === 0 ? -20 : 20));
  }
  await page.mouse.up();

  // Rich text, a password, a typed barcode, a table row.
  await page.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type('Ergonomic chairs with arm rests.');
  await page.getByRole('textbox', { name: 'Terms', exact: true }).click();
  await page.keyboard.type('Delivery within 30 days.');
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('4321');
  await page.getByRole('textbox', { name: 'Scanned code', exact: true }).fill('SCAN-001');
  await page.getByRole('textbox', { name: 'Item, row 1', exact: true }).fill('Chair');
  await page.getByRole('spinbutton', { name: 'Qty, row 1', exact: true }).fill('12');
  await page.getByRole('spinbutton', { name: 'Price, row 1', exact: true }).fill('12.5');

  // Calculations run live.
  await expect(shown(page, 'Subtotal')).toHaveValue(/^150(\.00)?$/);
  await expect(shown(page, 'Total')).toHaveValue(/135\.00/);
  await expect(shown(page, 'Follow-up date')).toHaveValue('2026-12-08');
  await snap(page, 'records-filled');

  // Save a draft (the address gains the record id), then submit.
  await page.getByRole('button', { name: /Save draft/ }).click();
  await expect(page).toHaveURL(new RegExp(`/item-editor/${world.ordersId}/[0-9a-f-]{36}$`));
  const recordId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: /^Submit$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/module/${world.ordersId}`));

  // Found in the list with a filter: Title contains part of the title.
  await page
    .getByRole('button', { name: /Filters/ })
    .first()
    .click();
  await pick(page, page.getByLabel('Filter field 1'), 'Title');
  await pick(page, page.getByLabel('Filter operator 1'), 'contains');
  await page.getByLabel('Filter value 1').fill(suffix);
  await page.getByRole('button', { name: /^(check )?Apply$/ }).click();
  const row = page.locator(`tr[data-row-key="${recordId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(title);
  await expect(page.locator('tbody tr[data-row-key]')).toHaveCount(1);
  await snap(page, 'records-list-filtered');

  // Opened again: every value intact, the sequence number assigned.
  await row.getByText(title, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/item-editor/${world.ordersId}/${recordId}`));
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await expect(page.getByRole('textbox', { name: 'Contact email', exact: true })).toHaveValue(
    'Buyer@Example.com',
  );
  // A completed entry is read-only: its numbers show as text in the field's format.
  await expect(shown(page, 'Unit price')).toHaveValue(/^12[.,]50?$/);
  await expect(shown(page, 'Unit price')).toHaveAttribute('aria-readonly', 'true');
  await expect(shown(page, 'Discount')).toHaveValue(/^10\s?%$/);
  await expect(page.getByRole('textbox', { name: 'Due date', exact: true })).toHaveValue('2026-12-01');
  await expect(page.getByRole('textbox', { name: 'Start time', exact: true })).toHaveValue('08:15:00');
  await expect(shown(page, 'Cost centre')).toHaveValue('Marketing');
  await expect(page.getByRole('group', { name: 'Tags' }).getByLabel('Operations')).toBeChecked();
  await expect(shown(page, 'Regions')).toHaveValue('Research');
  await expect(shown(page, 'Supplier')).toHaveValue('Brightwater Ltd');
  await expect(page.getByRole('textbox', { name: 'Supplier city', exact: true })).toHaveValue('York');
  await expect(shown(page, 'Supplier (pulled)')).toHaveValue('Acme Tools');
  await expect(shown(page, 'Country')).toHaveValue('Germany');
  await expect(shown(page, 'Currencies')).toHaveValue('EUR, GBP');
  await expect(page.getByRole('textbox', { name: 'VAT check', exact: true })).toHaveValue(
    `VAT ${title} valid`,
  );
  await expect(page.getByRole('switch', { name: 'Urgent' })).toBeChecked();
  await expect(shown(page, 'Owner')).toHaveValue(USERS.fiona.fullname);
  await expect(shown(page, 'Watchers')).toHaveValue(USERS.olivia.fullname);
  await expect(page.getByRole('checkbox', { name: 'I agree', exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Invoice' }).getByText('invoice.pdf')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Attachments' }).getByText('specs.txt')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Photo' }).locator('img').first()).toBeVisible();
  await expect(item(page, 'signature').getByRole('img', { name: 'Signature' })).toBeVisible();
  await expect(item(page, 'description')).toContainText('Ergonomic chairs');
  await expect(page.getByRole('textbox', { name: 'Scanned code', exact: true })).toHaveValue('SCAN-001');
  await expect(page.getByRole('textbox', { name: 'Item, row 1', exact: true })).toHaveValue('Chair');
  await expect(shown(page, 'PO number')).toHaveValue('PO-0001');
  await expect(shown(page, 'Total')).toHaveValue(/135\.00/);
  await snap(page, 'records-reopened');

  // The stored file is the uploaded one, sniffed as a PDF.
  const stored = await api.get<{ record: { data: Record<string, { fileKey: string; type: string }> } }>(
    `/api/EntryModule/${recordId}/detail`,
  );
  expect(stored.record.data.invoice?.type).toBe('application/pdf');

  // A comment on the entry.
  await page.getByLabel('Add a comment').fill('Approved by facilities.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Approved by facilities.')).toBeVisible();

  // Deleted from the list.
  await page.goto(`/module/${world.ordersId}`);
  const listed = page.locator(`tr[data-row-key="${recordId}"]`);
  await expect(listed).toBeVisible();
  await listed.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('button', { name: /^(Delete|OK|Yes)$/ })
    .last()
    .click();
  await expect(listed).toHaveCount(0);
  await expect(page.getByText('No entries yet.')).toBeVisible();
  await snap(page, 'records-deleted');
});
