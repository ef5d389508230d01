import { API_PATHS, type SessionToken, type TenantInfo } from '@formloop/contracts';
import { botLicenceKey } from '@formloop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { LicenceGate } from '../components/licence-gate.tsx';
import { SettingsPage } from '../pages/settings-page.tsx';
import { visibleSections } from '../tiles.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const flags = {
  sysAdmin: { isSysAdmin: true, isAdministrator: true, isConsultant: false, isFullUser: true },
  admin: { isSysAdmin: false, isAdministrator: true, isConsultant: false, isFullUser: true },
  consultant: { isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: false },
} as const;

const tenantInfo = (licences: string[]): TenantInfo => ({
  name: 'DEMO',
  label: 'demo',
  company: 'Demo Ltd',
  support_email: null,
  person_in_charge_phone: null,
  licence_expires_on: null,
  licences,
});

/** The demo tenant holds only the Companies House bot licence. */
function mockTenant(licences: string[] = ['BOT_COMPANIES_HOUSE']) {
  return mockFetch({ [`GET ${API_PATHS.tenantInfo}`]: ok(tenantInfo(licences)) });
}

function renderWithRouter(element: React.ReactNode, session: SessionToken = adminSession) {
  authStore.signIn(session);
  const router = createMemoryRouter(
    [{ path: '*', element: <Suspense fallback={null}>{element}</Suspense> }],
    {
      initialEntries: ['/settings'],
    },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const renderSettings = (role: keyof typeof flags) =>
  renderWithRouter(<SettingsPage />, { ...adminSession, ...flags[role] });

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const tooltips = () => screen.queryAllByRole('tooltip').map((node) => node.textContent);
const tile = (key: string) => screen.getByTestId(`settings-tile-${key}`);

describe('settings landing page', { timeout: 30_000 }, () => {
  it('shows an administrator people, app setup, integrations and security, but not System', async () => {
    mockTenant();
    renderSettings('admin');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(sectionTitles()).toEqual(['People', 'App setup', 'Integrations', 'Security']);
    const people = screen.getByRole('region', { name: 'People' });
    const links = within(people)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['UsersInvite people, set their user kind and switch accounts on or off.', '/settings/user-management'],
      ['TeamsGroup people so that work can be assigned to a whole team.', '/settings/team-management'],
      [
        'Roles & PermissionsDecide which menus and apps each role may see and change.',
        '/settings/roles-permissions',
      ],
    ]);
    const setup = screen.getByRole('region', { name: 'App setup' });
    expect(
      within(setup)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/settings/menu', '/module-categories', '/settings/organization']);
    expect(screen.getByRole('link', { name: /Webhooks/ }).getAttribute('href')).toBe('/webhooks');
    expect(screen.getByRole('link', { name: /Connect Hub/ }).getAttribute('href')).toBe('/connect-hub');
    const security = screen.getByRole('region', { name: 'Security' });
    expect(
      within(security)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        'Single sign-onLet people sign in through your SAML or OpenID Connect identity provider.',
        '/settings/single-sign-on',
      ],
    ]);
    expect(screen.queryByText('Audit Trail')).toBeNull();
    expect(screen.queryByText('Process Engine')).toBeNull();
  });

  it('shows a consultant no integrations or security (spec §6) and a system administrator the System section', async () => {
    mockTenant();
    const consultant = renderSettings('consultant');
    expect(await screen.findByRole('heading', { name: 'People', level: 2 })).toBeTruthy();
    expect(sectionTitles()).toEqual(['People', 'App setup']);
    expect(screen.queryByText('Webhooks')).toBeNull();
    expect(screen.queryByText('Robotic Automation')).toBeNull();
    expect(screen.queryByText('Single sign-on')).toBeNull();
    consultant.unmount();

    renderSettings('sysAdmin');
    expect(await screen.findByRole('heading', { name: 'System', level: 2 })).toBeTruthy();
    expect(sectionTitles()).toEqual(['People', 'App setup', 'Integrations', 'Security', 'System']);
    const system = screen.getByRole('region', { name: 'System' });
    expect(
      within(system)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/app/audit', '/process-engine']);
  });

  it('gates bot tiles on the tenant’s licences, with the spec tooltip on keyboard focus', async () => {
    mockTenant();
    renderSettings('admin');
    // Licensed: a link like any other tile.
    await waitFor(() => expect(tile('companiesHouse').tagName).toBe('A'));
    expect(tile('companiesHouse').getAttribute('href')).toBe('/connect-hub/companies-house');

    for (const [key, name] of [
      ['ecommerce', 'Ecommerce'],
      ['roboticAutomation', 'Robotic Automation'],
    ] as const) {
      const gated = tile(key);
      expect(gated.tagName).not.toBe('A');
      expect(gated.closest('a')).toBeNull();
      const focusable = gated.closest('[aria-disabled="true"]') as HTMLElement;
      expect(focusable.tabIndex).toBe(0);
      fireEvent.focus(focusable);
      await waitFor(() => expect(tooltips()).toContain(`You need to add ${name} Bot licence`));
      // Screen readers get the same reason without the tooltip.
      const describedBy = (focusable.getAttribute('aria-describedby') ?? '').split(' ');
      expect(document.getElementById(describedBy[0] ?? '')?.textContent).toBe(
        `You need to add ${name} Bot licence`,
      );
      fireEvent.blur(focusable);
    }
    expect(screen.queryByRole('link', { name: /Ecommerce/ })).toBeNull();
  });

  it('always shows Travel Management disabled, even with every licence', async () => {
    mockTenant([botLicenceKey('Ecommerce'), botLicenceKey('Robotic Automation'), 'BOT_TRAVEL_MANAGEMENT']);
    renderSettings('sysAdmin');
    await waitFor(() => expect(tile('ecommerce').tagName).toBe('A'));
    expect(tile('roboticAutomation').getAttribute('href')).toBe('/robotic-automation');
    // Not held now: Companies House is the gated one.
    expect(tile('companiesHouse').closest('[aria-disabled="true"]')).toBeTruthy();
    const travel = tile('travelManagement');
    expect(travel.tagName).not.toBe('A');
    const focusable = travel.closest('[aria-disabled="true"]') as HTMLElement;
    fireEvent.focus(focusable);
    await waitFor(() => expect(tooltips()).toContain('This feature is not available yet.'));
  });

  it('translates the licence tooltip', async () => {
    mockTenant([]);
    const { i18n } = await import('../../../app/i18n.ts');
    await i18n.changeLanguage('de');
    renderWithRouter(
      <LicenceGate licence={botLicenceKey('Companies House')} name="Companies House">
        <a href="/connect-hub/companies-house">Companies House</a>
      </LicenceGate>,
    );
    const gated = await waitFor(() => {
      const element = document.querySelector('[aria-disabled="true"]') as HTMLElement | null;
      expect(element?.getAttribute('aria-describedby')).toBeTruthy();
      return element!;
    });
    fireEvent.focus(gated);
    await waitFor(() =>
      expect(tooltips()).toContain('Sie müssen die Bot-Lizenz für Companies House hinzufügen'),
    );
  });
});

describe('LicenceGate', { timeout: 30_000 }, () => {
  it('renders its children when the licence is held', async () => {
    mockTenant(['bot_companies_house']);
    renderWithRouter(
      <LicenceGate licence={botLicenceKey('Companies House')} name="Companies House">
        <a href="/connect-hub/companies-house">Open Companies House</a>
      </LicenceGate>,
    );
    // While tenant info loads the link is held back (disabled, no tooltip); then it is the link itself.
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Open Companies House' }).closest('[aria-disabled]'),
      ).toBeNull(),
    );
  });
});

describe('visibleSections', () => {
  it('follows the spec §6 role rules', () => {
    const keys = (role: keyof typeof flags) => visibleSections(flags[role]).map((section) => section.key);
    expect(keys('consultant')).toEqual(['people', 'appSetup']);
    expect(keys('admin')).toEqual(['people', 'appSetup', 'integrations', 'security']);
    expect(keys('sysAdmin')).toEqual(['people', 'appSetup', 'integrations', 'security', 'system']);
    expect(visibleSections(null)).toEqual([]);
  });
});
