import {
  APP_SETTINGS_PATHS,
  RECORDS_PATHS,
  recordPath,
  type RecordDataTable,
  type RecordForm,
  type RecordRow,
  type RecordSummary,
} from '@formloop/contracts';
import {
  createField,
  type FieldType,
  type FormField,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import { configure, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { RecordListPage } from '../pages/record-list-page.tsx';

export const MODULE_ID = 'app-1';

let nextField = 0;
export function field(
  type: FieldType,
  name: string,
  label: string,
  extra: Partial<FormField> = {},
): PayloadField {
  nextField += 1;
  return {
    ...createField(type, `f-${nextField}`, name),
    fieldName: label,
    displayName: label,
    label,
    editorType: type,
    rowIndex: nextField,
    columnIndex: 0,
    isTable: false,
    ...extra,
  };
}

export function group(name: string, fields: PayloadField[], isTable = false, orderIndex = 0): PayloadGroup {
  return {
    displayName: name,
    sectionIndex: orderIndex,
    name,
    orderIndex,
    isTable,
    minimumRowCount: 0,
    maximumRowCount: 0,
    fields: fields.map((one) => ({ ...one, isTable })),
  };
}

export const form: RecordForm = {
  id: MODULE_ID,
  display_name: 'Orders',
  module_description: 'Customer orders',
  app_icon: 'bank',
  module_version: 3,
  hasWorkflow: false,
  can: { create: true, edit: true, delete: true, configureForAll: true },
  definition: {
    defaultConfig: {},
    permission: [],
    fieldGroups: [
      group('main', [
        field('text', 'customer', 'Customer'),
        field('number', 'amount', 'Amount', { format: 'Thousands', decimalPlaces: 2 }),
        field('number', 'share', 'Share', { format: 'Percentage', decimalPlaces: 0 }),
        field('switch', 'paid', 'Paid'),
        field('user', 'owner', 'Owner'),
        field('checklist', 'tags', 'Tags'),
        field('lookup', 'client', 'Client'),
        field('file', 'attachment', 'Attachment'),
        field('password', 'secret', 'Secret'),
        field('button', 'go', 'Go'),
      ]),
      group('items', [field('number', 'qty', 'Quantity')], true, 1),
    ],
  },
};

export function row(
  id: string,
  data: Record<string, unknown> = {},
  extra: Partial<RecordRow> = {},
): RecordRow {
  return {
    id,
    module_id: MODULE_ID,
    module_version: 3,
    data,
    is_draft: false,
    status: 'In Progress',
    display_status: 'In Progress - Running',
    workflow_status: 'Running',
    tasks: 1,
    workflow_activity_name: 'Review',
    workflow_started_on: '2026-03-01T10:00:00.000Z',
    workflow_initiator_user: null,
    workflow_initiator_email: null,
    workflow_completed_on: null,
    workflow_faulted_on: null,
    workflow_instance_id: null,
    flow_name: null,
    submitted_on: null,
    expire_at: null,
    created_by: 'u-1',
    created_by_name: 'Ada Admin',
    modified_by: 'u-1',
    modified_by_name: 'Ada Admin',
    created_on: '2026-03-01T09:00:00.000Z',
    modified_on: '2026-03-01T09:00:00.000Z',
    ...extra,
  };
}

export const table = (
  data: RecordRow[],
  total = data.length,
  filtered = total,
  estimate = false,
): RecordDataTable => ({
  data,
  recordsTotal: total,
  recordsFiltered: filtered,
  countIsEstimate: estimate,
});

export const summary: RecordSummary = {
  total: 42,
  countIsEstimate: false,
  estimates: [],
  byStatus: { 'In Progress': 7, Completed: 30, Faulted: 1 },
  drafts: 4,
};

type Handlers = Parameters<typeof mockFetch>[0];

export const FORM = `GET ${recordPath.form(MODULE_ID)}`;
export const SUMMARY = `GET ${recordPath.summary(MODULE_ID)}`;
export const TABLE = `POST ${RECORDS_PATHS.datatables}`;
export const DRAFTS = `POST ${RECORDS_PATHS.draftDatatables}`;
export const CONFIG = `GET ${RECORDS_PATHS.getUserConfig}`;
export const USERS = `POST ${APP_SETTINGS_PATHS.userLookup}`;

/** The usual answers of the page, with `overrides` on top; returns the recorded calls. */
export function mockPage(overrides: Handlers = {}): RecordedCall[] {
  return mockFetch({
    [FORM]: ok(form),
    [SUMMARY]: ok(summary),
    [CONFIG]: ok({ scope: 'none', data: null }),
    [TABLE]: ok(table([row('r-1', { customer: 'Acme' })])),
    [DRAFTS]: ok(table([])),
    [USERS]: ok({ items: [], total: 0 }),
    ...overrides,
  });
}

/** The JSON bodies sent to one path, in order. */
export const bodiesOf = (calls: RecordedCall[], path: string) =>
  calls
    .filter((call) => call.method !== 'GET' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

function EditorStub() {
  const { moduleId, recordId } = useParams();
  return <div data-testid="item-editor">{`${moduleId}/${recordId ?? 'new'}`}</div>;
}

export function renderPage(path = `/module/${MODULE_ID}`) {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      { path: '/module/:moduleId', element: <RecordListPage /> },
      { path: '/item-editor/:moduleId/:recordId?', element: <EditorStub /> },
      { path: '/applications', element: <div data-testid="applications" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
  return { ...view, router };
}

/** The texts of the data rows' cells of the entries table. */
export function cellTexts(panel = 'records'): string[][] {
  const tableElement = screen.getByTestId(`record-panel-${panel}`);
  return within(tableElement)
    .getAllByRole('row')
    .filter((one) => one.hasAttribute('data-row-key'))
    .map((one) =>
      within(one)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** The column titles of the entries table. */
export const headerTexts = (panel = 'records') =>
  within(screen.getByTestId(`record-panel-${panel}`))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');

/** A handler that answers only when released, so the state in between can be seen. */
export function deferred<T>(reply: T) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, reply), release: () => release() };
}

/**
 * These pages chain several requests (form, view, page, then user names) before a cell settles; on a
 * busy two-core machine that outlasts the usual 5 s, so these files wait longer for each query.
 */
export function patientQueries() {
  beforeAll(() => configure({ asyncUtilTimeout: 20_000 }));
  afterAll(() => configure({ asyncUtilTimeout: 5000 }));
}
