import {
  APP_SETTINGS_PATHS,
  type AppDetail,
  type ModuleConfig,
  type RecordTemplate,
} from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { AppSettingsTab } from '../index.ts';
import { templateData, templateValueFields } from '../lib/template-values.ts';
import { moveItem } from '../../../shared/lib/move-item.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MODULE_ID = 'm-1';
const CONFIG = `GET ${APP_SETTINGS_PATHS.moduleConfig}`;
const REASSIGN = `POST ${APP_SETTINGS_PATHS.setReassignment}`;
const READ = `GET ${APP_SETTINGS_PATHS.recordTemplateRead}`;
const CREATE = `POST ${APP_SETTINGS_PATHS.recordTemplateCreate}`;
const RENAME = `POST ${APP_SETTINGS_PATHS.recordTemplateRename}`;
const DELETE = `POST ${APP_SETTINGS_PATHS.recordTemplateDelete}`;
const ORDER = `POST ${APP_SETTINGS_PATHS.recordTemplateOrder}`;

const config: ModuleConfig = {
  id: MODULE_ID,
  is_reassignment_disabled: false,
  module_version: 3,
  status: 'Published',
  default_config: { listColumns: ['customer', 'gone'] },
  record_templates: 2,
};

const tpl = (
  id: string,
  name: string,
  index: number,
  data: Record<string, unknown> = {},
): RecordTemplate => ({
  id,
  module_id: MODULE_ID,
  template_name: name,
  data,
  order_index: index,
  created_on: '2024-05-01T10:00:00.000Z',
  modified_on: '2024-05-01T10:00:00.000Z',
});
const templates = [
  tpl('t-a', 'Alpha', 0, { customer: 'ACME' }),
  tpl('t-b', 'Bravo', 1),
  tpl('t-c', 'Charlie', 2),
];

const fields = [
  { name: 'customer', label: 'Customer', fieldType: 'text' },
  { name: 'amount', label: 'Amount', fieldType: 'number' },
  { name: 'approved', label: 'Approved', fieldType: 'switch' },
  { name: 'due', label: 'Due', fieldType: 'date' },
  { name: 'photo', label: 'Photo', fieldType: 'image' },
  { name: 'qty', label: 'Quantity', fieldType: 'number' },
];

const app = {
  id: MODULE_ID,
  display_name: 'Invoices',
  is_reassignment_disabled: false,
  module_draft: {
    fieldGroups: [{ name: 'lines', isTable: true, fields: [{ name: 'qty', isComputedField: false }] }],
    defaultConfig: {},
    permission: [],
  },
} as unknown as AppDetail;

function renderTab() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <AppSettingsTab moduleId={MODULE_ID} app={app} fields={fields} />
    </AppProviders>,
  );
}

const rowNames = () =>
  screen.queryAllByTestId(/^template-row-/).map((row) => row.querySelectorAll('td')[1]?.textContent);

const bodyOf = (calls: { method: string; url: string; body?: string }[], path: string) =>
  JSON.parse(calls.find((call) => call.method === 'POST' && call.url === path)?.body ?? '{}');

function deferred(reply: ReturnType<typeof fail>) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, reply), release: () => release() };
}

describe('app settings tab', { timeout: 60_000 }, () => {
  it('summarises the configuration', async () => {
    mockFetch({ [CONFIG]: ok(config), [READ]: ok(templates) });
    renderTab();
    const tab = await screen.findByTestId('app-settings-tab');
    await waitFor(() => expect(within(tab).getByText('Published')).toBeTruthy());
    expect(within(tab).getByText('Customer, gone')).toBeTruthy();
    expect(within(tab).getByText('Allowed')).toBeTruthy();
    expect(within(tab).getByText('Not set')).toBeTruthy();
  });

  it('flips the reassignment switch at once and puts it back when the server refuses', async () => {
    const refused = deferred(fail(500, 'boom'));
    const calls = mockFetch({ [CONFIG]: ok(config), [READ]: ok([]), [REASSIGN]: refused.handler });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Disable reassignment' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(bodyOf(calls, APP_SETTINGS_PATHS.setReassignment)).toEqual({
      moduleId: MODULE_ID,
      isReassignmentDisabled: true,
    });
    refused.release();
    expect(await screen.findByText('boom')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('confirms a saved reassignment setting with the server message', async () => {
    mockFetch({
      [CONFIG]: ok(config),
      [READ]: ok([]),
      [REASSIGN]: ok({ moduleId: MODULE_ID, is_reassignment_disabled: true }, 'Reassignment setting saved'),
    });
    renderTab();
    const toggle = await screen.findByRole('switch', { name: 'Disable reassignment' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('Reassignment setting saved')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('creates a template with values for the simple fields, after checking the name', async () => {
    const calls = mockFetch({
      [CONFIG]: ok(config),
      [READ]: ok([]),
      [CREATE]: ok(tpl('t-new', 'Standard', 0), 'Record template created'),
    });
    renderTab();
    expect(await screen.findByTestId('templates-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New template/ }));
    const dialog = await screen.findByRole('dialog');
    // Images and table columns cannot be typed in here.
    expect(within(dialog).queryByLabelText('Photo')).toBeNull();
    expect(within(dialog).queryByLabelText('Quantity')).toBeNull();

    const name = within(dialog).getByLabelText('Template name');
    fireEvent.change(name, { target: { value: '1st' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Cannot start with a number')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'Standard' } });
    fireEvent.change(within(dialog).getByLabelText('Customer'), { target: { value: 'ACME' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('Due'), { target: { value: '2024-05-01' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Record template created')).toBeTruthy();
    expect(bodyOf(calls, APP_SETTINGS_PATHS.recordTemplateCreate)).toEqual({
      moduleId: MODULE_ID,
      templateName: 'Standard',
      data: { customer: 'ACME', amount: 12.5, approved: true, due: '2024-05-01' },
    });
  });

  it('shows a duplicate name under the name field', async () => {
    mockFetch({
      [CONFIG]: ok(config),
      [READ]: ok(templates),
      [RENAME]: fail(409, 'A record template with this name already exists in this app.'),
    });
    renderTab();
    fireEvent.click(await screen.findByLabelText('Rename Bravo'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Template name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Bravo'));
    expect(within(dialog).queryByLabelText('Customer')).toBeNull();
    fireEvent.change(name, { target: { value: 'alpha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(dialog).getAllByText('A record template with this name already exists in this app.').length,
      ).toBeGreaterThan(0),
    );
  });

  it('deletes after confirmation at once, and restores the row when the server refuses', async () => {
    const refused = deferred(fail(500, 'boom'));
    const calls = mockFetch({ [CONFIG]: ok(config), [READ]: ok(templates), [DELETE]: refused.handler });
    renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    fireEvent.click(screen.getByLabelText('Delete Bravo'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie']));
    expect(bodyOf(calls, APP_SETTINGS_PATHS.recordTemplateDelete)).toEqual({ id: 't-b' });
    refused.release();
    expect(await screen.findByText('boom')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
  });

  const orderHandler = (call: { body?: string }) => {
    const ids = JSON.parse(call.body ?? '{}').ids as string[];
    const byId = new Map(templates.map((entry) => [entry.id, entry]));
    return ok(
      ids.map((id, index) => ({ ...byId.get(id)!, order_index: index })),
      'Record template order saved',
    );
  };

  it('reorders with the arrow buttons', async () => {
    const calls = mockFetch({ [CONFIG]: ok(config), [READ]: ok(templates), [ORDER]: orderHandler });
    renderTab();
    const up = await screen.findByLabelText('Move Alpha up');
    expect((up as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Move Alpha down'));
    expect(await screen.findByText('Record template order saved')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    expect(bodyOf(calls, APP_SETTINGS_PATHS.recordTemplateOrder)).toEqual({
      moduleId: MODULE_ID,
      ids: ['t-b', 't-a', 't-c'],
    });
  });

  it('reorders by drag and drop', async () => {
    const calls = mockFetch({ [CONFIG]: ok(config), [READ]: ok(templates), [ORDER]: orderHandler });
    renderTab();
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTestId('template-row-2'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('template-row-0'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('template-row-0'), { dataTransfer });
    await waitFor(() => expect(rowNames()).toEqual(['Charlie', 'Alpha', 'Bravo']));
    expect(bodyOf(calls, APP_SETTINGS_PATHS.recordTemplateOrder).ids).toEqual(['t-c', 't-a', 't-b']);
  });

  it('shows a failed load with a retry button', async () => {
    mockFetch({ [CONFIG]: fail(403, 'nope'), [READ]: fail(403, 'nope') });
    renderTab();
    expect(await screen.findByText('The app configuration could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('The record templates could not be loaded.')).toBeTruthy();
  });
});

describe('template value helpers', () => {
  it('offers simple, non-table, non-computed fields and builds the data', () => {
    const draft = {
      fieldGroups: [
        {
          isTable: false,
          fields: [{ name: 'total', isComputedField: true }],
        },
      ],
    } as unknown as AppDetail['module_draft'];
    const offered = templateValueFields(
      [...fields, { name: 'total', label: 'Total', fieldType: 'number' }],
      draft,
    );
    expect(offered.map((field) => field.name)).toEqual(['customer', 'amount', 'approved', 'due', 'qty']);
    expect(
      templateData(offered, { customer: '  ', amount: '3', approved: false, due: '2024-01-02', qty: 'x' }),
    ).toEqual({ amount: 3, due: '2024-01-02', qty: 'x' });
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
