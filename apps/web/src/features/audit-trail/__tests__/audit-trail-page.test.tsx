import { AUDIT_TRAIL_PATHS, type AuditDataTable, type AuditEntryDetail } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { toAuditFilters } from '../components/audit-filters.tsx';
import { AuditTrailPage } from '../pages/audit-trail-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const record = (id: number, extra: Partial<AuditDataTable['records'][number]> = {}) => ({
  id,
  created_at: '2026-11-20T10:00:00.000Z',
  user_id: 'u-2',
  username: 'nora',
  fullname: 'Nora North',
  entity: 'user',
  entity_id: `e-${id}`,
  action: 'time-zone-changed',
  request_id: `req-${id}`,
  ...extra,
});

const table = (
  records: AuditDataTable['records'],
  filtered = records.length,
  estimated = false,
): AuditDataTable => ({ records, recordsTotal: 40, recordsFiltered: filtered, estimated });

const detail: AuditEntryDetail = {
  ...record(7),
  before: { time_zone: 'UTC', old: 1, password_hash: '[REDACTED]' },
  after: { time_zone: 'Europe/Berlin', fresh: true, password_hash: '[REDACTED]' },
  diff: [
    { path: 'time_zone', kind: 'changed', before: 'UTC', after: 'Europe/Berlin' },
    { path: 'old', kind: 'removed', before: 1, after: null },
    { path: 'fresh', kind: 'added', before: null, after: true },
    { path: 'password_hash', kind: 'changed', before: '[REDACTED]', after: '[REDACTED]' },
  ],
};

const bodies = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.url === AUDIT_TRAIL_PATHS.datatables)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);

function renderPage() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <AuditTrailPage />
      </Suspense>
    </AppProviders>,
  );
}

describe('Audit trail page', { timeout: 20_000 }, () => {
  it('asks for the newest ten first and lists the entries with their users', async () => {
    const calls = mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(
        table([record(1), record(2, { username: null, fullname: null, user_id: null })], 25),
      ),
    });
    renderPage();
    expect(await screen.findByText('Nora North')).toBeTruthy();
    expect(screen.getByText('System (no user)')).toBeTruthy();
    expect(screen.getByText('Entries: 25')).toBeTruthy();
    expect(bodies(calls)[0]).toEqual({
      page: 1,
      length: 10,
      orders: [{ column: 'created_at', dir: 'desc' }],
      filters: [],
    });
  });

  it('pages and sorts on the server', async () => {
    const calls = mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(table([record(1)], 25)),
    });
    renderPage();
    await screen.findByText('Nora North');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ page: 2, length: 10 }));
    fireEvent.click(within(screen.getByTestId('audit-table')).getByText('Entity'));
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toMatchObject({ page: 1, orders: [{ column: 'entity', dir: 'asc' }] }),
    );
  });

  it('offers 10, 20, 50 and 100 a page and asks again from page one', async () => {
    const calls = mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(table([record(1)], 250_000, true)),
    });
    const view = renderPage();
    await screen.findByText('Nora North');
    expect(screen.getByText('About 250000 entries')).toBeTruthy();
    const sizer = view.container.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizer.querySelector('.ant-select-selector') ?? sizer);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
    fireEvent.click(await screen.findByText('50 / page', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ page: 1, length: 50 }));
  });

  it('sends the filters and starts again at page one', async () => {
    const calls = mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(table([record(1)])),
    });
    renderPage();
    await screen.findByText('Nora North');
    const filters = screen.getByTestId('audit-filters');
    fireEvent.change(within(filters).getByLabelText('User'), { target: { value: ' nora ' } });
    fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: 'sign-in' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toMatchObject({
        page: 1,
        filters: [
          { field: 'user', operator: 'contains', value: 'nora' },
          { field: 'action', operator: 'contains', value: 'sign-in' },
        ],
      }),
    );
  });

  it('shows the empty state when nothing matches', async () => {
    mockFetch({ [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(table([])) });
    renderPage();
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
  });

  it('shows a loading state while the page is on its way', async () => {
    let release: () => void = () => undefined;
    mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(ok(table([record(1)])));
        }),
    });
    const view = renderPage();
    await waitFor(() => expect(view.container.querySelector('.ant-spin-spinning')).not.toBeNull());
    release();
    expect(await screen.findByText('Nora North')).toBeTruthy();
    await waitFor(() => expect(view.container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('opens a row in a drawer with the coloured before/after diff', async () => {
    const calls = mockFetch({
      [`POST ${AUDIT_TRAIL_PATHS.datatables}`]: ok(table([record(7)])),
      [`GET ${AUDIT_TRAIL_PATHS.entity}`]: ok(detail),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Nora North'));
    const drawer = await screen.findByTestId('audit-drawer');
    const rows = await within(drawer).findAllByTestId('audit-diff-row');
    expect(calls.some((call) => call.url === `${AUDIT_TRAIL_PATHS.entity}?id=7`)).toBe(true);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual([
      'changed',
      'removed',
      'added',
      'changed',
    ]);
    const cells = (row: HTMLElement) => [
      within(row).getByTestId('audit-diff-before'),
      within(row).getByTestId('audit-diff-after'),
    ];
    const [changedBefore, changedAfter] = cells(rows[0]!);
    expect(changedBefore!.textContent).toBe('UTC');
    expect(changedAfter!.textContent).toBe('Europe/Berlin');
    expect(changedBefore!.style.textDecoration).toBe('line-through');
    expect(changedAfter!.style.background).not.toBe('');
    const [removedBefore, removedAfter] = cells(rows[1]!);
    expect(removedBefore!.textContent).toBe('1');
    expect(removedAfter!.textContent).toBe('');
    const [addedBefore, addedAfter] = cells(rows[2]!);
    expect(addedBefore!.textContent).toBe('');
    expect(addedBefore!.style.background).toBe('');
    expect(addedAfter!.textContent).toBe('true');
    expect(within(rows[3]!).getAllByText('[REDACTED]')).toHaveLength(2);
    expect(within(drawer).getByText('req-7')).toBeTruthy();
    expect(within(drawer).getByText('Removed')).toBeTruthy();
    expect(within(drawer).getByText('Added')).toBeTruthy();
  });
});

describe('toAuditFilters', () => {
  it('turns the form into data-table filters, whole days in the organization’s time zone', () => {
    const range: [Dayjs, Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-05')];
    expect(toAuditFilters({ user: '  ', entity: 'team', range }, 'Europe/Berlin')).toEqual([
      { field: 'entity', operator: 'contains', value: 'team' },
      { field: 'created_at', operator: 'gte', value: '2026-10-31T23:00:00.000Z' },
      { field: 'created_at', operator: 'lte', value: '2026-11-05T22:59:59.999Z' },
    ]);
    expect(toAuditFilters({ range: [null, dayjs('2026-07-01')] }, 'UTC')).toEqual([
      { field: 'created_at', operator: 'lte', value: '2026-07-01T23:59:59.999Z' },
    ]);
    expect(toAuditFilters({}, 'UTC')).toEqual([]);
  });
});
