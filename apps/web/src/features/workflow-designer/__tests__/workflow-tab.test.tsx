import { APPS_MESSAGES, APPS_PATHS, WORKFLOW_PATHS, type AppDetail } from '@formloop/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { FormEditorPage } from '../../form-editor/pages/form-editor-page.tsx';
import { installFlowShims } from './flow-shims.ts';

beforeAll(installFlowShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

const GET_FORM = `GET ${APPS_PATHS.getForm}`;
const SAVE_FORM = `POST ${APPS_PATHS.saveForm}`;

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
  module_draft: {
    fieldGroups: [
      {
        displayName: 'Details',
        sectionIndex: 0,
        name: 'details',
        orderIndex: 0,
        isTable: false,
        minimumRowCount: 0,
        maximumRowCount: 0,
        fields: [
          {
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
            displayName: 'Customer',
            label: 'Customer',
            editorType: 'text',
            rowIndex: 0,
            columnIndex: 0,
            isTable: false,
          },
        ],
      },
    ],
    defaultConfig: {},
    permission: [],
  },
  module_published: null,
  workflow_draft: null,
  workflow_published: null,
  email_templates: [],
  versions: [],
};

function renderEditor() {
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
    ],
    { initialEntries: ['/form-editor/show/app-1'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const header = () => screen.getByTestId('form-editor-header');
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const nodeIds = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).map((node) => node.dataset.id);

describe('the Workflow tab of the form editor', { timeout: 120_000 }, () => {
  it('designs the workflow: an added approval is in the permissions at once, saved with the form, and publishing waits for a valid workflow', async () => {
    const calls = mockFetch({
      [GET_FORM]: ok(app),
      [`GET ${WORKFLOW_PATHS.lookupAssignee}`]: ok([]),
      [SAVE_FORM]: ok({ id: 'app-1', modified_on: '2026-01-02T00:00:00.000Z' }, APPS_MESSAGES.formSaved),
    });
    renderEditor();
    await screen.findByTestId('field-customer');
    const tabs = Array.from(document.querySelectorAll('[role="tab"]')).map((tab) => tab.textContent);
    expect(tabs.slice(0, 3)).toEqual(['Design', 'Workflow', 'Permissions']);

    // A new app starts with Start → End.
    openTab('Workflow');
    // The designer is its own chunk, loaded on first opening: slow on a busy machine.
    await screen.findByTestId('activity-node-start', {}, { timeout: 20_000 });
    expect(nodeIds()).toEqual(['start', 'end']);
    expect(screen.getByTestId('activity-node-start').textContent).toContain('Start');
    expect(screen.getByTestId('workflow-issues').textContent).toContain('No problems');

    fireEvent.click(screen.getByRole('button', { name: 'Add Approval' }));
    expect(await screen.findByTestId('activity-node-approval-1')).toBeTruthy();
    // One labelled handle per outcome.
    expect(screen.getByTestId('outcome-approval-1-Approve').textContent).toBe('Approve');
    expect(screen.getByTestId('outcome-approval-1-Reject').textContent).toBe('Reject');
    expect(screen.getByTestId('unsaved-marker')).toBeTruthy();
    // The new activity is selected: its properties are open.
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Approval');
    fireEvent.change(name, { target: { value: 'Manager approval' } });

    openTab('Permissions');
    const matrix = await screen.findByTestId('perm-matrix');
    const headers = Array.from(matrix.querySelectorAll('thead th')).map((cell) => cell.textContent ?? '');
    expect(headers.some((text) => text.startsWith('Manager approval'))).toBe(true);

    fireEvent.click(within(header()).getByRole('button', { name: /Save draft/ }));
    await screen.findByText('Form has been saved');
    const body = JSON.parse(calls.find((call) => call.url === APPS_PATHS.saveForm)?.body ?? '{}');
    expect(body.workflow.activities.map((activity: { activityId: string }) => activity.activityId)).toEqual([
      'start',
      'end',
      'approval-1',
    ]);
    expect(body.workflow.activities[2].displayName).toBe('Manager approval');

    // The approval is connected to nothing and has no approvers: publishing is blocked.
    fireEvent.click(within(header()).getByRole('button', { name: /Publish/ }));
    const dialog = await screen.findByRole('dialog');
    const issues = within(dialog).getByTestId('publish-workflow-issues');
    expect(issues.textContent).toContain('The workflow has');
    expect(issues.textContent).toContain('Manager approval has no approvers.');
    expect(issues.textContent).toContain('Manager approval cannot be reached from Start.');
    const publish = within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the Workflow tab' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Workflow' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(calls.some((call) => call.url === APPS_PATHS.publish)).toBe(false);
  });

  it('removes the selection with Delete, clears it with Escape, and undoes with the editor', async () => {
    mockFetch({ [GET_FORM]: ok(app), [`GET ${WORKFLOW_PATHS.lookupAssignee}`]: ok([]) });
    renderEditor();
    await screen.findByTestId('field-customer');
    openTab('Workflow');
    await screen.findByTestId('activity-node-start');
    fireEvent.click(screen.getByRole('button', { name: 'Add Timer' }));
    await screen.findByTestId('activity-node-timer-1');

    const node = () => document.querySelector<HTMLElement>('.react-flow__node[data-id="timer-1"]')!;
    fireEvent.click(node());
    await waitFor(() => expect(node().classList.contains('selected')).toBe(true));
    fireEvent.keyDown(node(), { key: 'Escape' });
    await waitFor(() => expect(node().classList.contains('selected')).toBe(false));
    expect(screen.getByText('Select an activity on the canvas to edit it.')).toBeTruthy();

    fireEvent.click(node());
    await waitFor(() => expect(node().classList.contains('selected')).toBe(true));
    fireEvent.keyDown(node(), { key: 'Delete' });
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'end']));

    fireEvent.click(within(header()).getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'end', 'timer-1']));

    // A kind dragged from the palette lands on the canvas.
    const store = new Map<string, string>();
    const transfer = {
      setData: (type: string, value: string) => void store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return [...store.keys()];
      },
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(screen.getByRole('button', { name: 'Add Decision' }), { dataTransfer: transfer });
    const canvas = screen.getByTestId('workflow-canvas');
    fireEvent.dragOver(canvas, { dataTransfer: transfer });
    fireEvent.drop(canvas, { dataTransfer: transfer, clientX: 120, clientY: 80 });
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'end', 'timer-1', 'decision-1']));
    expect(screen.getByTestId('activity-node-decision-1').textContent).toContain('No condition yet');
  });

  it('imports a workflow file, asking before it replaces work, and shows the import’s notes', async () => {
    mockFetch({ [GET_FORM]: ok(app), [`GET ${WORKFLOW_PATHS.lookupAssignee}`]: ok([]) });
    renderEditor();
    await screen.findByTestId('field-customer');
    openTab('Workflow');
    await screen.findByTestId('activity-node-start');
    fireEvent.click(screen.getByRole('button', { name: 'Add Send email' }));
    await screen.findByTestId('activity-node-sendemail-1');

    const elsa = {
      activities: [
        { activityId: 'a', type: 'SendEmail', displayName: 'Notify', properties: [] },
        { activityId: 'b', type: 'Finish', displayName: 'Done', properties: [] },
      ],
      connections: [{ sourceActivityId: 'a', targetActivityId: 'b', outcome: 'Done' }],
    };
    const file = new File([JSON.stringify(elsa)], 'notify.json', { type: 'application/json' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('workflow-import-file'), { target: { files: [file] } });
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Replace the workflow?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(nodeIds()).toEqual(['start', 'a', 'b']));
    expect(screen.getByTestId('workflow-import-warnings').textContent).toContain('Added a Start activity');

    // Export downloads the Elsa-shaped definition named after the app.
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught here (this file's jsdom only).
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:workflow';
    };
    urls.revokeObjectURL = () => undefined;
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    click.mockRestore();
    expect(downloads).toEqual(['Invoices-workflow.json']);
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.activities.map((activity: { activityId: string }) => activity.activityId)).toEqual([
      'start',
      'a',
      'b',
    ]);
    expect(exported.activities[1]).toMatchObject({ type: 'SendEmail', displayName: 'Notify' });
  });
});
