import { TEAM_PATHS, teamDeletePath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  fieldErrors,
  finance,
  financeDetail,
  max,
  mia,
  ops,
  renderTeams,
  tablePage,
  userPage,
} from './team-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TABLE = `POST ${TEAM_PATHS.datatables}`;

describe('teams table', { timeout: 60_000 }, () => {
  it('asks the server for each page, sort and search, and waits 500 ms after typing', async () => {
    const sent: Array<{ body: Record<string, unknown>; at: number }> = [];
    mockFetch({
      [TABLE]: (call) => {
        sent.push({ body: JSON.parse(call.body ?? '{}'), at: Date.now() });
        return ok(tablePage([finance, ops], 25));
      },
    });
    const view = renderTeams('/settings/team-management');
    const link = await screen.findByRole('link', { name: 'Finance' });
    expect(link.getAttribute('href')).toBe('/settings/team-management/detail?id=t-1');
    expect(screen.getByRole('link', { name: 'Mia Moss' }).getAttribute('href')).toBe(
      '/settings/user-detail?id=u-2',
    );
    expect(sent[0]?.body).toEqual({
      page: 1,
      length: 10,
      orders: [{ column: 'team_name', dir: 'asc' }],
      search: '',
    });

    const typedAt = Date.now();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search teams' }), { target: { value: 'fin' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent.some((entry) => entry.body.search === 'fin')).toBe(false);
    await waitFor(() => expect(sent.some((entry) => entry.body.search === 'fin')).toBe(true));
    const searched = sent.find((entry) => entry.body.search === 'fin')!;
    expect(searched.at - typedAt).toBeGreaterThanOrEqual(450);
    expect(searched.body.page).toBe(1);

    fireEvent.click(screen.getByText('Members'));
    await waitFor(() => expect(sent.at(-1)?.body.orders).toEqual([{ column: 'member_count', dir: 'asc' }]));
    fireEvent.click(view.container.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ page: 2, search: 'fin' }));
    expect(screen.getByText('Teams: 25')).toBeTruthy();
  });

  it('shows the empty state, then creates a team with a lead picked by searching users', async () => {
    const calls = mockFetch({
      [TABLE]: ok(tablePage([])),
      [`GET ${TEAM_PATHS.users}`]: (call) =>
        ok(userPage(new URL(call.url, 'http://x').searchParams.get('search') === 'mi' ? [mia] : [mia, max])),
      [`POST ${TEAM_PATHS.save}`]: ok(financeDetail, 'Team has been saved'),
    });
    renderTeams('/settings/team-management');
    expect(await screen.findByText('No teams yet. Create one to group people.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /New team/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Team name');

    const cases: Array<[string, string]> = [
      ['', 'This field is required'],
      [' Finance', 'Cannot start with a space'],
      ['1 Finance', 'Cannot start with a number'],
      ['Fin--ance', 'Cannot contain special characters'],
      ['F'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [value, message] of cases) {
      fireEvent.change(name, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fieldErrors()).toEqual([message]));
    }
    fireEvent.change(name, { target: { value: 'Finance' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'a < b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Value cannot contain special characters']));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Money people' } });

    const lead = within(dialog).getByRole('combobox');
    fireEvent.mouseDown(lead);
    expect(await screen.findByText('Max Muster (max)')).toBeTruthy();
    fireEvent.change(lead, { target: { value: 'mi' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('search=mi'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Max Muster (max)')).toBeNull());
    fireEvent.click(
      await screen.findByText('Mia Moss (mia)', { selector: '.ant-select-item-option-content' }),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.url === TEAM_PATHS.save);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      team_name: 'Finance',
      description: 'Money people',
      lead_user_id: 'u-2',
    });
  });

  it('shows a duplicate name under the field and says the save failed', async () => {
    mockFetch({
      [TABLE]: ok(tablePage([finance])),
      [`POST ${TEAM_PATHS.save}`]: fail(409, 'A team with this name already exists.'),
    });
    renderTeams('/settings/team-management');
    await screen.findByRole('link', { name: 'Finance' });
    fireEvent.click(screen.getByRole('button', { name: /New team/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Team name'), { target: { value: 'finance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save team')).toBeTruthy();
    await waitFor(() => expect(fieldErrors()).toEqual(['A team with this name already exists.']));
  });

  it('deletes a team only after confirmation', async () => {
    const calls = mockFetch({
      [TABLE]: ok(tablePage([finance, ops])),
      [`POST ${teamDeletePath('t-2')}`]: ok({ id: 't-2' }, 'Team has been deleted'),
    });
    renderTeams('/settings/team-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ops' }));
    expect(await screen.findByText('Delete the team Ops?')).toBeTruthy();
    expect(calls.some((call) => call.url === teamDeletePath('t-2'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team has been deleted')).toBeTruthy();
    // The table is asked again after the delete.
    await waitFor(() => expect(calls.filter((call) => call.url === TEAM_PATHS.datatables).length).toBe(2));
  });

  it('offers a retry when the table cannot be loaded', async () => {
    mockFetch({ [TABLE]: fail(403, 'You do not have permission to access this resource.') });
    renderTeams('/settings/team-management');
    expect(await screen.findByText('The teams could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('opens the detail page from a row', async () => {
    mockFetch({
      [TABLE]: ok(tablePage([finance])),
      [`GET /api/sys/teams/t-1`]: ok(financeDetail),
    });
    const view = renderTeams('/settings/team-management');
    fireEvent.click(await screen.findByRole('link', { name: 'Finance' }));
    expect(await screen.findByTestId('team-detail-page')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?id=t-1');
    expect(await screen.findByRole('heading', { name: 'Finance' })).toBeTruthy();
  });
});
