import { MENU_PATHS, menuDeletePath, type MenuTreeNode } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { MenuSettingsPage } from '../pages/menu-settings-page.tsx';
import { moveUp, placementsOf } from '../tree-model.ts';
import { menuNode } from './menu-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TREE = `GET ${MENU_PATHS.tree}`;
const ORDER = `PUT ${MENU_PATHS.order}`;
const SAVE = `POST ${MENU_PATHS.save}`;

// Sales (group) > [Orders, Invoices]; Handbook (shown to everyone)
const saved = (): MenuTreeNode[] => {
  const sales = menuNode('Sales', { children: [menuNode('Orders'), menuNode('Invoices')] });
  sales.children = sales.children.map((child, index) => ({
    ...child,
    parent_id: 'Sales',
    order_index: index,
  }));
  return [
    sales,
    { ...menuNode('Handbook', { seed: true, url: 'https://wiki.example.com' }), order_index: 1 },
  ];
};

function renderPage() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <MenuSettingsPage />
      </Suspense>
    </AppProviders>,
  );
}

const names = () => screen.queryAllByTestId('menu-name').map((node) => node.textContent);
const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
const select = async (name: string) => {
  fireEvent.click(await screen.findByText(name, { selector: '[data-testid="menu-name"]' }));
};

describe('menu settings page', { timeout: 60_000 }, () => {
  it('shows the tree and saves a keyboard move as the whole new arrangement', async () => {
    const calls = mockFetch({
      [TREE]: ok(saved()),
      [ORDER]: ok(moveUp(saved(), 'Handbook'), 'Menu order saved'),
    });
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Sales', 'Orders', 'Invoices', 'Handbook']));
    expect(screen.getByText('Shown to everyone', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('https://wiki.example.com')).toBeTruthy();

    await select('Handbook');
    expect((screen.getByRole('button', { name: 'Move Handbook down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Handbook up' }));
    await waitFor(() => expect(names()).toEqual(['Handbook', 'Sales', 'Orders', 'Invoices']));
    const unsaved = await screen.findByTestId('unsaved-order');
    expect(unsaved.textContent).toContain('The menu order has unsaved changes.');
    // Adding and editing wait until the order is saved or discarded.
    expect((screen.getByRole('button', { name: /Add menu/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(within(unsaved).getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Menu order saved')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      items: [
        { id: 'Handbook', parent_id: null, order_index: 0 },
        { id: 'Sales', parent_id: null, order_index: 1 },
        { id: 'Orders', parent_id: 'Sales', order_index: 0 },
        { id: 'Invoices', parent_id: 'Sales', order_index: 1 },
      ],
    });
    expect(screen.queryByTestId('unsaved-order')).toBeNull();
    expect(names()).toEqual(['Handbook', 'Sales', 'Orders', 'Invoices']);
  });

  it('moves into the group above and out again, and discards an unsaved order', async () => {
    const calls = mockFetch({ [TREE]: ok(saved()) });
    renderPage();
    await select('Handbook');
    fireEvent.click(screen.getByRole('button', { name: 'Move Handbook into the group above' }));
    await waitFor(() => expect(names()).toEqual(['Sales', 'Orders', 'Invoices', 'Handbook']));
    // Now inside Sales: it can come out again.
    const outdent = screen.getByRole('button', {
      name: 'Move Handbook out of its group',
    }) as HTMLButtonElement;
    expect(outdent.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-order')).toBeNull());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('puts the saved order back and says so when saving the order fails', async () => {
    const calls = mockFetch({ [TREE]: ok(saved()), [ORDER]: fail(500, 'boom') });
    renderPage();
    await select('Invoices');
    fireEvent.click(screen.getByRole('button', { name: 'Move Invoices up' }));
    await waitFor(() => expect(names()).toEqual(['Sales', 'Invoices', 'Orders', 'Handbook']));
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('The menu order could not be saved.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Sales', 'Orders', 'Invoices', 'Handbook']));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('adds a link: name and address rules first, then the save with the server message', async () => {
    const calls = mockFetch({
      [TREE]: ok(saved()),
      [SAVE]: ok({ ...placementsOf(saved())[0], menu_name: 'Reports' }, 'Menu has been saved'),
    });
    renderPage();
    await select('Sales');
    fireEvent.click(screen.getByRole('button', { name: /Add menu/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('New menu')).toBeTruthy();
    const name = within(drawer).getByLabelText('Name');
    const address = within(drawer).getByLabelText('Address');
    fireEvent.change(name, { target: { value: '1 Reports' } });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        'Cannot start with a number',
        'Enter an app path starting with / (such as /tasks) or an http(s) address.',
      ]),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'Reports' } });
    fireEvent.change(address, { target: { value: ' /reports ' } });
    fireEvent.click(within(drawer).getByLabelText('Shown to everyone'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Menu has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    // The selected group is where a new entry goes.
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      parent_id: 'Sales',
      menu_name: 'Reports',
      action_url: '/reports',
      icon_class: '',
      description: '',
      is_group: false,
      show_on_seed: true,
    });
  });

  it('edits a group without an address field, and shows the server’s reason when it refuses', async () => {
    const calls = mockFetch({
      [TREE]: ok(saved()),
      [SAVE]: fail(400, 'Menus can be nested at most 4 levels deep.'),
    });
    renderPage();
    await select('Sales');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sales' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(drawer).getByLabelText('Name') as HTMLInputElement).value).toBe('Sales'),
    );
    expect(within(drawer).queryByLabelText('Address')).toBeNull();
    // A group with entries cannot become a link.
    expect((within(drawer).getByRole('radio', { name: 'Link' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(drawer).getByLabelText('Icon') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Menus can be nested at most 4 levels deep.')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')?.body ?? '{}')).toMatchObject({
      id: 'Sales',
      is_group: true,
      action_url: '',
    });
  });

  it('deletes a group after a confirmation that says its entries go with it', async () => {
    let tree = saved();
    const calls = mockFetch({
      [TREE]: () => ok(tree),
      [`POST ${menuDeletePath('Sales')}`]: () => {
        tree = tree.filter((node) => node.id !== 'Sales');
        return ok({ id: 'Sales', deleted: ['Sales', 'Orders', 'Invoices'] }, 'Menu has been deleted');
      },
    });
    renderPage();
    await select('Sales');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Sales' }));
    expect(await screen.findByText('Delete the group Sales?')).toBeTruthy();
    expect(
      screen.getByText('Everything inside it (2) is deleted with it. This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Menu has been deleted')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Handbook']));
    expect(calls.some((call) => call.url === menuDeletePath('Sales'))).toBe(true);
  });

  it('offers a retry when the menus cannot be loaded', async () => {
    mockFetch({ [TREE]: fail(500, 'boom') });
    renderPage();
    expect(await screen.findByText('The menus could not be loaded.', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
