import { API_PATHS, type Notification } from '@formloop/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { itemEditorKeys } from '../../item-editor/api.ts';
import { recordKeys } from '../../records/api.ts';
import { AppShell } from '../../shell/app-shell.tsx';
import { signInAs, stubScrolling } from '../../shell/__tests__/render-shell.tsx';
import { TASK_TOTAL_PATH } from '../../shell/shell-constants.ts';
import { taskKeys } from '../../tasks/api.ts';
import { RealtimeConnection } from '../realtime-connection.tsx';
import type { CreateTaskHubConnection } from '../task-hub.ts';
import { fakeHubs } from './fake-hub.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['shell', 'notifications']);
});
beforeEach(() => stubScrolling());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stored = (id: string, patch: Partial<Notification> = {}): Notification => ({
  id,
  notification_content: 'Manager approval is waiting for you',
  notification_type_name: 'assigned',
  current_step: 'Manager approval',
  task_id: 't-1',
  module_id: 'm-1',
  record_id: 'r-1',
  record_created_by: 'u-2',
  created_on: '2026-01-01T10:00:00.000Z',
  time_since: 5,
  read_on: null,
  notification_params: { app: 'Purchases', step: 'Manager approval', actor: 'Ada Admin' },
  ...patch,
});

const push = {
  content: 'Manager approval is waiting for you',
  moduleId: 'm-1',
  recordId: 'r-1',
  notificationId: 'n-7',
  type: 'assigned',
  params: { app: 'Purchases', step: 'Manager approval', actor: 'Ada Admin' },
};

/** The notification API and the task total as the server holds them; a push adds to both first. */
function server() {
  const state = { notifications: [] as Notification[], tasks: 2 };
  const calls = mockFetch({
    [`GET ${API_PATHS.notifications}`]: () =>
      ok({
        notif: state.notifications,
        unread: state.notifications.filter((item) => !item.read_on).length,
        open: state.notifications.length,
      }),
    [`GET ${API_PATHS.notifications}/n-7`]: () => ok(state.notifications.find((item) => item.id === 'n-7')),
    [`POST ${API_PATHS.notificationRead}`]: (call) => {
      const id = new URL(call.url, 'http://localhost').searchParams.get('id');
      state.notifications = state.notifications.map((item) =>
        item.id === id ? { ...item, read_on: '2026-01-01T10:01:00.000Z' } : item,
      );
      return ok(null);
    },
    [`GET ${TASK_TOTAL_PATH}`]: () => ok(state.tasks),
  });
  /** What the server does before it pushes: stores the notification, the task is now B's. */
  const assign = () => {
    state.notifications = [stored('n-7'), ...state.notifications];
    state.tasks += 1;
  };
  return { calls, assign };
}

const gets = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.url.split('?')[0] === path).length;

function CurrentPage() {
  const location = useLocation();
  return <p data-testid="page">{location.pathname}</p>;
}

/** The shell (bell, Home badge) with the live connection beside it, as a signed-in page has them. */
function renderLive(create: CreateTaskHubConnection) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <AppShell />
            <RealtimeConnection createConnection={create} />
          </>
        ),
        children: [{ path: '*', element: <CurrentPage /> }],
      },
    ],
    { initialEntries: ['/module/m-1'] },
  );
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

const bellBadge = () => screen.queryByRole('img', { name: /unread$/ });
const homeBadge = () => screen.queryByRole('img', { name: /^Pending tasks/ });
const noticeText = 'Manager approval in Purchases is waiting for you';

describe('live notifications (spec §4 server push)', { timeout: 60_000 }, () => {
  it('shows the notice, refreshes the bell and the Home badge at once, and the module 7.5 s later', async () => {
    signInAs('user');
    const { calls, assign } = server();
    const { create, latest } = fakeHubs();
    const { queryClient } = renderLive(create);
    await waitFor(() => expect(latest()?.invoked).toEqual(['GetConnectionId']));
    expect(latest()?.address.userId).toBe('u-1');
    expect(latest()?.address.accessToken()).toBe('jwt-token');
    await waitFor(() => expect(homeBadge()?.textContent).toBe('2'));
    expect(bellBadge()).toBeNull();

    // Data of the module on screen (and of another one), as the record list and editor hold it.
    const table = [...recordKeys.tables('m-1'), 'records', { page: 1 }];
    const otherModule = recordKeys.summary('m-2');
    const moduleKeys = [
      table,
      recordKeys.summary('m-1'),
      itemEditorKeys.detail('r-1'),
      taskKeys.history('r-1'),
      [...taskKeys.lists(), 'tasks', { page: 1 }],
    ];
    for (const key of [...moduleKeys, otherModule]) queryClient.setQueryData(key, { cached: true });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    const notificationReads = gets(calls, API_PATHS.notifications);
    const totalReads = gets(calls, TASK_TOTAL_PATH);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    assign();
    act(() => latest()!.send('ReceiveNotification', push));

    // The notice, worded from its type and values in the UI language.
    const notice = screen.getByTestId('realtime-notice');
    expect(notice.textContent).toContain('New task');
    expect(notice.textContent).toContain(noticeText);
    expect(gets(calls, API_PATHS.notifications)).toBe(notificationReads + 1);
    expect(gets(calls, TASK_TOTAL_PATH)).toBe(totalReads + 1);

    await act(() => vi.advanceTimersByTimeAsync(7499));
    expect(bellBadge()?.textContent).toBe('1');
    expect(homeBadge()?.textContent).toBe('3');
    expect(moduleKeys.map(stale)).toEqual([false, false, false, false, false]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(moduleKeys.map(stale)).toEqual([true, true, true, true, true]);
    expect(stale(otherModule)).toBe(false);
  });

  it('opens the notice on click: marked read, the badge goes down, the record opens at its task', async () => {
    signInAs('user');
    const { calls, assign } = server();
    const { create, latest } = fakeHubs();
    const { router } = renderLive(create);
    await waitFor(() => expect(latest()?.invoked).toEqual(['GetConnectionId']));
    assign();
    act(() => latest()!.send('ReceiveNotification', push));
    await waitFor(() => expect(bellBadge()?.textContent).toBe('1'));

    fireEvent.click(await screen.findByText(noticeText));
    await waitFor(() => expect(router.state.location.pathname).toBe('/item-editor/m-1/r-1/t-1'));
    await waitFor(() => expect(bellBadge()).toBeNull());
    const reads = calls.filter((call) => call.method === 'POST');
    expect(reads.map((call) => call.url)).toEqual([`${API_PATHS.notificationRead}?id=n-7`]);
  });

  it('shows the stored content for a type it cannot word', async () => {
    signInAs('user');
    server();
    const { create, latest } = fakeHubs();
    renderLive(create);
    await waitFor(() => expect(latest()?.invoked).toEqual(['GetConnectionId']));
    act(() =>
      latest()!.send('ReceiveNotification', {
        content: 'Your export is ready',
        moduleId: null,
        type: 'export',
        params: {},
      }),
    );
    const notice = await screen.findByTestId('realtime-notice');
    expect(notice.textContent).toContain('Notification');
    expect(notice.textContent).toContain('Your export is ready');
  });

  it('reconnects with a refreshed token, catches up after a drop, and closes on sign-out', async () => {
    signInAs('user');
    const { calls } = server();
    const { create, hubs, latest } = fakeHubs();
    renderLive(create);
    await waitFor(() => expect(latest()?.invoked).toEqual(['GetConnectionId']));
    const first = latest()!;

    act(() => authStore.mergeToken('refreshed-token'));
    await waitFor(() => expect(hubs).toHaveLength(2));
    expect(first.stops).toBe(1);
    const second = latest()!;
    expect(second.address.accessToken()).toBe('refreshed-token');
    await waitFor(() => expect(second.invoked).toEqual(['GetConnectionId']));

    const before = gets(calls, API_PATHS.notifications);
    act(() => second.reconnect());
    await waitFor(() => expect(gets(calls, API_PATHS.notifications)).toBe(before + 1));

    act(() => authStore.signOut());
    expect(second.stops).toBe(1);
    expect(hubs).toHaveLength(2);
  });
});
