import { MENU_PATHS, type AppMenuEntry } from '@formloop/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { iconComponentName, MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { APP_MENU_QUERY_KEY } from '../hooks/use-app-menu.ts';
import { builtInMenu, entry, renderShell, signInAs, stubScrolling } from './render-shell.tsx';

const SIDEBAR = `GET ${MENU_PATHS.sidebar}`;

const withIcon = (item: AppMenuEntry, icon: string): AppMenuEntry => ({ ...item, icon });

/** What the server answers after an administrator added menus on /settings/menu. */
const stored = (): AppMenuEntry[] => [
  ...builtInMenu(),
  withIcon(entry('m-handbook', 'Handbook', 'https://wiki.example.com'), 'ReadOutlined'),
  withIcon(entry('m-sales', 'Sales', '', [entry('m-orders', 'Orders', '/module/orders')]), 'HomeOutlined'),
];

const applicationTree = async () => within(await screen.findByRole('region', { name: 'Application menus' }));

beforeEach(() => stubScrolling());
afterEach(() => vi.unstubAllGlobals());

describe('the live application menu list', () => {
  it('shows the stored menus the server lists now, not only those in the session token', async () => {
    signInAs('user', builtInMenu().slice(0, 2));
    const calls = mockFetch({ [SIDEBAR]: ok(stored()) });
    renderShell();
    const tree = await applicationTree();
    expect(await tree.findByText('Handbook')).toBeTruthy();
    expect(tree.getByRole('link', { name: 'Handbook' }).getAttribute('href')).toBe(
      'https://wiki.example.com',
    );
    fireEvent.click(tree.getByText('Sales'));
    expect((await tree.findByRole('link', { name: 'Orders' })).getAttribute('href')).toBe(
      '/module/orders?from=sidebar',
    );
    expect(calls.filter((call) => call.url === MENU_PATHS.sidebar).length).toBeGreaterThan(0);
    // The header menu reads the same list.
    const header = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(header.getByText('Handbook')).toBeTruthy();
  });

  it('keeps the session token’s list when the live list cannot be loaded', async () => {
    signInAs('user', [...builtInMenu().slice(0, 2), entry('m-old', 'From the token', '/module/old')]);
    mockFetch({});
    renderShell();
    expect(await (await applicationTree()).findByText('From the token')).toBeTruthy();
  });

  it('refreshes when the menu settings page invalidates the list', async () => {
    signInAs('administrator');
    let answer = builtInMenu();
    mockFetch({ [SIDEBAR]: () => ok(answer) });
    const shell = renderShell();
    await waitFor(() => expect(screen.getAllByText('Apps').length).toBeGreaterThan(0));
    expect(screen.queryByText('Brand new')).toBeNull();
    answer = [...builtInMenu(), entry('m-new', 'Brand new', '/module/new')];
    await act(() => shell.queryClient.invalidateQueries({ queryKey: APP_MENU_QUERY_KEY }));
    expect(await (await applicationTree()).findByText('Brand new')).toBeTruthy();
  });

  it('keeps a stored menu that shares a built-in title (only ids home, apps, settings are built in)', async () => {
    signInAs('user', builtInMenu().slice(0, 2));
    mockFetch({
      [SIDEBAR]: ok([...builtInMenu().slice(0, 2), entry('m-home', 'Home', '/module/home-page')]),
    });
    renderShell();
    // A stored menu called 'Home' is not the built-in Home entry: it stays in the tree.
    expect(await (await applicationTree()).findByText('Home')).toBeTruthy();
  });
});

describe('menu icons', () => {
  it.each([
    ['home', 'HomeOutlined'],
    ['HomeOutlined', 'HomeOutlined'],
    ['home-outlined', 'HomeOutlined'],
    ['anticon-home', 'HomeOutlined'],
    ['car-filled', 'CarFilled'],
    ['bar-chart', 'BarChartOutlined'],
    ['CheckCircleTwoTone', 'CheckCircleTwoTone'],
    ['check-circle-two-tone', 'CheckCircleTwoTone'],
    ['fa fa-folder', null],
    ['', null],
  ])('reads %j as the antd icon %j', (name, expected) => {
    expect(iconComponentName(name)).toBe(expected);
  });

  it('draws a fixed-set icon at once and any other antd icon once the library has loaded', async () => {
    const { container } = render(
      <>
        <MenuIcon name="home" />
        <MenuIcon name="CarFilled" />
        <MenuIcon name="fa fa-folder" />
      </>,
    );
    expect(container.querySelector('.anticon-home')).toBeTruthy();
    // Until the library is there (and for names that are no antd icon) the generic icon shows.
    expect(container.querySelectorAll('.anticon-appstore').length).toBeGreaterThan(0);
    await waitFor(() => expect(container.querySelector('.anticon-car')).toBeTruthy(), { timeout: 30_000 });
    expect(container.querySelectorAll('.anticon-appstore')).toHaveLength(1);
  }, 40_000);
});
