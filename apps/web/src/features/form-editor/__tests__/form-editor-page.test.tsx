import { APPS_MESSAGES, APPS_PATHS, type AppDetail } from '@formloop/contracts';
import type { PayloadGroup } from '@formloop/domain';
import { emptyDefinition } from '@formloop/workflow';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { FormEditorPage } from '../pages/form-editor-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET_FORM = `GET ${APPS_PATHS.getForm}`;
const SAVE_FORM = `POST ${APPS_PATHS.saveForm}`;

const customerField = {
  id: 'f-customer',
  fieldType: 'text',
  fieldName: 'Customer',
  name: 'customer',
  required: true,
  helpText: '',
  value: null,
  isComputedField: false,
  formula: '',
  regex: '',
  columnWidth: 6,
  placeholder: '',
  displayName: 'Customer',
  label: 'Customer',
  editorType: 'text',
  rowIndex: 0,
  columnIndex: 0,
  isTable: false,
} as const;

const details: PayloadGroup = {
  displayName: 'Details',
  sectionIndex: 0,
  name: 'details',
  orderIndex: 0,
  isTable: false,
  minimumRowCount: 0,
  maximumRowCount: 0,
  fields: [customerField],
};

const app: AppDetail = {
  id: 'app-1',
  display_name: 'Invoices',
  module_description: '',
  application_module_category_id: null,
  category_name: null,
  category_icon: null,
  app_icon: null,
  add_to_quick_launch: false,
  module_version: 0,
  status: 'Draft',
  is_favourite: false,
  created_by: 'u-1',
  created_by_name: 'Ada Admin',
  created_on: '2026-01-01T00:00:00.000Z',
  modified_on: '2026-01-01T00:00:00.000Z',
  modified_by_name: 'Ada Admin',
  ocr_provider_id: null,
  ocr_provider_name: null,
  ml_service_id: [],
  help_file_url: null,
  is_reassignment_disabled: false,
  module_draft: { fieldGroups: [details], defaultConfig: {}, permission: [] },
  module_published: null,
  workflow_draft: null,
  workflow_published: null,
  email_templates: [],
  versions: [],
};

function renderEditor(id = 'app-1') {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      {
        path: '/form-editor/show/:id',
        element: (
          <Suspense fallback={null}>
            <FormEditorPage />
          </Suspense>
        ),
      },
      { path: '/form-editor', element: <p>app list</p> },
    ],
    { initialEntries: [`/form-editor/show/${id}`] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const saveBodies = (calls: ReturnType<typeof mockFetch>) =>
  calls
    .filter((call) => call.method === 'POST' && call.url === APPS_PATHS.saveForm)
    .map((call) => JSON.parse(call.body ?? '{}'));

/** A stand-in for the browser's DataTransfer (jsdom has none). */
function dragData() {
  const store = new Map<string, string>();
  return {
    setData: (type: string, value: string) => void store.set(type, value),
    getData: (type: string) => store.get(type) ?? '',
    get types() {
      return [...store.keys()];
    },
    dropEffect: 'none',
    effectAllowed: 'all',
  };
}

const fieldOrder = () =>
  Array.from(document.querySelectorAll('[data-testid^="field-"]')).map((node) =>
    node.getAttribute('data-testid'),
  );

describe('form editor page', { timeout: 120_000 }, () => {
  it('loads the draft, adds a field from the palette by keyboard, names it by its label and saves the spec payload', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      [GET_FORM]: ok(app),
      [SAVE_FORM]: ok({ id: 'app-1', modified_on: '2026-01-02T00:00:00.000Z' }, APPS_MESSAGES.formSaved),
    });
    renderEditor();
    // The first render loads the editor's lazy parts: on a busy machine that takes over a second.
    const header = await screen.findByTestId('form-editor-header', undefined, { timeout: 15_000 });
    expect(within(header).getByText('Invoices')).toBeTruthy();
    expect(within(header).getByTestId('app-status').textContent).toBe('Draft');
    expect(screen.getByTestId('field-customer').textContent).toContain('Customer');
    expect(calls[0]?.url).toBe(`${APPS_PATHS.getForm}?id=app-1`);

    // Every field type is in the palette with its translated name.
    expect(screen.getByTestId('palette-calculation-element').getAttribute('aria-label')).toBe(
      'Calculated element',
    );
    const number = screen.getByTestId('palette-number');
    expect(number.getAttribute('aria-label')).toBe('Number');
    number.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('field-untitled_field')).toBeTruthy();
    expect(screen.getByTestId('unsaved-marker')).toBeTruthy();

    // The new field is selected: its label drives its machine name.
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Unit price' } });
    expect((screen.getByLabelText('Machine name') as HTMLInputElement).value).toBe('unit_price');
    expect(screen.getByTestId('field-unit_price')).toBeTruthy();

    await user.click(
      within(screen.getByTestId('form-editor-header')).getByRole('button', { name: /Save draft/ }),
    );
    expect(await screen.findByText('Form has been saved')).toBeTruthy();
    const [body] = saveBodies(calls);
    const added = body.data.fieldGroups[0].fields[1];
    expect(body).toEqual({
      id: 'app-1',
      data: {
        formName: 'Invoices',
        displayName: 'Invoices',
        isPublished: false,
        fieldGroups: [
          {
            displayName: 'Details',
            sectionIndex: 0,
            name: 'details',
            orderIndex: 0,
            isTable: false,
            minimumRowCount: 0,
            maximumRowCount: 0,
            fields: [customerField, added],
          },
        ],
      },
      permission: '[]',
      // An app without a workflow is edited, and saved, as Start → End.
      workflow: emptyDefinition(),
      defaultConfig: {},
    });
    expect(added).toMatchObject({
      fieldType: 'number',
      editorType: 'number',
      fieldName: 'Unit price',
      label: 'Unit price',
      displayName: 'Unit price',
      name: 'unit_price',
      columnWidth: 4,
      format: 'None',
      rowIndex: 0,
      columnIndex: 6,
      isTable: false,
    });
    // A new Number field keeps what people type: no decimal places to round to (issue 22 item 2).
    expect(added).not.toHaveProperty('decimalPlaces');
    await waitFor(() => expect(screen.queryByTestId('unsaved-marker')).toBeNull());
  });

  it('lists the issues SaveForm reports and selects the field a click names', async () => {
    const user = userEvent.setup();
    mockFetch({
      [GET_FORM]: ok(app),
      [SAVE_FORM]: {
        status: 400,
        body: {
          success: false,
          message: APPS_MESSAGES.invalidForm,
          data: {
            code: 'invalidForm',
            issues: [
              {
                target: 'f-customer',
                kind: 'field',
                code: 'formula',
                message: 'The formula is not valid: Unknown field {total}',
                params: { formulaCode: 'unknownField', name: 'total', detail: 'Unknown field {total}' },
                start: 0,
                end: 7,
              },
              {
                target: 'f-customer',
                kind: 'field',
                code: 'somethingNew',
                message: 'A rule from the server.',
              },
            ],
          },
        },
      },
    });
    renderEditor();
    await screen.findByTestId('field-customer');
    await user.click(
      within(screen.getByTestId('form-editor-header')).getByRole('button', { name: /Save draft/ }),
    );
    const panel = await screen.findByTestId('issues-panel');
    expect(panel.textContent).toContain('Problems to fix: 2');
    expect(panel.textContent).toContain(
      'Customer (customer): The formula is not valid: Unknown field “total”',
    );
    expect(panel.textContent).toContain('A rule from the server.');
    expect(await screen.findByText('The form has problems; fix them and save again.')).toBeTruthy();
    expect(screen.getByTestId('field-customer').dataset.invalid).toBe('true');

    expect(screen.queryByTestId('settings-field')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: /A rule from the server/ }));
    expect(screen.getByTestId('field-customer').dataset.selected).toBe('true');
    expect((screen.getByLabelText('Machine name') as HTMLInputElement).value).toBe('customer');
  });

  it('checks machine names live and undoes and redoes changes with the buttons and the keyboard', async () => {
    mockFetch({ [GET_FORM]: ok(app) });
    renderEditor();
    fireEvent.click(
      within(await screen.findByTestId('field-customer')).getByRole('button', { name: 'Select Customer' }),
    );
    // One change is one undo step (typing fast folds into one too, but test timing is not fast).
    fireEvent.change(screen.getByLabelText('Machine name'), { target: { value: 'status' } });
    const reserved = 'The field name status is reserved; choose another.';
    expect(document.getElementById('setting-name-error')?.textContent).toBe(reserved);
    expect(screen.getByTestId('issues-panel').textContent).toContain(`Customer (status): ${reserved}`);

    const header = screen.getByTestId('form-editor-header');
    const undo = within(header).getByRole('button', { name: /Undo/ });
    fireEvent.click(undo);
    await waitFor(() => expect(screen.queryByTestId('field-status')).toBeNull());
    expect(screen.getByTestId('field-customer')).toBeTruthy();
    expect(screen.queryByTestId('unsaved-marker')).toBeNull();

    fireEvent.click(within(header).getByRole('button', { name: /Redo/ }));
    expect(await screen.findByTestId('field-status')).toBeTruthy();

    // Outside a text box, Ctrl+Z and Ctrl+Y are the form's undo and redo.
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(await screen.findByTestId('field-customer')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(await screen.findByTestId('field-status')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.click(
      within(screen.getByTestId('field-customer')).getByRole('button', { name: 'Delete Customer' }),
    );
    await waitFor(() => expect(screen.queryByTestId('field-customer')).toBeNull());
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: false });
    expect(await screen.findByTestId('field-customer')).toBeTruthy();
  });

  it('takes fields dragged from the palette and moves placed fields by dragging', async () => {
    mockFetch({ [GET_FORM]: ok(app) });
    renderEditor();
    await screen.findByTestId('field-customer');
    const transfer = dragData();
    fireEvent.dragStart(screen.getByTestId('palette-date'), { dataTransfer: transfer });
    const zone = screen.getByTestId('section-drop-details');
    fireEvent.dragOver(zone, { dataTransfer: transfer });
    fireEvent.drop(zone, { dataTransfer: transfer });
    expect(await screen.findByTestId('field-untitled_field')).toBeTruthy();
    // A new row at the end of the section.
    expect(fieldOrder()).toEqual(['field-customer', 'field-untitled_field']);

    const move = dragData();
    fireEvent.dragStart(screen.getByTestId('field-customer'), { dataTransfer: move });
    const target = screen.getByTestId('field-untitled_field');
    fireEvent.dragOver(target, { dataTransfer: move });
    fireEvent.drop(target, { dataTransfer: move });
    await waitFor(() => expect(fieldOrder()).toEqual(['field-untitled_field', 'field-customer']));
  });

  it('publishes after saving the changes, then shows the app as Published in its new version', async () => {
    let published = false;
    const calls = mockFetch({
      [GET_FORM]: () =>
        ok(published ? { ...app, status: 'Published', module_version: 1, versions: [] } : app),
      [SAVE_FORM]: ok({ id: 'app-1', modified_on: '2026-01-02T00:00:00.000Z' }, APPS_MESSAGES.formSaved),
      [`POST ${APPS_PATHS.publish}`]: () => {
        published = true;
        return ok({ id: 'app-1', module_version: 1 }, APPS_MESSAGES.appPublished);
      },
    });
    renderEditor();
    await screen.findByTestId('field-customer');
    fireEvent.click(screen.getByTestId('palette-email'));
    await screen.findByTestId('field-untitled_field');
    fireEvent.click(
      within(screen.getByTestId('form-editor-header')).getByRole('button', { name: /Publish/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Publish version 1?')).toBeTruthy();
    expect(within(dialog).getByTestId('diff-summary').textContent).not.toBe('');
    expect(within(dialog).getByText('Your unsaved changes are saved first.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('App has been published')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST').map((call) => call.url);
    expect(posts).toEqual([APPS_PATHS.saveForm, APPS_PATHS.publish]);
    expect(JSON.parse(calls.find((call) => call.url === APPS_PATHS.publish)?.body ?? '{}')).toEqual({
      id: 'app-1',
    });
    await waitFor(() => expect(screen.getByTestId('app-status').textContent).toBe('Published'));
    expect(screen.getByTestId('app-version').textContent).toBe('Version 1');
    expect(screen.queryByTestId('unsaved-marker')).toBeNull();
  });

  it('asks before unsaved changes are left behind', async () => {
    mockFetch({ [GET_FORM]: ok(app) });
    const router = renderEditor();
    await screen.findByTestId('field-customer');
    fireEvent.click(screen.getByTestId('palette-text'));
    await screen.findByTestId('unsaved-marker');
    void router.navigate('/form-editor');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    const blocked = () => [...router.state.blockers.values()].some((blocker) => blocker.state === 'blocked');
    await waitFor(() => expect(blocked()).toBe(false));
    expect(router.state.location.pathname).toBe('/form-editor/show/app-1');
    void router.navigate('/form-editor');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-editor'));
  });

  it.each([
    [404, 'App not found'],
    [403, 'No access'],
  ])('answers a %i from GetForm with its own page and a link back to the list', async (status, title) => {
    mockFetch({ [GET_FORM]: fail(status, APPS_MESSAGES.notFound) });
    const router = renderEditor('gone');
    expect(await screen.findByText(title)).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to the app list' });
    expect(back.getAttribute('href')).toBe('/form-editor');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-editor'));
  });
});
