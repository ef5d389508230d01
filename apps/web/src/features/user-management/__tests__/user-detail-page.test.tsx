import { USERS_PATHS, userPath, type ManagedUserDetail } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesTo, findToast, licences, renderUsers, user } from './render-users.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const detail: ManagedUserDetail = {
  ...user('u-7', { username: 'mia', fullname: 'Mia Moss', user_kind: 'FULL_USER', two_factor_enabled: true }),
  time_zone: 'Europe/Berlin',
  preference: { launch_page: { type: 'quickreport' } },
  teams: [
    { id: 't-1', team_name: 'Ops', is_lead: true },
    { id: 't-2', team_name: 'Sales', is_lead: false },
  ],
  roles: [{ id: 'r-1', role_name: 'Clerk' }],
  available_roles: [
    { id: 'r-2', role_name: 'Auditor' },
    { id: 'r-1', role_name: 'Clerk' },
    { id: 'r-3', role_name: 'Manager' },
  ],
};

describe('user detail page', { timeout: 60_000 }, () => {
  it('shows the profile, licence, 2FA, preference and teams with links', async () => {
    mockFetch({
      [`GET ${userPath('detail', 'u-7')}`]: ok(detail),
      [`GET ${USERS_PATHS.licences}`]: ok(licences),
    });
    renderUsers('/settings/user-detail?id=u-7');
    const profile = await screen.findByTestId('user-profile');
    expect(screen.getByRole('heading', { name: 'Mia Moss' })).toBeTruthy();
    expect(profile.textContent).toContain('u-7@acme.example');
    expect(within(profile).getByRole('link', { name: 'Full user' }).getAttribute('href')).toBe(
      '/settings/user-management/FULL_USER',
    );
    expect(profile.textContent).toContain('2026-03-01');
    expect(screen.getByText('Quick Report')).toBeTruthy();
    expect(screen.getByText('Europe/Berlin')).toBeTruthy();
    const teams = screen.getByTestId('user-teams');
    expect(within(teams).getByRole('link', { name: 'Ops' }).getAttribute('href')).toBe(
      '/settings/team-management/detail?id=t-1',
    );
    expect(teams.textContent).toContain('Team lead');

    fireEvent.click(screen.getByTestId('user-actions-mia'));
    expect(await screen.findByText('Reset two-factor sign-in')).toBeTruthy();
  });

  it('saves the chosen roles with PUT roles', async () => {
    const calls = mockFetch({
      [`GET ${userPath('detail', 'u-7')}`]: ok(detail),
      [`PUT ${userPath('roles', 'u-7')}`]: ok(
        { roles: [detail.available_roles[0], detail.available_roles[1]] },
        'The roles have been saved.',
      ),
    });
    renderUsers('/settings/user-detail?id=u-7');
    await screen.findByTestId('user-profile');
    const save = screen.getByRole('button', { name: 'Save roles' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Roles of this user' }));
    fireEvent.click(await screen.findByText('Auditor', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await findToast('The roles have been saved.')).toBeTruthy();
    expect(bodiesTo(calls, userPath('roles', 'u-7'))).toEqual([{ role_ids: ['r-1', 'r-2'] }]);
  });

  it('says the user was not found for a missing or unknown id', async () => {
    mockFetch({ [`GET ${userPath('detail', 'gone')}`]: fail(404, 'This user does not exist.') });
    const first = renderUsers('/settings/user-detail');
    expect((await screen.findByTestId('user-not-found')).textContent).toContain('User not found');
    first.unmount();

    renderUsers('/settings/user-detail?id=gone');
    const missing = await screen.findByTestId('user-not-found');
    expect(within(missing).getByRole('link', { name: 'Back to user management' }).getAttribute('href')).toBe(
      '/settings/user-management',
    );
  });
});
