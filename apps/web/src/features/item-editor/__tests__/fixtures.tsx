import type { RecordComment, RecordDetail, RecordForm, RecordRow } from '@formloop/contracts';
import type { PayloadGroup } from '@formloop/domain';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { payloadField, payloadGroup } from '../../form-renderer/__tests__/fixtures.tsx';
import { ItemEditorPage } from '../pages/item-editor-page.tsx';

export const details: PayloadGroup = payloadGroup(
  'details',
  [
    payloadField('text', 'title', 'Title', { required: true }),
    payloadField('number', 'amount', 'Amount', { rowIndex: 1 }),
  ],
  { displayName: 'Details' },
);

export const recordForm = (can: Partial<RecordForm['can']> = {}): RecordForm => ({
  id: 'app-1',
  display_name: 'Invoices',
  module_description: '',
  app_icon: null,
  module_version: 3,
  definition: { fieldGroups: [details], defaultConfig: {}, permission: [] },
  can: { create: true, edit: true, delete: true, configureForAll: false, ...can },
  hasWorkflow: false,
});

export const recordRow = (extra: Partial<RecordRow> = {}): RecordRow => ({
  id: 'r-1',
  module_id: 'app-1',
  module_version: 2,
  data: { title: 'Office chairs', amount: 120 },
  is_draft: true,
  status: 'Draft',
  display_status: 'Draft',
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
  created_by: 'u-2',
  created_by_name: 'Bea Builder',
  modified_by: 'u-3',
  modified_by_name: 'Carl Clerk',
  created_on: '2026-03-01T09:30:00.000Z',
  modified_on: '2026-03-02T14:45:00.000Z',
  ...extra,
});

export const recordDetail = (
  extra: Partial<RecordDetail> = {},
  row: Partial<RecordRow> = {},
): RecordDetail => ({
  record: recordRow(row),
  form: recordForm(),
  activityId: 'fs-start',
  editable: true,
  ...extra,
});

export const comment = (n: number, extra: Partial<RecordComment> = {}): RecordComment => ({
  id: `c-${n}`,
  record_id: 'r-1',
  author_id: 'u-2',
  author_name: 'Bea Builder',
  message: `Comment ${n}`,
  created_on: `2026-03-0${1 + (n % 9)}T10:00:00.000Z`,
  ...extra,
});

/** The item editor at `path` inside a router that also has the record list, as the app has them. */
export function renderEditor(path: string) {
  authStore.signIn(adminSession);
  const page = (
    <Suspense fallback={null}>
      <ItemEditorPage />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/item-editor/:moduleId', element: page },
      { path: '/item-editor/:moduleId/:recordId/:taskId?', element: page },
      { path: '/module/:moduleId', element: <p>record list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export const bodiesOf = (calls: { method: string; url: string; body: string | undefined }[], path: string) =>
  calls
    .filter((call) => call.method === 'POST' && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);
