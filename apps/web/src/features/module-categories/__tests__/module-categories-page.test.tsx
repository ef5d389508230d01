import { MODULE_CATEGORY_PATHS, moduleCategoryDeletePath, type ModuleCategory } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { ModuleCategoriesPage } from '../pages/module-categories-page.tsx';
import { moveItem } from '../../../shared/lib/move-item.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const groups: ModuleCategory[] = [
  { id: 'g-a', category_name: 'Alpha', category_icon: 'folder', order_index: 0 },
  { id: 'g-b', category_name: 'Bravo', category_icon: null, order_index: 1 },
  { id: 'g-c', category_name: 'Charlie', category_icon: 'team', order_index: 2 },
];

const LIST = `GET ${MODULE_CATEGORY_PATHS.list}`;

function renderPage() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <ModuleCategoriesPage />
      </Suspense>
    </AppProviders>,
  );
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[2]?.textContent);

const fieldErrors = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

/** A handler that answers only when released, so the optimistic state can be seen in between. */
function deferredReply(reply: ReturnType<typeof fail>) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { handler: async () => (await gate, reply), release: () => release() };
}

describe('app groups page', { timeout: 40_000 }, () => {
  it('shows the empty state and checks the name rules before creating a group', async () => {
    const calls = mockFetch({
      [LIST]: ok([]),
      [`POST ${MODULE_CATEGORY_PATHS.save}`]: ok(
        { id: 'g-new', category_name: 'Finance', category_icon: 'bank', order_index: 0 },
        'Group has been saved',
      ),
    });
    renderPage();
    const empty = await screen.findByTestId('groups-empty');
    fireEvent.click(within(empty).getByRole('button', { name: /Add group/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Group name');

    const cases: Array<[string, string]> = [
      ['', 'This field is required'],
      ['  ', 'This field is required'],
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
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'Finance' } });
    fireEvent.change(within(dialog).getByLabelText('Icon'), { target: { value: ' bank ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ category_name: 'Finance', category_icon: 'bank' });
  });

  it('shows a duplicate name under the field and says the save failed', async () => {
    mockFetch({
      [LIST]: ok(groups),
      [`POST ${MODULE_CATEGORY_PATHS.save}`]: fail(409, 'An app group with this name already exists.'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Bravo' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Group name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Bravo'));
    fireEvent.change(name, { target: { value: 'alpha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save group')).toBeTruthy();
    await waitFor(() => expect(fieldErrors()).toEqual(['An app group with this name already exists.']));
  });

  it('removes a deleted group at once and puts it back when the server refuses', async () => {
    const refused = deferredReply(fail(500, 'boom'));
    const calls = mockFetch({
      [LIST]: ok(groups),
      [`POST ${moduleCategoryDeletePath('g-b')}`]: refused.handler,
    });
    renderPage();
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie']));
    expect(calls.some((call) => call.url === moduleCategoryDeletePath('g-b'))).toBe(true);
    refused.release();
    expect(await screen.findByText('Failed to delete group')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
  });

  it('confirms a successful delete with the spec message', async () => {
    mockFetch({
      [LIST]: ok(groups),
      [`POST ${moduleCategoryDeletePath('g-a')}`]: ok({ id: 'g-a' }, 'Group has been deleted'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Alpha' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group has been deleted')).toBeTruthy();
  });

  it('sends the new order when a group is moved with the keyboard buttons', async () => {
    const calls = mockFetch({
      [LIST]: ok(groups),
      [`PUT ${MODULE_CATEGORY_PATHS.order}`]: ok(
        [groups[1], groups[0], groups[2]].map((group, index) => ({ ...group, order_index: index })),
        'App group order saved',
      ),
    });
    renderPage();
    const up = await screen.findByRole('button', { name: 'Move Alpha up' });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha down' }));
    expect(await screen.findByText('App group order saved')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ ids: ['g-b', 'g-a', 'g-c'] });
    await waitFor(() => expect(rowNames()).toEqual(['Bravo', 'Alpha', 'Charlie']));
  });

  it('sends the new order after a drag and drop, and restores the old one on failure', async () => {
    const calls = mockFetch({
      [LIST]: ok(groups),
      [`PUT ${MODULE_CATEGORY_PATHS.order}`]: fail(500, 'boom'),
    });
    renderPage();
    const first = await screen.findByTestId('group-row-0');
    const last = screen.getByTestId('group-row-2');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(last, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(await screen.findByText('Failed to order App Group')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ ids: ['g-c', 'g-a', 'g-b'] });
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
  });

  it('moveId moves one id and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
  });
});
