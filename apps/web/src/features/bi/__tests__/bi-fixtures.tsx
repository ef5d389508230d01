import {
  APPS_PATHS,
  DASHBOARD_PATHS,
  REPORT_PATHS,
  dashboardDetailPath,
  recordPath,
  reportDetailPath,
  type AppSummary,
  type Dashboard,
  type DashboardListItem,
  type RecordForm,
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
import { BiBuilderPage } from '../pages/bi-builder-page.tsx';
import { BiReportsPage } from '../pages/bi-reports-page.tsx';

export const INVOICES_ID = '3f0c8a52-1b0e-4c57-9a51-0d6f1f1f0b01';
export const CUSTOMERS_ID = '3f0c8a52-1b0e-4c57-9a51-0d6f1f1f0b02';
export const QUESTION_ID = 'q-1';
export const DASHBOARD_ID = 'd-1';

let nextField = 0;
function field(
  type: FieldType,
  name: string,
  label: string,
  extra: Partial<PayloadField> = {},
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
  } as PayloadField;
}

function formOf(id: string, name: string, fields: PayloadField[]): RecordForm {
  return {
    id,
    display_name: name,
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
          fields,
        },
      ],
    },
  };
}

const customerLookup = field('lookup', 'customer', 'Customer');
customerLookup.lookup = {
  ...(customerLookup.lookup as NonNullable<PayloadField['lookup']>),
  moduleId: CUSTOMERS_ID,
};

export const invoicesForm = formOf(INVOICES_ID, 'Invoices', [
  customerLookup,
  field('number', 'total', 'Total'),
  field('text', 'kind', 'Kind'),
  field('date', 'issued', 'Issued on'),
]);
export const customersForm = formOf(CUSTOMERS_ID, 'Customers', [
  field('text', 'name', 'Name'),
  field('text', 'region', 'Region'),
]);

const appOf = (id: string, name: string): AppSummary => ({
  id,
  display_name: name,
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
});
export const apps = [appOf(INVOICES_ID, 'Invoices'), appOf(CUSTOMERS_ID, 'Customers')];

export const listItem = (id: string, name: string, extra: Partial<ReportListItem> = {}): ReportListItem => ({
  id,
  name,
  description: '',
  category: '',
  sharing: 'private',
  teamIds: [],
  roleIds: [],
  ownerId: 'u-1',
  ownerName: 'Ada Admin',
  moduleName: 'Invoices',
  isMine: true,
  isFavourite: false,
  createdOn: '2026-03-01T09:00:00.000Z',
  modifiedOn: '2026-03-01T09:00:00.000Z',
  chartType: null,
  ...extra,
});

export const questionTable = (data: ReportListItem[], collections: string[] = []) => ({
  data,
  recordsTotal: data.length,
  recordsFiltered: data.length,
  categories: [],
  collections,
});

export const pivotDefinition = {
  moduleId: INVOICES_ID,
  columns: [],
  filters: [],
  orders: [],
  groupBy: [],
  measures: [],
  sort: [],
  totals: false,
  limit: 1000,
  joins: [{ alias: 'j0' as const, field: 'customer' }],
  collection: 'Finance',
  pivot: {
    rows: [{ field: 'region', source: 'j0' as const }],
    column: { field: 'kind', source: 'base' as const },
    measure: { aggregate: 'sum' as const, source: 'base' as const, field: 'total' },
  },
};

export function question(extra: Partial<Report> = {}): Report {
  return { ...listItem(QUESTION_ID, 'Invoices by region'), definition: pivotDefinition, ...extra } as Report;
}

/** Invoices summed by the region of their customer (joined) and their kind. */
export const pivotResult: ReportResult = {
  kind: 'pivot',
  rowColumns: [],
  measure: { key: 'measure:0', label: 'Sum of Total', kind: 'number' },
  columnKeys: ['goods', 'service'],
  columnLabels: [null, null],
  rows: [
    { groups: ['North'], labels: [null], cells: [10, 25], total: 35 },
    { groups: ['South'], labels: [null], cells: [7, null], total: 7 },
  ],
  columnTotals: [17, 25],
  total: 42,
  truncated: false,
};

const dashboardItem = (id: string, name: string, isMine: boolean): DashboardListItem => ({
  id,
  name,
  description: '',
  sharing: 'private',
  teamIds: [],
  roleIds: [],
  refreshSeconds: 0,
  ownerId: 'u-1',
  ownerName: 'Ada Admin',
  isMine,
  isDefault: false,
  createdOn: '2026-03-01T09:00:00.000Z',
  modifiedOn: '2026-03-01T09:00:00.000Z',
  cardCount: 1,
});
export const dashboardTable = {
  data: [dashboardItem(DASHBOARD_ID, 'Sales board', true), dashboardItem('d-2', 'Their board', false)],
  recordsTotal: 2,
  recordsFiltered: 2,
};
export const dashboard: Dashboard = {
  ...dashboardItem(DASHBOARD_ID, 'Sales board', true),
  cards: [
    {
      id: 'text-1',
      type: 'text',
      title: 'Welcome',
      x: 0,
      y: 0,
      w: 12,
      h: 3,
      text: 'Hello',
      compare: false,
      filterFields: {},
    },
  ],
  filters: [],
  filterValues: {},
};

export const APPS = `GET ${APPS_PATHS.listApplications}`;
export const INVOICES_FORM = `GET ${recordPath.form(INVOICES_ID)}`;
export const CUSTOMERS_FORM = `GET ${recordPath.form(CUSTOMERS_ID)}`;
export const RUN = `POST ${REPORT_PATHS.run}`;
export const SAVE = `POST ${REPORT_PATHS.save}`;
export const TABLE = `POST ${REPORT_PATHS.datatables}`;
export const DETAIL = `GET ${reportDetailPath(QUESTION_ID)}`;
export const DASHBOARDS = `POST ${DASHBOARD_PATHS.datatables}`;
export const DASHBOARD = `GET ${dashboardDetailPath(DASHBOARD_ID)}`;
export const DASHBOARD_SAVE = `POST ${DASHBOARD_PATHS.save}`;

/** The JSON bodies sent to one path, in order. */
export const bodiesOf = (calls: RecordedCall[], path: string) =>
  calls
    .filter((call) => call.method !== 'GET' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

export function renderBi(path: string) {
  authStore.signIn(adminSession);
  const wrap = (element: React.ReactNode) => <Suspense fallback={null}>{element}</Suspense>;
  const router = createMemoryRouter(
    [
      { path: '/business-intelligence', element: wrap(<BiBuilderPage />) },
      { path: '/bi-reports', element: wrap(<BiReportsPage />) },
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

/** Opens a select and picks an option (repeating the mouse-down until the list is open). */
export async function choose(label: string, option: string) {
  const select = await screen.findByLabelText(label, {}, { timeout: 10_000 });
  await waitFor(() => {
    if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
    expect(select.getAttribute('aria-expanded')).toBe('true');
  });
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
}

export const TOAST = { timeout: 20_000 };
