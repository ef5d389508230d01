import { API_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { useDeclarePageTrail, useShellCrumb } from '../../../shared/navigation/page-trail.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { entry, renderShell, signInAs, stubScrolling, type Kind } from './render-shell.tsx';

beforeEach(() => stubScrolling());
afterEach(() => vi.unstubAllGlobals());

const tenant = (support_email: string | null, person_in_charge_phone: string | null) =>
  ok({
    name: 'acme',
    label: 'acme',
    company: 'Acme Ltd',
    support_email,
    person_in_charge_phone,
    licence_expires_on: null,
  });

/** Opens an antd dropdown by its trigger and returns its menu (the page has other menus too). */
async function openMenu(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name }));
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
    if (!menu) throw new Error('The dropdown did not open');
    return menu;
  });
}

describe('settings quick actions (spec §2, §6)', () => {
  const BASE = [
    'Settings',
    'User Management',
    'Roles & Permissions',
    'Menu Settings',
    'App Groups',
    'Organization',
  ];
  const INTEGRATIONS = ['Webhooks', 'Robotic Automation', 'Connect Hub'];

  it.each<[Kind, string[]]>([
    ['consultant', BASE],
    ['administrator', [...BASE, ...INTEGRATIONS]],
    ['sysAdmin', [...BASE, ...INTEGRATIONS, 'Process Engine', 'Process', 'Audit Trail']],
  ])('%s gets %j', async (kind, expected) => {
    signInAs(kind);
    mockFetch({});
    renderShell();
    const menu = await openMenu('Quick actions');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expected);
    expect(within(menu).queryByRole('link', { name: 'Audit Trail' }) !== null).toBe(kind === 'sysAdmin');
  });

  it.each<Kind>(['user', 'fullUser'])('is not shown to %s', async (kind) => {
    signInAs(kind, [entry('home', 'Home', '/tasks')]);
    mockFetch({});
    renderShell();
    await screen.findByRole('button', { name: 'Help' });
    expect(screen.queryByRole('button', { name: 'Quick actions' })).toBeNull();
  });

  it('takes the /settings entry out of the header menu and links the pages', async () => {
    signInAs('sysAdmin', [entry('home', 'Home', '/tasks'), entry('cfg', 'Configuration', '/settings')]);
    mockFetch({});
    renderShell();
    const header = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    expect(header.getAllByRole('link', { hidden: true }).map((link) => link.textContent)).toEqual(['Home']);
    const menu = await openMenu('Quick actions');
    expect(within(menu).getByRole('link', { name: 'Configuration' }).getAttribute('href')).toBe('/settings');
    expect(within(menu).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Process Engine' }).getAttribute('href')).toBe(
      '/process-engine',
    );
    expect(within(menu).getByRole('link', { name: 'Audit Trail' }).getAttribute('href')).toBe('/app/audit');
    // Spec §2: Process (the process dashboard) opens in a new tab.
    const process = within(menu).getByRole('link', { name: 'Process' });
    expect(process.getAttribute('href')).toBe('/process/dashboard');
    expect(process.getAttribute('target')).toBe('_blank');
    expect(process.getAttribute('rel')).toBe('noopener');
  });
});

describe('header menu and breadcrumbs (spec §2)', () => {
  it('shows nested entries as submenus and disabled entries disabled', async () => {
    signInAs('administrator', [
      entry('hub', 'Integrations', '', [
        entry('travel', 'Travel management', '/connect-hub/travel-management', [], true),
      ]),
    ]);
    mockFetch({});
    renderShell();
    const header = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.mouseEnter(within(header).getByText('Integrations'));
    const travel = await screen.findByText('Travel management');
    expect(travel.closest('li')?.getAttribute('aria-disabled')).toBe('true');
    expect(travel.closest('a')).toBeNull();
  });

  it('titles the page and builds crumbs from the active entries, starting at /dashboard', async () => {
    signInAs('sysAdmin');
    mockFetch({});
    renderShell('/settings/menu');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Menu Settings');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByRole('link', { name: 'Dashboards home' }).getAttribute('href')).toBe('/dashboard');
    expect(crumbs.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(crumbs.getByText('Menu Settings').getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Menu Settings · Formloop'));
  });

  it('titles a page outside every menu by its area', async () => {
    signInAs('user');
    mockFetch({});
    renderShell('/schedule-editor/m1', undefined, { area: 'scheduleEditor' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Schedule editor');
  });

  it('shows the trail a page declares (an app’s records: Apps, then the app) and lights its entry', async () => {
    signInAs('user');
    mockFetch({});
    function AppRecords() {
      const apps = useShellCrumb('apps');
      useDeclarePageTrail('/module/m1', [apps, { key: 'app:m1', title: 'Leave', href: '/module/m1' }]);
      return <p>records</p>;
    }
    renderShell('/module/m1', <AppRecords />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Leave');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByRole('link', { name: 'Apps' }).getAttribute('href')).toBe('/applications');
    await waitFor(() => expect(document.title).toBe('Leave · Formloop'));
  });

  it('uses the application menu titles for nested groups', async () => {
    signInAs('user', [entry('hr', 'HR', '', [entry('leave', 'Leave requests', '/module/leave')])]);
    mockFetch({});
    renderShell('/module/leave');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Leave requests');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByText('HR')).toBeTruthy();
  });
});

describe('help dropdown and footer (spec §1)', () => {
  it('uses the support e-mail and phone from tenant info', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.tenantInfo}`]: tenant('help@acme.test', '+1 555 0100') });
    renderShell();
    await screen.findByText('Acme Ltd', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const tiles = within(await screen.findByRole('list', { name: 'Help' }));
    expect(tiles.getAllByRole('link')).toHaveLength(4);
    expect(tiles.getByRole('link', { name: /Online documentation/ }).getAttribute('href')).toBe('/docs');
    expect(tiles.getByRole('link', { name: /E-mail support/ }).getAttribute('href')).toBe(
      'mailto:help@acme.test',
    );
    expect(tiles.getByRole('link', { name: /Remote support/ }).getAttribute('href')).toBe(
      '/downloads/remote-support',
    );
    expect(tiles.getByRole('link', { name: /Phone support/ }).getAttribute('href')).toBe('tel:+15550100');
    const year = new Date().getFullYear();
    expect(screen.getByTestId('footer-copyright').textContent).toBe(
      `© ${year} Acme Ltd. All rights reserved.`,
    );
  });

  it('falls back to the default contact when tenant info has none or fails', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.tenantInfo}`]: fail(500, 'Boom') });
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const tiles = within(await screen.findByRole('list', { name: 'Help' }));
    expect(tiles.getByRole('link', { name: /E-mail support/ }).getAttribute('href')).toBe(
      'mailto:support@formloop.local',
    );
    expect(tiles.getByRole('link', { name: /Phone support/ }).getAttribute('href')).toBe('tel:+442079460000');
    expect(tiles.getByText('+44 20 7946 0000')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@formloop.local' })).toBeTruthy();
  });

  it('treats empty tenant contacts like missing ones', async () => {
    signInAs('user');
    mockFetch({ [`GET ${API_PATHS.tenantInfo}`]: tenant('', null) });
    renderShell();
    const footer = within(await screen.findByRole('contentinfo'));
    await footer.findByText('Acme Ltd', { exact: false });
    expect(footer.getByRole('link', { name: 'support@formloop.local' })).toBeTruthy();
    expect(footer.getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe(
      'tel:+442079460000',
    );
  });

  it('sends a lapsed licence (403 on tenant info) to /403 with the message', async () => {
    signInAs('user');
    mockFetch({
      [`GET ${API_PATHS.tenantInfo}`]: fail(
        403,
        'Your licence has expired. Please contact accounts to renew it.',
      ),
    });
    const shell = renderShell();
    await waitFor(() => expect(shell.router.state.location.pathname).toBe('/403'));
    expect(new URLSearchParams(shell.router.state.location.search).get('message')).toBe(
      'Your licence has expired. Please contact accounts to renew it.',
    );
  });
});

describe('user dropdown (spec §1)', () => {
  it('shows the full name, My Profile, the languages and Logout', async () => {
    signInAs('user');
    mockFetch({});
    renderShell();
    const menu = await openMenu('Ada Admin');
    expect(within(menu).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/app/user/profile',
    );
    expect(within(menu).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');

    fireEvent.mouseEnter(within(menu).getByText('Language'));
    const deutsch = await screen.findByText('Deutsch');
    fireEvent.click(deutsch);
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen' })).toBeTruthy();
    expect(localStorage.getItem('formloop.language')).toBe('de');
  });

  it('offers the appearance: the system setting (checked by default), light or dark, kept in this browser and applied at once', async () => {
    signInAs('user');
    mockFetch({});
    renderShell();
    const menu = await openMenu('Ada Admin');
    fireEvent.mouseEnter(within(menu).getByText('Appearance'));
    const system = await screen.findByText('System setting');
    expect(system.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Light').getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByText('Dark'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('formloop.colorScheme')).toBe('dark');
  });
});
