import { APPS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import {
  apps,
  deferredReply,
  FIRST_RENDER,
  expenses,
  leave,
  locationOf,
  lookups,
  renderApps,
  visitors,
} from './app-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = `GET ${APPS_PATHS.listForms}`;

const rowNames = () => screen.queryAllByTestId('app-name').map((node) => node.textContent);

describe('form editor list', { timeout: 90_000 }, () => {
  it('lists every app with its group, status and version, newest change first', async () => {
    mockFetch({ ...lookups, [LIST]: ok(apps) });
    renderApps('/form-editor');
    await waitFor(() => expect(rowNames()).toEqual(['Expenses', 'Visitors', 'Leave requests']), FIRST_RENDER);
    const row = screen.getByText('Leave requests').closest('tr') as HTMLElement;
    expect(within(row).getByText('People')).toBeTruthy();
    expect(within(row).getByTestId('app-status').textContent).toBe('Draft');
    const other = screen.getByText('Visitors').closest('tr') as HTMLElement;
    expect(within(other).getByText('Other')).toBeTruthy();
    expect(within(other).getByTestId('app-status').textContent).toBe('Published');
    expect(screen.getByText('Leave requests').getAttribute('href')).toBe('/form-editor/show/a-leave');
  });

  it('removes a deleted app at once and restores it with the error when the server refuses', async () => {
    const refused = deferredReply(fail(500, 'boom'));
    const calls = mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [`POST ${APPS_PATHS.deleteForm}`]: refused.handler,
    });
    renderApps('/form-editor');
    await waitFor(() => expect(rowNames()).toEqual(['Expenses', 'Visitors', 'Leave requests']), FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Leave requests' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames()).toEqual(['Expenses', 'Visitors']));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ moduleId: leave.id });
    refused.release();
    expect(await screen.findByText('Error deleting entry')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Expenses', 'Visitors', 'Leave requests']), FIRST_RENDER);
  });

  it('filters by status and group, and searches on the server after 500 ms', async () => {
    const searched: string[] = [];
    mockFetch({
      ...lookups,
      [LIST]: (call) => {
        const term = new URL(call.url, 'http://x').searchParams.get('searchTerm') ?? '';
        searched.push(term);
        return ok(term === 'vis' ? [visitors] : apps);
      },
    });
    renderApps('/form-editor');
    await waitFor(() => expect(rowNames()).toHaveLength(3), FIRST_RENDER);
    fireEvent.mouseDown(screen.getByLabelText('Filter by status'));
    fireEvent.click(await screen.findByText('Draft', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(rowNames()).toEqual(['Leave requests']));
    fireEvent.mouseDown(screen.getByLabelText('Filter by status'));
    fireEvent.click(await screen.findByText('All statuses', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(screen.getByLabelText('Filter by group'));
    fireEvent.click(await screen.findByText('Finance', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(rowNames()).toEqual([expenses.display_name]));
    fireEvent.mouseDown(screen.getByLabelText('Filter by group'));
    fireEvent.click(await screen.findByText('All groups', { selector: '.ant-select-item-option-content' }));

    const search = screen.getByRole('searchbox', { name: 'Search apps' });
    fireEvent.change(search, { target: { value: 'vis%' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Search value cannot contain special characters',
    );
    fireEvent.change(search, { target: { value: 'vis' } });
    await waitFor(() => expect(rowNames()).toEqual(['Visitors']));
    expect(searched).not.toContain('vis%');
  });

  it('copies an app under a new name and opens the copy', async () => {
    const calls = mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [`POST ${APPS_PATHS.copyFrom}`]: ok({ id: 'a-copy' }),
    });
    const { router } = renderApps('/form-editor');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Visitors' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText("The copy's name") as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Visitors copy'));
    fireEvent.change(name, { target: { value: '9 Visitors' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Cannot start with a number')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Guests' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(locationOf(router)).toBe('/form-editor/show/a-copy'));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ moduleId: visitors.id, name: 'Guests' });
  });

  it('shows the empty state, whose Create App opens the dialog', async () => {
    mockFetch({ ...lookups, [LIST]: ok([]) });
    const { router } = renderApps('/form-editor');
    const empty = await screen.findByTestId('apps-empty', {}, FIRST_RENDER);
    fireEvent.click(within(empty).getByRole('button', { name: /Create App/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(locationOf(router)).toBe('/form-editor?create=1');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(locationOf(router)).toBe('/form-editor'));
  });
});
