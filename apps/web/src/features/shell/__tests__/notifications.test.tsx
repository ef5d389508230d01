import { API_PATHS, type Notification } from '@formloop/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { renderShell, signInAs, stubScrolling } from './render-shell.tsx';

beforeEach(() => stubScrolling());
afterEach(() => vi.unstubAllGlobals());

const note = (id: string, patch: Partial<Notification> = {}): Notification => ({
  id,
  notification_content: `Notification ${id}`,
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

const page = (notif: Notification[], unread: number, open = notif.length) => ok({ notif, unread, open });
const pageOf = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams.get('page');

const bell = () => screen.findByRole('button', { name: /^Notifications(, .+)?$/ });
const badge = () => screen.queryByRole('img', { name: /unread$/ });

describe('notifications dropdown (spec §2, §4, §9)', () => {
  it('shows 3 skeletons, then the list; opening one marks it read, lowers the badge and opens its record', async () => {
    signInAs('user');
    let answer: (value: ReturnType<typeof page>) => void = () => undefined;
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: () => new Promise((resolve) => (answer = resolve)),
      [`POST ${API_PATHS.notificationRead}`]: ok(null),
    });
    const shell = renderShell();
    fireEvent.click(await bell());
    const skeletons = await screen.findByTestId('notification-skeletons');
    expect(skeletons.querySelectorAll('.ant-skeleton')).toHaveLength(3);

    answer(
      page(
        [
          note('n-1', { module_id: 'm-1', record_id: 'r-1', task_id: 't-1' }),
          note('n-2', { read_on: '2026-01-01T11:00:00.000Z', time_since: 7200 }),
        ],
        5,
      ),
    );
    const list = await screen.findByTestId('notification-list');
    expect(list.style.maxHeight).toBe('300px');
    expect(within(list).getByText('5 minutes ago')).toBeTruthy();
    expect(within(list).getByText('2 hours ago')).toBeTruthy();
    expect(badge()?.textContent).toBe('5');

    fireEvent.click(within(list).getByText('Notification n-1'));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/item-editor/m-1/r-1/t-1'));
    await waitFor(() => expect(badge()?.textContent).toBe('4'));
    const read = calls.find(
      (call) => call.method === 'POST' && call.url.startsWith(API_PATHS.notificationRead),
    );
    expect(read?.url).toBe(`${API_PATHS.notificationRead}?id=n-1`);
  });

  it('opens a notification without a record at /notifications/{id}, and a read one without a read call', async () => {
    signInAs('user');
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([note('n-9', { read_on: '2026-01-01T11:00:00.000Z' })], 0),
    });
    const shell = renderShell();
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByText('Notification n-9'));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/notifications/n-9'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(badge()).toBeNull();
  });

  it('marks all as read', async () => {
    signInAs('user');
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: page([note('n-1'), note('n-2')], 2),
      [`POST ${API_PATHS.notificationsMarkAllRead}`]: ok(null),
    });
    renderShell();
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(badge()).toBeNull());
    expect(
      calls.some((call) => call.method === 'POST' && call.url === API_PATHS.notificationsMarkAllRead),
    ).toBe(true);
    expect(screen.queryByText('Unread', { exact: false })).toBeNull();
  });

  it('shows an empty state', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.notifications}`]: page([], 0) });
    renderShell();
    fireEvent.click(await bell());
    expect(await screen.findByText('You have no notifications')).toBeTruthy();
  });

  it('loads the next page of 10 on demand', async () => {
    signInAs('user');
    const first = Array.from({ length: 10 }, (_, index) => note(`a-${index}`));
    const calls = mockFetch({
      [`GET ${API_PATHS.notifications}`]: (call) =>
        pageOf(call) === '2' ? page([note('b-0')], 11, 11) : page(first, 11, 11),
    });
    renderShell();
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Notification b-0')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith(API_PATHS.notifications)).map(pageOf)).toContain('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("reports a failed 'load more' with the server's message in an error toast", async () => {
    signInAs('user');
    const first = Array.from({ length: 10 }, (_, index) => note(`a-${index}`));
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: (call) =>
        pageOf(call) === '2' ? fail(500, 'Notification store unavailable') : page(first, 3, 25),
    });
    renderShell();
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Notification store unavailable')).toBeTruthy();
    expect(screen.getByText('Notification a-9')).toBeTruthy();
  });

  it('words each notification by its type in the UI language, or shows its content', async () => {
    signInAs('user');
    mockFetch({
      [`GET ${API_PATHS.notifications}`]: page(
        [
          note('n-1', {
            notification_type_name: 'rejected',
            notification_params: { app: 'Purchases', step: 'Manager approval', actor: 'Fiona Fuller' },
          }),
          note('n-2', { notification_type_name: 'rejected', notification_params: { app: 'Purchases' } }),
        ],
        2,
      ),
    });
    renderShell();
    fireEvent.click(await bell());
    const list = await screen.findByTestId('notification-list');
    expect(within(list).getByText('Fiona Fuller rejected Manager approval in Purchases')).toBeTruthy();
    // Without the values its sentence needs, the stored content shows.
    expect(within(list).getByText('Notification n-2')).toBeTruthy();

    await act(() => i18n.changeLanguage('fr'));
    expect(
      await within(list).findByText('Fiona Fuller a rejeté Manager approval dans Purchases'),
    ).toBeTruthy();
  });

  it('leads to /notifications with every notification', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.notifications}`]: page([note('n-1')], 1) });
    const shell = renderShell();
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByRole('link', { name: 'View all notifications' }));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/notifications'));
  });

  it('words time_since in the UI language', async () => {
    const { formatTimeSince } = await import('../format.ts');
    expect(formatTimeSince(30, 'en')).toBe('30 seconds ago');
    expect(formatTimeSince(3 * 86400, 'de')).toBe('vor 3 Tagen');
    expect(formatTimeSince(3600, 'fr')).toBe('il y a 1 heure');
    expect(formatTimeSince(0, 'en')).toBe('now');
  });
});
