import {
  APPS_PATHS,
  REPORT_PATHS,
  recordPath,
  reportDetailPath,
  reportRunPath,
  type AppSummary,
  type RecordForm,
  type RecordRow,
  type Report,
  type ReportListItem,
  type ReportResult,
} from '@formloop/contracts';
import { createField, type FieldType, type PayloadField } from '@formloop/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import type { RecordedCall } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { InquiryPage } from '../pages/inquiry-page.tsx';
import { ReportDesignerPage } from '../pages/report-designer-page.tsx';
import { ReportViewerPage } from '../pages/report-viewer-page.tsx';
import { ReportsPage } from '../pages/reports-page.tsx';

export const MODULE_ID = '3f0c8a52-1b0e-4c57-9a51-0d6f1f1f0a01';
export const REPORT_ID = 'r-1';

let nextField = 0;
function field(type: FieldType, name: string, label: string): PayloadField {
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
  };
}

export const form: RecordForm = {
  id: MODULE_ID,
  display_name: 'Orders',
  module_description: '',
  app_icon: null,
  module_version: 1,
  hasWorkflow: false,
  can: { create: true, edit: true, delete: true, configureForAll: false },
  definition: {
    defaultConfig: {},
    permission: [],
    fieldGroups: [
      {
        displayName: 'Main',
        sectionIndex: 0,
        name: 'main',
        orderIndex: 0,
        isTable: false,
        minimumRowCount: 0,
        maximumRowCount: 0,
        fields: [
          field('text', 'region', 'Region'),
          field('number', 'amount', 'Amount'),
          field('date', 'ordered', 'Ordered on'),
          field('text', 'customer', 'Customer'),
        ],
      },
    ],
  },
};

export const app: AppSummary = {
  id: MODULE_ID,
  display_name: 'Orders',
  module_description: '',
  application_module_category_id: null,
  category_name: null,
  category_icon: null,
  app_icon: null,
  add_to_quick_launch: false,
  module_version: 1,
  status: 'Published',
  is_favourite: false,
  created_by: 'u-1',
  created_by_name: 'Ada Admin',
  created_on: '2026-01-01T00:00:00.000Z',
  modified_on: '2026-01-01T00:00:00.000Z',
  modified_by_name: 'Ada Admin',
};

export const listItem = (id: string, name: string, extra: Partial<ReportListItem> = {}): ReportListItem => ({
  id,
  name,
  description: '',
  category: 'Sales',
  sharing: 'private',
  teamIds: [],
  roleIds: [],
  ownerId: 'u-1',
  ownerName: 'Ada Admin',
  moduleName: 'Orders',
  isMine: true,
  isFavourite: false,
  createdOn: '2026-03-01T09:00:00.000Z',
  modifiedOn: '2026-03-01T09:00:00.000Z',
  chartType: null,
  ...extra,
});

export const reportTable = (data: ReportListItem[], categories = ['Sales']) => ({
  data,
  recordsTotal: data.length,
  recordsFiltered: data.length,
  categories,
});

export function report(definition: Partial<Report['definition']> = {}, extra: Partial<Report> = {}): Report {
  return {
    ...listItem(REPORT_ID, 'Sales by region'),
    definition: {
      moduleId: MODULE_ID,
      columns: [],
      filters: [],
      orders: [],
      groupBy: [],
      measures: [],
      sort: [],
      totals: false,
      limit: 1000,
      ...definition,
    },
    ...extra,
  } as Report;
}

export function recordRow(id: string, data: Record<string, unknown>): RecordRow {
  return {
    id,
    module_id: MODULE_ID,
    module_version: 1,
    data,
    is_draft: false,
    status: 'Completed',
    display_status: 'Completed',
    workflow_status: null,
    tasks: 0,
    workflow_activity_name: null,
    workflow_started_on: null,
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
  };
}

/** Sales by region and month: two regions, a subtotal each, a grand total. */
export const groupedResult: ReportResult = {
  kind: 'grouped',
  columns: [],
  rows: [
    { groups: ['North', '2026-01'], labels: [null, 'Jan 2026'], measures: [10], level: 0 },
    { groups: ['North', '2026-02'], labels: [null, 'Feb 2026'], measures: [5], level: 0 },
    { groups: ['South', '2026-01'], labels: [null, 'Jan 2026'], measures: [7], level: 0 },
  ],
  subtotals: [
    { groups: ['North', null], labels: [null, null], measures: [15], level: 1 },
    { groups: ['South', null], labels: [null, null], measures: [7], level: 1 },
  ],
  total: { groups: [null, null], labels: [null, null], measures: [22], level: 2 },
  truncated: false,
};

export const FORM = `GET ${recordPath.form(MODULE_ID)}`;
export const DETAIL = `GET ${reportDetailPath(REPORT_ID)}`;
export const RUN_SAVED = `POST ${reportRunPath(REPORT_ID)}`;
export const RUN = `POST ${REPORT_PATHS.run}`;
export const SAVE = `POST ${REPORT_PATHS.save}`;
export const TABLE = `POST ${REPORT_PATHS.datatables}`;
export const APPS = `GET ${APPS_PATHS.listApplications}`;

/** The JSON bodies sent to one path, in order. */
export const bodiesOf = (calls: RecordedCall[], path: string) =>
  calls
    .filter((call) => call.method !== 'GET' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

/** The report pages (and Quick Report) at `path` inside a memory router. */
export function renderReports(path: string) {
  authStore.signIn(adminSession);
  const wrap = (element: React.ReactNode) => <Suspense fallback={null}>{element}</Suspense>;
  const router = createMemoryRouter(
    [
      { path: '/reports', element: wrap(<ReportsPage />) },
      { path: '/report-viewer', element: wrap(<ReportViewerPage />) },
      { path: '/report-designer', element: wrap(<ReportDesignerPage />) },
      { path: '/inquiry', element: wrap(<InquiryPage />) },
      // Where a drill lands (the record list is another feature's page).
      { path: '/module/:id', element: <div data-testid="record-list" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/**
 * Opens a select and picks an option. A mouse-down that lands while another select is still closing
 * can be swallowed, so it is repeated until the list is open.
 */
export async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await waitFor(() => {
    if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
    expect(select.getAttribute('aria-expanded')).toBe('true');
  });
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** Toasts load antd's message machinery on first use: slow on a busy machine. */
export const TOAST = { timeout: 20_000 };
