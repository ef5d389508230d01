import { ROLE_PATHS, roleDeletePath, roleMatrixPath, rolePath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { catalogue, details, PAGE, renderRolesPage, roles } from './roles-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = `GET ${ROLE_PATHS.list}`;
const CATALOGUE = `GET ${ROLE_PATHS.catalogue}`;

const baseHandlers = () => ({
  [LIST]: ok(roles),
  [CATALOGUE]: ok(catalogue),
  [`GET ${rolePath('r-clerks')}`]: ok(details['r-clerks']),
  [`GET ${rolePath('r-managers')}`]: ok(details['r-managers']),
});

const box = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
/** The first render loads antd and the texts: slow on a busy machine. */
const SLOW = { timeout: 10_000 };

/** Waits for the matrix to show `label` checked; the first render loads antd and the texts, so it may be slow. */
const loaded = (label: string) => waitFor(() => expect(box(label).checked).toBe(true), { timeout: 10_000 });
const checked = () =>
  ['Finance and everything below it', 'Budgets', 'Invoices', 'Reports'].map(
    (name) => box(`View for ${name}`).checked,
  );
const GROUP = 'View for Finance and everything below it';

const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('roles and permissions page', { timeout: 40_000 }, () => {
  it('shows the first role’s grants checked, and another role’s when it is selected', async () => {
    mockFetch(baseHandlers());
    renderRolesPage();
    await loaded('View for Budgets');
    expect(checked()).toEqual([false, true, false, false]);
    // The group shows that only part of it is granted.
    expect(box(GROUP).closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
    expect(screen.getByRole('link', { name: 'Uma User' }).getAttribute('href')).toBe(
      '/settings/user-detail?id=u-uma',
    );
    expect(screen.getByText("Roles are given to users on each user's page.")).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Managers/ }));
    await waitFor(() => expect(box('View for Reports').checked).toBe(true));
    expect(checked()).toEqual([false, false, false, true]);
    expect(screen.getByTestId('role-members-empty')).toBeTruthy();
  });

  it('opens the role named in the address', async () => {
    mockFetch(baseHandlers());
    renderRolesPage(`${PAGE}?role=r-managers`);
    await loaded('View for Reports');
    expect(screen.getByRole('button', { name: /^Managers/ }).getAttribute('aria-current')).toBe('true');
  });

  it('toggles a group’s rows with the group, marks the matrix dirty, and discards', async () => {
    mockFetch(baseHandlers());
    renderRolesPage();
    await loaded('View for Budgets');
    expect(screen.queryByTestId('matrix-dirty')).toBeNull();

    fireEvent.click(box(GROUP));
    expect(checked()).toEqual([true, true, true, false]);
    expect(screen.getByTestId('matrix-dirty').textContent).toBe('Unsaved changes');

    fireEvent.click(box(GROUP));
    expect(checked()).toEqual([false, false, false, false]);

    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(checked()).toEqual([true, true, true, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(checked()).toEqual([false, false, false, false]);

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(checked()).toEqual([false, true, false, false]);
    expect(screen.queryByTestId('matrix-dirty')).toBeNull();
  });

  it('saves the grants with PUT matrix and is clean afterwards', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`PUT ${roleMatrixPath('r-clerks')}`]: (call) => {
        const { grants } = JSON.parse(call.body ?? '{}');
        return ok({ ...details['r-clerks'], grants }, 'Permissions have been saved');
      },
    });
    renderRolesPage();
    await loaded('View for Budgets');
    const save = screen.getByRole('button', { name: 'Save permissions' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(box(GROUP));
    fireEvent.click(box('View for Reports'));
    fireEvent.click(save);
    expect(await screen.findByText('Permissions have been saved')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      grants: [
        { resource: 'menu:m-fin', action: 'view' },
        { resource: 'menu:m-bud', action: 'view' },
        { resource: 'menu:m-inv', action: 'view' },
        { resource: 'menu:m-rep', action: 'view' },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('matrix-dirty')).toBeNull());
    expect(checked()).toEqual([true, true, true, true]);
  });

  it('drops grants on menus that no longer exist when saving, and shows a failure', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`PUT ${roleMatrixPath('r-managers')}`]: fail(400, 'Some permissions could not be granted.'),
    });
    renderRolesPage(`${PAGE}?role=r-managers`);
    await loaded('View for Reports');
    fireEvent.click(box('View for Invoices'));
    fireEvent.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect(await screen.findByText('Some permissions could not be granted.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}').grants).toEqual([
      { resource: 'menu:m-inv', action: 'view' },
      { resource: 'menu:m-rep', action: 'view' },
    ]);
    // Still dirty: nothing was saved.
    expect(screen.getByTestId('matrix-dirty')).toBeTruthy();
  });

  it('asks before leaving unsaved changes when another role is selected', async () => {
    mockFetch(baseHandlers());
    const router = renderRolesPage();
    await loaded('View for Budgets');
    fireEvent.click(box('View for Reports'));

    fireEvent.click(screen.getByRole('button', { name: /^Managers/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Discard unsaved changes?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('');
    expect(box('View for Reports').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /^Managers/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?role=r-managers'));
    await waitFor(() => expect(box('View for Budgets').checked).toBe(false));
    expect(box('View for Reports').checked).toBe(true);
    expect(screen.queryByTestId('matrix-dirty')).toBeNull();
  });

  it('checks the name rules before creating a role, then opens the new role', async () => {
    const created = {
      id: 'r-new',
      role_name: 'Auditors',
      description: 'Read only',
      user_count: 0,
      grant_count: 0,
    };
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${ROLE_PATHS.save}`]: ok(created, 'Role has been saved'),
      [`GET ${rolePath('r-new')}`]: ok({ ...created, grants: [], members: [] }),
    });
    const router = renderRolesPage();
    fireEvent.click(await screen.findByRole('button', { name: /New role/ }, SLOW));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Role name');
    const cases: Array<[string, string]> = [
      ['', 'This field is required'],
      [' Auditors', 'Cannot start with a space'],
      ['1 Auditors', 'Cannot start with a number'],
      ['Audi--tors', 'Cannot contain special characters'],
      ['A'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [value, message] of cases) {
      fireEvent.change(name, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fieldErrors()).toEqual([message]));
    }
    fireEvent.change(name, { target: { value: 'Auditors' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Costs <all>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Value cannot contain special characters']));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Read only' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ role_name: 'Auditors', description: 'Read only' });
    await waitFor(() => expect(router.state.location.search).toBe('?role=r-new'));
  });

  it('shows a duplicate name under the field', async () => {
    mockFetch({
      ...baseHandlers(),
      [`POST ${ROLE_PATHS.save}`]: fail(409, 'A role with this name already exists.'),
    });
    renderRolesPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Managers' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Role name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Managers'));
    fireEvent.change(name, { target: { value: 'clerks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['A role with this name already exists.']));
  });

  it('says how many users hold a role before deleting it', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${roleDeletePath('r-clerks')}`]: ok({ id: 'r-clerks' }, 'Role has been deleted'),
    });
    renderRolesPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Clerks' }, SLOW));
    expect(await screen.findByText(/2 users hold this role and will lose it/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role has been deleted')).toBeTruthy();
    expect(calls.some((call) => call.url === roleDeletePath('r-clerks'))).toBe(true);
  });

  it('filters the roles by the search box', async () => {
    mockFetch(baseHandlers());
    renderRolesPage();
    const search = await screen.findByRole('textbox', { name: 'Search roles' }, SLOW);
    fireEvent.change(search, { target: { value: 'front' } });
    expect(screen.getByRole('button', { name: /^Clerks/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Managers/ })).toBeNull();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByTestId('roles-no-match')).toBeTruthy();
  });

  it('shows an empty state when there are no roles', async () => {
    mockFetch({ [LIST]: ok([]), [CATALOGUE]: ok([]) });
    renderRolesPage();
    const empty = await screen.findByTestId('roles-empty', {}, SLOW);
    expect(within(empty).getByRole('button', { name: /New role/ })).toBeTruthy();
  });

  it('shows an empty matrix with a link to the menu settings when there are no menus', async () => {
    mockFetch({ ...baseHandlers(), [CATALOGUE]: ok([]) });
    const router = renderRolesPage();
    const empty = await screen.findByTestId('matrix-no-menus', {}, SLOW);
    fireEvent.click(within(empty).getByRole('link', { name: 'Go to the menu settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/menu'));
  });
});
