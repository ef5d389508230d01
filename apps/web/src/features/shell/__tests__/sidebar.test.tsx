import { APPS_PATHS, type AppSummary } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { matchesWidth, mediaQueryList } from '../../../test/match-media.ts';
import { readTaskListPosition, TASK_LIST_POSITION_KEY } from '../../tasks/index.ts';
import { FAVOURITE_LIST_PATH, SIDEBAR_COOKIE, TASK_TOTAL_PATH } from '../shell-constants.ts';
import { entry, renderShell, signInAs, stubScrolling, type Kind } from './render-shell.tsx';

const APP: AppSummary = {
  id: 'a0',
  display_name: 'App',
  module_description: '',
  application_module_category_id: null,
  category_name: null,
  category_icon: null,
  app_icon: null,
  add_to_quick_launch: false,
  module_version: 1,
  status: 'Published',
  is_favourite: false,
  created_by: null,
  created_by_name: null,
  created_on: '2026-01-01T00:00:00Z',
  modified_on: '2026-01-01T00:00:00Z',
  modified_by_name: null,
};

const sidebar = async () => within(await screen.findByTestId('sidebar'));
const sidebarLinkNames = async () => (await sidebar()).getAllByRole('link').map((link) => link.textContent);

beforeEach(() => stubScrolling());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`;
});

const BUILDER_LINKS = [
  'Home',
  'Dashboards & Reports',
  'Business Intelligence',
  'Quick Report',
  'Apps',
  'Form editor',
  'Reference data',
];

describe('sidebar entries by role (spec §2, §6)', () => {
  it.each<[Kind, string[], boolean]>([
    ['user', ['Home', 'Apps'], false],
    ['fullUser', BUILDER_LINKS, true],
    ['consultant', BUILDER_LINKS, true],
    ['sysAdmin', BUILDER_LINKS, true],
  ])('%s sees %j, Create App: %s', async (kind, links, createApp) => {
    signInAs(kind);
    mockFetch({});
    renderShell();
    await waitFor(async () => expect(await sidebarLinkNames()).toEqual(links));
    expect((await sidebar()).queryByRole('button', { name: 'Create App' }) !== null).toBe(createApp);
  });

  it('links each entry to its route; Dashboards & Reports is a plain link (full page load)', async () => {
    signInAs('fullUser');
    mockFetch({});
    renderShell();
    const side = await sidebar();
    const href = (name: string) => side.getByRole('link', { name }).getAttribute('href');
    expect(href('Home')).toBe('/tasks');
    expect(href('Dashboards & Reports')).toBe('/dashboard');
    expect(href('Business Intelligence')).toBe('/business-intelligence');
    expect(href('Quick Report')).toBe('/inquiry');
    expect(href('Apps')).toBe('/applications');
    expect(href('Form editor')).toBe('/form-editor');
    expect(href('Reference data')).toBe('/referencedata');
    // A router link navigates in memory; the dashboards link must leave that to the browser.
    const dashboards = side.getByRole('link', { name: 'Dashboards & Reports' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    dashboards.addEventListener('click', (event) => event.preventDefault(), { once: true });
    dashboards.dispatchEvent(click);
    expect(screen.getByTestId('page').textContent).toBe('/tasks');
  });

  it('Create App opens the form editor in create mode', async () => {
    signInAs('consultant');
    mockFetch({});
    const shell = renderShell();
    fireEvent.click((await sidebar()).getByRole('button', { name: 'Create App' }));
    await waitFor(() => expect(shell.router.state.location.search).toBe('?create=1'));
    expect(shell.router.state.location.pathname).toBe('/form-editor');
  });
});

describe('Home badge (spec §2, §9)', () => {
  it.each([
    [12, '12'],
    [9999, '9999'],
    [10000, '9999+'],
    [123456, '9999+'],
  ])('shows %i pending tasks as %s', async (total, shown) => {
    signInAs('user');
    mockFetch({ [`GET ${TASK_TOTAL_PATH}`]: ok(total) });
    renderShell();
    const badge = await (await sidebar()).findByRole('img', { name: `Pending tasks: ${shown}` });
    expect(badge.textContent).toBe(shown);
  });

  it('shows no badge while the task total cannot be loaded', async () => {
    signInAs('user');
    const calls = mockFetch({ [`GET ${TASK_TOTAL_PATH}`]: fail(404, 'Not found') });
    renderShell();
    await waitFor(() => expect(calls.some((call) => call.url === TASK_TOTAL_PATH)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await sidebar()).queryByRole('img', { name: /Pending tasks/ })).toBeNull();
  });

  it('clicking Home resets the remembered task-list position', async () => {
    sessionStorage.setItem(
      TASK_LIST_POSITION_KEY,
      JSON.stringify({ tab: 'completed', page: 4, moduleId: 'm-9', length: 20 }),
    );
    signInAs('user');
    mockFetch({});
    renderShell('/applications');
    fireEvent.click((await sidebar()).getByRole('link', { name: 'Home' }));
    // Tab Tasks, page 1, no module (spec §2); the page size is the user's preference and stays.
    expect(readTaskListPosition()).toEqual({ tab: 'tasks', page: 1, moduleId: null, length: 20 });
    sessionStorage.removeItem(TASK_LIST_POSITION_KEY);
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('/tasks'));
  });
});

describe('favourites and the application tree', () => {
  it('lists favourite modules as sidebar links', async () => {
    signInAs('user');
    mockFetch({
      [`GET ${FAVOURITE_LIST_PATH}`]: ok([
        { id: 'm-1', title: 'Expenses', category_icon: 'star' },
        { id: 'm-2', display_name: 'Leave requests', category_icon: null },
      ]),
    });
    renderShell();
    const favourites = within(await screen.findByRole('region', { name: 'Favourites' }));
    expect((await favourites.findByRole('link', { name: 'Expenses' })).getAttribute('href')).toBe(
      '/module/m-1?from=sidebar',
    );
    expect(favourites.getByRole('link', { name: 'Leave requests' }).getAttribute('href')).toBe(
      '/module/m-2?from=sidebar',
    );
  });

  it('shows an empty state when the favourites cannot be loaded', async () => {
    signInAs('user');
    mockFetch({ [`GET ${FAVOURITE_LIST_PATH}`]: fail(404, 'Not found') });
    renderShell();
    expect(await screen.findByText('No favourite apps yet')).toBeTruthy();
  });

  it('draws the application menus with nested groups, without the fixed entries or /settings', async () => {
    signInAs('administrator', [
      entry('home', 'Home', '/tasks'),
      entry('settings', 'Settings', '/settings'),
      entry('hr', 'HR', '', [
        entry('leave', 'Leave', '/module/leave'),
        entry('old', 'Old forms', '/module/old', [], true),
      ]),
    ]);
    mockFetch({});
    renderShell();
    const tree = within(await screen.findByRole('region', { name: 'Application menus' }));
    expect(tree.queryByText('Settings')).toBeNull();
    expect(tree.queryByText('Home')).toBeNull();
    fireEvent.click(tree.getByText('HR'));
    expect((await tree.findByRole('link', { name: 'Leave' })).getAttribute('href')).toBe(
      '/module/leave?from=sidebar',
    );
    expect(tree.getByText('Old forms').closest('li')?.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('sidebar search (spec §2, §5)', () => {
  it('lists the published apps under their groups, linking with ?from=sidebar', async () => {
    signInAs('user');
    mockFetch({
      [`GET ${APPS_PATHS.listApplications}`]: ok([
        {
          ...APP,
          id: 'a1',
          display_name: 'Leave',
          category_name: 'People',
          application_module_category_id: 'g1',
        },
        { ...APP, id: 'a2', display_name: 'Travel' },
      ]),
    });
    renderShell();
    const side = await sidebar();
    fireEvent.click(await side.findByText('People'));
    expect((await side.findByRole('link', { name: 'Leave' })).getAttribute('href')).toBe(
      '/module/a1?from=sidebar',
    );
    fireEvent.click(side.getByText('Other apps'));
    expect((await side.findByRole('link', { name: 'Travel' })).getAttribute('href')).toBe(
      '/module/a2?from=sidebar',
    );
  });

  it('filters the menu 500 ms after the last keystroke', async () => {
    signInAs('fullUser', [entry('hr', 'HR', '', [entry('leave', 'Leave requests', '/module/leave')])]);
    mockFetch({});
    renderShell();
    const side = await sidebar();
    const search = side.getByRole('searchbox', { name: 'Search the menu' });
    expect(search.getAttribute('placeholder')).toBe('Type here to Search');

    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: 'leave' } });
    act(() => vi.advanceTimersByTime(499));
    expect(side.queryByRole('link', { name: 'Apps' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(side.queryByRole('link', { name: 'Apps' })).toBeNull();
    expect(side.queryByRole('link', { name: 'Home' })).toBeNull();
    // The group holding the match opens by itself.
    expect(side.getByRole('link', { name: 'Leave requests' })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(500));
    expect(side.getByText('Nothing matches your search')).toBeTruthy();
  });

  it('rejects special characters and keeps the previous filter', async () => {
    signInAs('fullUser');
    mockFetch({});
    renderShell();
    const side = await sidebar();
    const search = side.getByRole('searchbox', { name: 'Search the menu' });
    fireEvent.change(search, { target: { value: 'apps$' } });
    expect(side.getByRole('alert').textContent).toBe(MESSAGES.searchSpecialChars);
    expect(search.getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(side.getByRole('link', { name: 'Home' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'apps' } });
    expect(side.queryByRole('alert')).toBeNull();
  });
});

describe('minimising the sidebar (spec §2, §9)', () => {
  it('remembers the choice in a cookie', async () => {
    signInAs('user');
    mockFetch({});
    const first = renderShell();
    fireEvent.click((await sidebar()).getByRole('button', { name: 'Minimise sidebar' }));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=1`);
    expect(screen.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('true');
    first.unmount();

    renderShell();
    expect((await sidebar()).getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(screen.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=0`);
    expect(screen.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('false');
  });

  it('a minimised sidebar expands 50 ms after the pointer enters and collapses 100 ms after it leaves', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=1; path=/`;
    signInAs('user');
    mockFetch({});
    renderShell();
    const nav = await screen.findByTestId('sidebar');
    const sider = nav.closest('aside');
    if (!sider) throw new Error('no sider');
    vi.useFakeTimers();
    fireEvent.mouseEnter(sider);
    act(() => vi.advanceTimersByTime(49));
    expect(nav.getAttribute('data-collapsed')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(nav.getAttribute('data-collapsed')).toBe('false');
    fireEvent.mouseLeave(sider);
    act(() => vi.advanceTimersByTime(99));
    expect(nav.getAttribute('data-collapsed')).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(nav.getAttribute('data-collapsed')).toBe('true');
  });

  it('a minimised sidebar also expands for keyboard focus, and collapses when focus leaves', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=1; path=/`;
    signInAs('user');
    mockFetch({});
    renderShell();
    const nav = await screen.findByTestId('sidebar');
    const toggle = within(nav).getByRole('button', { name: 'Expand sidebar' });
    vi.useFakeTimers();
    fireEvent.focus(toggle);
    act(() => vi.advanceTimersByTime(50));
    expect(nav.getAttribute('data-collapsed')).toBe('false');
    fireEvent.blur(toggle, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(100));
    expect(nav.getAttribute('data-collapsed')).toBe('true');
  });
});

/** A screen this wide: media queries answer from it (antd's breakpoints read them). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, matchesWidth(query, width)));
}

describe('phones and tablets (spec §9 breakpoints)', () => {
  it('on a phone the sidebar is a drawer the top bar opens; it closes on navigation and with its button', async () => {
    screenWidth(390);
    signInAs('fullUser');
    mockFetch({});
    const shell = renderShell('/tasks');
    const open = await screen.findByRole('button', { name: 'Open the menu' });
    // Nothing beside the page, and no header menu squeezed into the top bar.
    expect(screen.queryByTestId('sidebar')).toBeNull();
    expect(within(screen.getByRole('banner')).queryByText('Apps')).toBeNull();
    fireEvent.click(open);
    const side = await sidebar();
    expect(side.getByRole('link', { name: 'Apps' })).toBeTruthy();
    fireEvent.click(side.getByRole('link', { name: 'Apps' }));
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/applications'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    fireEvent.click((await sidebar()).getByRole('button', { name: 'Close the menu' }));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('on a tablet the sidebar starts minimised whatever the cookie says, and the toggle still opens it', async () => {
    screenWidth(900);
    document.cookie = `${SIDEBAR_COOKIE}=0; path=/`;
    signInAs('fullUser');
    mockFetch({});
    renderShell('/tasks');
    await waitFor(async () => expect((await screen.findByTestId('sidebar')).dataset.collapsed).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Open the menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    await waitFor(() => expect(screen.getByTestId('sidebar').dataset.collapsed).toBe('false'));
  });

  it('on a wide screen nothing changes: the sidebar is beside the page and the cookie decides', async () => {
    screenWidth(1440);
    signInAs('fullUser');
    mockFetch({});
    renderShell('/tasks');
    await waitFor(async () => expect((await screen.findByTestId('sidebar')).dataset.collapsed).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Open the menu' })).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Apps')).toBeTruthy();
  });
});
