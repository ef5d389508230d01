import type { ReferenceListDetail, ReferenceListSummary } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { ReferenceDataDetailPage } from '../pages/reference-data-detail-page.tsx';
import { ReferenceDataPage } from '../pages/reference-data-page.tsx';

// Data and rendering shared by the reference data page tests.

export const summaries: ReferenceListSummary[] = [
  {
    id: 'l-fruit',
    key_name: 'Fruit',
    categories: 'Food,Garden',
    description: 'Sweet things',
    value_count: 3,
    modified_at: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 'l-sizes',
    key_name: 'Sizes',
    categories: '',
    description: '',
    value_count: 4,
    modified_at: '2026-02-01T09:30:00.000Z',
  },
];

export const fruitDetail: ReferenceListDetail = {
  id: 'l-fruit',
  key_name: 'Fruit',
  categories: 'Food',
  description: 'Sweet things',
  columns: [],
  values: ['Apple', 'Banana', 'Cherry'].map((value, index) => ({
    row_id: `r-${value.toLowerCase()}`,
    value,
    data: {},
    order_index: index,
  })),
  created_at: '2026-01-01T00:00:00.000Z',
  modified_at: '2026-03-01T10:00:00.000Z',
};

/** A 400 answer with field errors, as the server sends it. */
export const fieldFailure = (
  status: number,
  message: string,
  errors: Array<{ field: string; message: string }>,
) => ({
  status,
  body: { success: false, message, data: { code: 'VALIDATION_FAILED', errors } },
});

/** The reference data pages inside a data router (the editor guards leaving). */
export function renderReferencePages(path: string) {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      {
        path: '/referencedata',
        element: (
          <Suspense fallback={null}>
            <ReferenceDataPage />
          </Suspense>
        ),
      },
      {
        path: '/referencedata/:id',
        element: (
          <Suspense fallback={null}>
            <ReferenceDataDetailPage />
          </Suspense>
        ),
      },
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
