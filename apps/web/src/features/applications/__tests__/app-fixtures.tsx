import { APPS_PATHS, MODULE_CATEGORY_PATHS, type AppSummary, type ModuleCategory } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { ApplicationsPage } from '../pages/applications-page.tsx';
import { FormEditorListPage } from '../pages/form-editor-list-page.tsx';

export const groups: ModuleCategory[] = [
  { id: 'g-hr', category_name: 'People', category_icon: 'team', order_index: 0 },
  { id: 'g-fin', category_name: 'Finance', category_icon: 'bank', order_index: 1 },
];

const base: Omit<AppSummary, 'id' | 'display_name'> = {
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
  created_on: '2026-01-02T10:00:00.000Z',
  modified_on: '2026-01-02T10:00:00.000Z',
  modified_by_name: 'Ada Admin',
};

export const expenses: AppSummary = {
  ...base,
  id: 'a-exp',
  display_name: 'Expenses',
  module_description: 'Claim travel costs',
  application_module_category_id: 'g-fin',
  category_name: 'Finance',
  category_icon: 'bank',
  app_icon: 'WalletOutlined',
  add_to_quick_launch: true,
  module_version: 2,
  status: 'Published',
  is_favourite: true,
  modified_on: '2026-02-03T10:00:00.000Z',
};
export const leave: AppSummary = {
  ...base,
  id: 'a-leave',
  display_name: 'Leave requests',
  application_module_category_id: 'g-hr',
  category_name: 'People',
  category_icon: 'team',
};
export const visitors: AppSummary = {
  ...base,
  id: 'a-vis',
  display_name: 'Visitors',
  module_version: 1,
  status: 'Published',
  modified_on: '2026-01-05T10:00:00.000Z',
};
export const apps = [expenses, leave, visitors];

export const providers = [
  { id: 'p-az', ocr_provider_name: 'Azure', single_service: false },
  { id: 'p-oai', ocr_provider_name: 'OpenAI', single_service: true },
];
export const services: Record<string, Array<{ id: string; ml_service_name: string; licensed: boolean }>> = {
  'p-az': [
    { id: 's-fr', ml_service_name: 'Form Recognizer', licensed: true },
    { id: 's-cv', ml_service_name: 'Computer Vision', licensed: true },
    { id: 's-tr', ml_service_name: 'Translator', licensed: false },
  ],
  'p-oai': [
    { id: 's-gpt', ml_service_name: 'GPT 4o', licensed: true },
    { id: 's-dalle', ml_service_name: 'DALL E', licensed: false },
  ],
};

/** The lookups every page of the feature reads: groups, reserved names and the ML catalogue. */
export const lookups = {
  [`GET ${MODULE_CATEGORY_PATHS.list}`]: ok(groups),
  [`GET ${APPS_PATHS.reservedModuleNames}`]: ok(['Users', 'Tasks']),
  [`GET ${APPS_PATHS.mlProviders}`]: ok({ items: providers }),
  [`GET ${APPS_PATHS.mlServices}`]: (call: { url: string }) =>
    ok({ items: services[new URL(call.url, 'http://x').searchParams.get('providerId') ?? ''] ?? [] }),
};

function EditorStandIn() {
  const { id } = useParams();
  return <p>editor of {id}</p>;
}

/** The feature's pages at `path` in a memory router, with stand-ins for the editor and module pages. */
export function renderApps(path: string, session = adminSession) {
  authStore.signIn(session);
  const suspended = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
  const router = createMemoryRouter(
    [
      { path: '/form-editor', element: suspended(<FormEditorListPage />) },
      { path: '/form-editor/show/:id', element: <EditorStandIn /> },
      { path: '/applications', element: suspended(<ApplicationsPage />) },
      { path: '/module/:id', element: <p>module page</p> },
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

export const locationOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

export const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

/** A handler that answers only when released, so the optimistic state can be seen in between. */
export function deferredReply(reply: { status?: number; body?: unknown }) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, reply), release: () => release() };
}

/** The first render of a test loads the page, antd and the namespaces; a busy machine needs longer. */
export const FIRST_RENDER = { timeout: 20_000 };
