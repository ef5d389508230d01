import { API_PATHS, reportExportJobFilePath, type Notification } from '@formloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { AppShell } from '../../shell/app-shell.tsx';
import { signInAs, stubScrolling } from '../../shell/__tests__/render-shell.tsx';
import { NotificationDetailPage } from '../pages/notification-detail-page.tsx';
import { NotificationsPage } from '../pages/notifications-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['shell', 'notifications']);
});
beforeEach(() => stubScrolling());
afterEach(() => vi.unstubAllGlobals());

const note = (id: string, patch: Partial<Notification> = {}): Notification => ({
  id,
  notification_content: `Stored text ${id}`,
  notification_type_name: 'restart',
  current_step: 'StartProcess',
  task_id: null,
  module_id: null,
  record_id: null,
  record_created_by: null,
  created_on: '2026-01-01T10:00:00.000Z',
  time_since: 300,
  read_on: null,
  notification_params: {},
  ...patch,
});

const assigned = note('n-1', {
  notification_type_name: 'assigned',
  current_step: 'Manager approval',
  module_id: 'm-1',
  record_id: 'r-1',
  task_id: 't-1',
  notification_params: { app: 'Purchases', step: 'Manager approval', actor: 'Ada Admin' },
});
const restarted = note('n-2', {
  notification_params: { app: 'Purchases', actor: 'Ada Admin', message: 'Wrong supplier' },
  read_on: '2026-01-01T11:00:00.000Z',
});

const page = (notif: Notification[], unread: number, open = notif.length) => ok({ notif, unread, open });
const pageOf = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams.get('page');
const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.url);

function renderPages(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/notifications', element: <NotificationsPage /> },
          { path: '/notifications/:id', element: <NotificationDetailPage /> },
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  render(
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
  return { router, queryClient };
}

const bellBadge = () => screen.queryByRole('img', { name: /unread$/ });
const list = () => screen.findByTestId('notifications-list');
const rowOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

// antd lists render slowly in jsdom on a busy two-core machine.
describe('/notifications (spec §2, §4)', { timeout: 60_000 }, () => {
  it('lists them worded by type, unread ones marked; opening one marks it read and opens its task', async () => {
    signInAs('user');
    let answer: (value: ReturnType<typeof page>) => void = () => undefined;
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: () => new Promise((resolve) => (answer = resolve)),
      [`POST ${API_PATHS.notificationRead}`]: ok(null),
    });
    const { router } = renderPages('/notifications');
    const loading = await screen.findByTestId('notifications-loading');
    expect(loading.querySelectorAll('.ant-skeleton')).toHaveLength(3);
    answer(page([assigned, restarted], 1));

    const unread = await rowOf('Manager approval in Purchases is waiting for you');
    expect(unread.dataset.unread).toBe('true');
    expect(within(unread).getByText('New task')).toBeTruthy();
    expect(within(unread).getByText('Unread')).toBeTruthy();
    const read = await rowOf('Ada Admin restarted the process of the entry in Purchases');
    expect(read.dataset.unread).toBe('false');
    expect(within(read).queryByText('Unread')).toBeNull();
    expect(within(screen.getByTestId('notifications-page')).getByText('1 unread')).toBeTruthy();
    await waitFor(() => expect(bellBadge()?.textContent).toBe('1'));

    fireEvent.click(within(unread).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/item-editor/m-1/r-1/t-1'));
    await waitFor(() => expect(bellBadge()).toBeNull());
    expect(posts(calls)).toEqual([`${API_PATHS.notificationRead}?id=n-1`]);
  });

  it('opens one without a record at /notifications/{id}, without a read call when it is read', async () => {
    signInAs('user');
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([restarted], 0),
      [`GET ${API_PATHS.notifications}/n-2`]: ok(restarted),
    });
    const { router } = renderPages('/notifications');
    fireEvent.click(
      within(await rowOf('Ada Admin restarted the process of the entry in Purchases')).getByRole('button'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/n-2'));
    expect(await screen.findByTestId('notification-detail')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('loads 10 more at a time, and reports a failed load in an error toast', async () => {
    signInAs('user');
    const first = Array.from({ length: 10 }, (_, index) => note(`a-${index}`, { read_on: 'x' }));
    let failNext = true;
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: (call) => {
        if (pageOf(call) !== '2') return page(first, 0, 11);
        if (failNext) {
          failNext = false;
          return fail(500, 'Notification store unavailable');
        }
        return page([note('b-0', { read_on: 'x' })], 0, 11);
      },
    });
    renderPages('/notifications');
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(10);
    const more = () =>
      within(screen.getByTestId('notifications-page')).getByRole('button', { name: 'Load more' });
    fireEvent.click(more());
    expect(await screen.findByText('Notification store unavailable')).toBeTruthy();
    fireEvent.click(more());
    expect(await screen.findByText('Stored text b-0')).toBeTruthy();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(11);
    expect(
      within(screen.getByTestId('notifications-page')).queryByRole('button', { name: 'Load more' }),
    ).toBeNull();
  });

  it('marks all as read, here and on the bell', async () => {
    signInAs('user');
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([assigned, note('n-3')], 2),
      [`POST ${API_PATHS.notificationsMarkAllRead}`]: ok({ marked: 2 }),
    });
    renderPages('/notifications');
    await waitFor(() => expect(bellBadge()?.textContent).toBe('2'));
    const pageBody = screen.getByTestId('notifications-page');
    fireEvent.click(within(pageBody).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bellBadge()).toBeNull());
    expect(within(pageBody).queryByText('Unread')).toBeNull();
    expect(within(pageBody).getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(posts(calls)).toEqual([API_PATHS.notificationsMarkAllRead]);
  });

  it('says when there are none', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.notifications}`]: page([], 0) });
    renderPages('/notifications');
    expect(await screen.findByTestId('notifications-empty')).toBeTruthy();
    expect(screen.getByTestId('notifications-empty').textContent).toContain('You have no notifications');
  });

  it('offers a retry when the list fails', async () => {
    signInAs('user');
    let down = true;
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: () => (down ? fail(500, 'Down') : page([assigned], 1)),
    });
    renderPages('/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The notifications could not be loaded.');
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Manager approval in Purchases is waiting for you')).toBeTruthy();
  });
});

describe('/notifications/{id} (spec §2)', { timeout: 60_000 }, () => {
  it('shows the detail and marks it read on open; the bell goes down', async () => {
    signInAs('user');
    const unread = { ...restarted, read_on: null };
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([unread], 1),
      [`GET ${API_PATHS.notifications}/n-2`]: ok(unread),
      [`POST ${API_PATHS.notificationRead}`]: ok(null),
    });
    renderPages('/notifications/n-2');
    const detail = await screen.findByTestId('notification-detail');
    expect(
      within(detail).getByText('Ada Admin restarted the process of the entry in Purchases'),
    ).toBeTruthy();
    for (const text of [
      'Process restarted',
      'Purchases',
      'StartProcess',
      'Ada Admin',
      'Wrong supplier',
      'Stored text n-2',
    ]) {
      expect(within(detail).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(detail).getByText('5 minutes ago', { exact: false })).toBeTruthy();
    await waitFor(() => expect(posts(calls)).toEqual([`${API_PATHS.notificationRead}?id=n-2`]));
    await waitFor(() => expect(within(detail).getByText('Read')).toBeTruthy());
    await waitFor(() => expect(bellBadge()).toBeNull());
  });

  it('offers the file of a finished report export, and says when it could not be downloaded', async () => {
    signInAs('user');
    const ready = note('n-9', {
      notification_type_name: 'exportready',
      notification_content: 'Your export Orders is ready to download',
      current_step: null,
      read_on: '2026-01-01T11:00:00.000Z',
      notification_params: { app: 'Orders', exportId: 'e-1' },
    });
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([ready], 0),
      [`GET ${API_PATHS.notifications}/n-9`]: ok(ready),
    });
    let answer: Response = new Response('csv', {
      headers: { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Orders.csv')}` },
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) =>
      input === reportExportJobFilePath('e-1') ? answer : inner(input, init),
    );
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:x'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      renderPages('/notifications/n-9');
      const detail = await screen.findByTestId('notification-detail');
      expect(within(detail).getByText('Your export Orders is ready to download')).toBeTruthy();
      expect(within(detail).getAllByText('Export ready').length).toBeGreaterThan(0);
      fireEvent.click(within(detail).getByTestId('notification-export-download'));
      await waitFor(() => expect(downloads).toEqual(['Orders.csv']));
      answer = new Response(JSON.stringify({ success: false, message: 'This export does not exist.' }), {
        status: 404,
      });
      // antd's Button leaves its loading state in an effect after the render that ends the download,
      // and ignores clicks until then: wait for it as a user would see the spinner go.
      const button = within(detail).getByTestId('notification-export-download');
      await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
      fireEvent.click(button);
      expect(
        await within(detail).findByText('The file could not be downloaded.', {}, { timeout: 5_000 }),
      ).toBeTruthy();
    } finally {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('reads a notification that is not in the loaded list from the server again after marking it', async () => {
    signInAs('user');
    let readOnServer = false;
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: () => page([], readOnServer ? 0 : 1, 1),
      [`GET ${API_PATHS.notifications}/n-9`]: ok(note('n-9')),
      [`POST ${API_PATHS.notificationRead}`]: () => {
        readOnServer = true;
        return ok(null);
      },
    });
    renderPages('/notifications/n-9');
    await waitFor(() => expect(bellBadge()?.textContent).toBe('1'));
    await waitFor(() => expect(posts(calls)).toEqual([`${API_PATHS.notificationRead}?id=n-9`]));
    await waitFor(() => expect(bellBadge()).toBeNull());
  });

  it('says when the notification does not exist', async () => {
    signInAs('user');
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([], 0),
      [`GET ${API_PATHS.notifications}/n-0`]: fail(404, 'This notification does not exist.'),
    });
    renderPages('/notifications/n-0');
    const missing = await screen.findByTestId('notification-missing');
    expect(missing.textContent).toContain('This notification does not exist.');
    expect(posts(calls)).toEqual([]);
  });

  it('offers a retry when it could not be loaded', async () => {
    signInAs('user');
    let down = true;
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([], 0),
      // A 403 is not retried (a 500 would be, three times, before the page gives up).
      [`GET ${API_PATHS.notifications}/n-2`]: () => (down ? fail(403, 'Not yours') : ok(restarted)),
    });
    renderPages('/notifications/n-2');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The notification could not be loaded.');
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('notification-detail')).toBeTruthy();
  });
});
