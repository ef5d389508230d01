import { USERS_PATHS, userPath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesTo, findToast, licences, renderUsers, table, user } from './render-users.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LICENCES = `GET ${USERS_PATHS.licences}`;
const TABLE = `POST ${USERS_PATHS.datatables}`;
const rows = [
  user('ann'),
  user('bob', { is_active: false, user_kind: 'FULL_USER', two_factor_enabled: true }),
];

describe('user management page', { timeout: 60_000 }, () => {
  it('shows a card per licence and asks for the first ten users by name', async () => {
    const calls = mockFetch({ [LICENCES]: ok(licences), [TABLE]: ok(table(rows, 25)) });
    renderUsers('/settings/user-management');
    const cards = await screen.findByTestId('licence-cards');
    const full = within(cards).getByTestId('licence-card-FULL_USER');
    expect(full.textContent).toContain('Full user');
    expect(full.textContent).toContain('5 of 5 in use');
    expect(full.textContent).toContain('Seats left: 0');
    expect(full.getAttribute('href')).toBe('/settings/user-management/FULL_USER');
    expect(within(cards).getByTestId('licence-card-USER').textContent).toContain('Unlimited seats');

    expect(await screen.findByText('ANN Person')).toBeTruthy();
    expect(screen.getByText('Users: 25')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ann' }).getAttribute('href')).toBe(
      '/settings/user-detail?id=ann',
    );
    expect(bodiesTo(calls, USERS_PATHS.datatables)[0]).toEqual({
      page: 1,
      length: 10,
      orders: [{ column: 'username', dir: 'asc' }],
      search: '',
      status: 'all',
    });
  });

  it('pages, changes the page size and sorts on the server', async () => {
    const calls = mockFetch({ [LICENCES]: ok(licences), [TABLE]: ok(table(rows, 25)) });
    const view = renderUsers('/settings/user-management');
    await screen.findByText('ANN Person');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodiesTo(calls, USERS_PATHS.datatables).at(-1)).toMatchObject({ page: 2 }));

    fireEvent.click(
      within(screen.getByTestId('user-table')).getByRole('columnheader', { name: /Full name/ }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, USERS_PATHS.datatables).at(-1)).toMatchObject({
        page: 1,
        orders: [{ column: 'fullname', dir: 'asc' }],
      }),
    );

    const sizer = view.container.querySelector('.ant-pagination-options .ant-select') as HTMLElement;
    fireEvent.mouseDown(sizer.querySelector('.ant-select-selector') ?? sizer);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
    fireEvent.click(await screen.findByText('50 / page', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(bodiesTo(calls, USERS_PATHS.datatables).at(-1)).toMatchObject({ page: 1, length: 50 }),
    );
  });

  it('searches after typing stops, refuses special characters, and filters by status', async () => {
    const calls = mockFetch({ [LICENCES]: ok(licences), [TABLE]: ok(table(rows)) });
    renderUsers('/settings/user-management');
    await screen.findByText('ANN Person');
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'a<b' } });
    expect(await screen.findByText('Search value cannot contain special characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(bodiesTo(calls, USERS_PATHS.datatables).some((body) => body.search === 'a<b')).toBe(false);

    fireEvent.change(search, { target: { value: ' ann ' } });
    const sent = bodiesTo(calls, USERS_PATHS.datatables).length;
    // Debounced: nothing goes out at once.
    expect(bodiesTo(calls, USERS_PATHS.datatables)).toHaveLength(sent);
    await waitFor(() =>
      expect(bodiesTo(calls, USERS_PATHS.datatables).at(-1)).toMatchObject({ search: 'ann', page: 1 }),
    );
    expect(screen.queryByText('Search value cannot contain special characters')).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('user-filters')).getByRole('combobox'));
    fireEvent.click(
      await screen.findByText('Inactive only', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(bodiesTo(calls, USERS_PATHS.datatables).at(-1)).toMatchObject({
        status: 'inactive',
        search: 'ann',
      }),
    );
  });

  it('filters by the licence in the URL, and explains an unknown one', async () => {
    const calls = mockFetch({ [LICENCES]: ok(licences), [TABLE]: ok(table(rows)) });
    const first = renderUsers('/settings/user-management/FULL_USER');
    await screen.findByText('ANN Person');
    expect(bodiesTo(calls, USERS_PATHS.datatables)[0]).toMatchObject({ license: 'FULL_USER' });
    expect(screen.getByTestId('licence-card-FULL_USER').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('licence-filter').textContent).toContain('Licence: Full user');
    first.unmount();

    renderUsers('/settings/user-management/KING');
    const unknown = await screen.findByTestId('unknown-licence');
    expect(unknown.textContent).toContain('Unknown licence');
    expect(within(unknown).getByRole('link', { name: 'Back to user management' }).getAttribute('href')).toBe(
      '/settings/user-management',
    );
  });

  it('deactivates a user after confirming, and offers 2FA reset only where it is on', async () => {
    const calls = mockFetch({
      [LICENCES]: ok(licences),
      [TABLE]: ok(table(rows)),
      [`POST ${userPath('deactivate', 'ann')}`]: ok(
        { ...rows[0], is_active: false },
        'The user has been deactivated.',
      ),
    });
    renderUsers('/settings/user-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
    expect(await screen.findByText('Reset two-factor sign-in')).toBeTruthy();
    expect(screen.getByText('Activate')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(screen.getByTestId('user-actions-ann'));
    // The newest open dropdown (role queries over the whole table are slow in jsdom).
    const menu = await waitFor(() => {
      const open = Array.from(
        document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)'),
      );
      expect(open.length).toBeGreaterThan(0);
      return open.at(-1)!;
    });
    expect(within(menu).queryByText('Reset two-factor sign-in')).toBeNull();
    fireEvent.click(within(menu).getByText('Deactivate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deactivate ANN Person?')).toBeTruthy();
    expect(calls.some((call) => call.url === userPath('deactivate', 'ann'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await findToast('The user has been deactivated.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url === userPath('deactivate', 'ann'))).toBe(
      true,
    );
  });

  it('opens Edit with focus in its first field, ready to type', async () => {
    mockFetch({ [LICENCES]: ok(licences), [TABLE]: ok(table(rows, 25)) });
    renderUsers('/settings/user-management');
    fireEvent.click(await screen.findByTestId('user-actions-ann'));
    const menu = await waitFor(() => {
      const open = Array.from(
        document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)'),
      );
      expect(open.length).toBeGreaterThan(0);
      return open.at(-1)!;
    });
    fireEvent.click(within(menu).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit ann')).toBeTruthy();
    const fullName = within(dialog).getByLabelText('Full name') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(fullName));
    await waitFor(() => expect(fullName.value).toBe('ANN Person'));
  });
});
