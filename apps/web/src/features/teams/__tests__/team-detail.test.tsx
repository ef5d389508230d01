import { TEAM_PATHS, teamDeletePath, teamDetailPath, teamMembersPath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { fieldErrors, financeDetail, max, mia, renderTeams, tablePage, userPage } from './team-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DETAIL = `GET ${teamDetailPath('t-1')}`;
const MEMBERS = `PUT ${teamMembersPath('t-1')}`;
const bodyOf = (calls: ReturnType<typeof mockFetch>, method: string, url: string) =>
  JSON.parse(calls.filter((call) => call.method === method && call.url === url).at(-1)?.body ?? 'null');

describe('team detail', { timeout: 60_000 }, () => {
  it('shows a not-found state for an unknown id', async () => {
    const calls = mockFetch({ [`GET ${teamDetailPath('t-x')}`]: fail(404, 'This team does not exist.') });
    renderTeams('/settings/team-management/detail?id=t-x');
    expect(await screen.findByText('Team not found')).toBeTruthy();
    // A 404 is final: asked once, not retried.
    expect(calls.filter((call) => call.url === teamDetailPath('t-x'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to teams' }).getAttribute('href')).toBe(
      '/settings/team-management',
    );
  });

  it('shows not found without asking when the id is missing', async () => {
    const calls = mockFetch({});
    renderTeams('/settings/team-management/detail');
    expect(await screen.findByText('Team not found')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/sys/teams/'))).toBe(false);
  });

  it('edits name, description and lead and saves them together', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(financeDetail),
      [`GET ${TEAM_PATHS.users}`]: ok(userPage([mia, max])),
      [`POST ${TEAM_PATHS.save}`]: ok(
        {
          ...financeDetail,
          team_name: 'Treasury',
          lead: { id: max.id, fullname: max.fullname },
          modified_at: '2026-01-04T10:00:00.000Z',
          members: [
            { ...max, is_active: true, is_lead: true },
            { ...mia, is_active: true, is_lead: false },
          ],
        },
        'Team has been saved',
      ),
    });
    renderTeams('/settings/team-management/detail?id=t-1');
    expect(await screen.findByRole('heading', { name: 'Finance' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Team settings' });
    const name = within(form).getByLabelText('Team name') as HTMLInputElement;
    expect(name.value).toBe('Finance');
    expect(within(form).getByText('Mia Moss (mia)')).toBeTruthy();
    const members = screen.getByTestId('team-members');
    expect(within(members).getByRole('link', { name: 'Mia Moss' }).getAttribute('href')).toBe(
      '/settings/user-detail?id=u-2',
    );
    expect(within(members).getByText('Lead')).toBeTruthy();

    fireEvent.change(name, { target: { value: '9 lives' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Cannot start with a number']));

    fireEvent.change(name, { target: { value: 'Treasury' } });
    fireEvent.mouseDown(within(form).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('Max Muster (max)', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Team has been saved')).toBeTruthy();
    expect(bodyOf(calls, 'POST', TEAM_PATHS.save)).toEqual({
      id: 't-1',
      team_name: 'Treasury',
      description: 'Money people',
      lead_user_id: 'u-3',
    });
    expect(await screen.findByRole('heading', { name: 'Treasury' })).toBeTruthy();
    expect(await screen.findByText('Members (2)')).toBeTruthy();
  });

  it('adds picked users and removes a member after confirmation', async () => {
    const withMax = {
      ...financeDetail,
      member_count: 2,
      modified_at: '2026-01-05T10:00:00.000Z',
      members: [...financeDetail.members, { ...max, is_active: true, is_lead: false }],
    };
    let current = financeDetail;
    const calls = mockFetch({
      [DETAIL]: () => ok(current),
      [`GET ${TEAM_PATHS.users}`]: ok(userPage([mia, max])),
      [MEMBERS]: (call) => {
        const ids = JSON.parse(call.body ?? '{}').user_ids as string[];
        current = ids.includes(max.id) ? withMax : { ...financeDetail, members: [], lead: null };
        return ok(current, 'Team members have been saved');
      },
    });
    renderTeams('/settings/team-management/detail?id=t-1');
    const members = await screen.findByTestId('team-members');
    const add = within(members).getByRole('button', { name: /Add/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    fireEvent.mouseDown(within(members).getByRole('combobox'));
    const option = await screen.findByText('Max Muster (max)', {
      selector: '.ant-select-item-option-content',
    });
    // Members already on the team are not offered again.
    expect(screen.queryByText('Mia Moss (mia)', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByText('Team members have been saved')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', teamMembersPath('t-1'))).toEqual({ user_ids: ['u-2', 'u-3'] });
    expect(await within(members).findByRole('link', { name: 'Max Muster' })).toBeTruthy();

    fireEvent.click(within(members).getByRole('button', { name: 'Remove Mia Moss' }));
    expect(
      await screen.findByText('They lead this team; the team will have no lead afterwards.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bodyOf(calls, 'PUT', teamMembersPath('t-1'))).toEqual({ user_ids: ['u-3'] }));
  });

  it('shows the server’s reason when members cannot be saved', async () => {
    mockFetch({
      [DETAIL]: ok(financeDetail),
      [MEMBERS]: fail(404, 'This user does not exist.'),
    });
    renderTeams('/settings/team-management/detail?id=t-1');
    const members = await screen.findByTestId('team-members');
    fireEvent.click(within(members).getByRole('button', { name: 'Remove Mia Moss' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This user does not exist.')).toBeTruthy();
  });

  it('deletes the team after confirmation and returns to the list', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(financeDetail),
      [`POST ${teamDeletePath('t-1')}`]: ok({ id: 't-1' }, 'Team has been deleted'),
      [`POST ${TEAM_PATHS.datatables}`]: ok(tablePage([])),
    });
    const view = renderTeams('/settings/team-management/detail?id=t-1');
    fireEvent.click(await screen.findByRole('button', { name: /Delete team/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team has been deleted')).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/settings/team-management'));
    expect(await screen.findByTestId('team-list-page')).toBeTruthy();
    expect(calls.some((call) => call.url === teamDeletePath('t-1'))).toBe(true);
  });
});
