import { APPS_PATHS, type AppExample } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { EXAMPLES_HINT_KEY, ExamplesHint } from '../components/examples-hint.tsx';
import { apps, FIRST_RENDER, locationOf, lookups, renderApps } from './app-fixtures.tsx';

// Issue 25 item 1: Create App's gallery of the tenant's example apps (a start from a copy, through
// CopyFrom) and the first-run hint that points a new administrator to it.

const purchase: AppExample = {
  id: '7d0c1b2a-3f4e-4a5b-8c6d-7e8f9a0b1c2d',
  display_name: 'Purchase request',
  module_description: 'Two-step approval of purchases.',
  app_icon: null,
};
const leaveExample: AppExample = {
  id: '8e1d2c3b-4a5f-4b6c-9d7e-8f9a0b1c2d3e',
  display_name: 'Leave request',
  module_description: 'Days off, approved by the team.',
  app_icon: null,
};
const EXAMPLES = `GET ${APPS_PATHS.examples}`;
const LIST = `GET ${APPS_PATHS.listForms}`;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Create App gallery', { timeout: 90_000 }, () => {
  it('offers the examples above the form; choosing one copies it under a new name and opens the copy', async () => {
    const calls = mockFetch({
      ...lookups,
      [LIST]: ok(apps),
      [EXAMPLES]: ok([leaveExample, purchase]),
      [`POST ${APPS_PATHS.copyFrom}`]: ok({ id: 'the-copy' }),
    });
    const { router } = renderApps('/form-editor?create=1');
    const dialog = await screen.findByRole('dialog', {}, FIRST_RENDER);
    expect(within(dialog).getByText('Create App', { selector: '.ant-modal-title' })).toBeTruthy();
    const gallery = await within(dialog).findByRole('region', { name: 'Start from an example' });
    const choices = within(gallery).getAllByTestId('create-app-example');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Leave requestDays off, approved by the team.',
      'Purchase requestTwo-step approval of purchases.',
    ]);
    fireEvent.click(within(gallery).getByRole('button', { name: /Purchase request/ }));
    const copy = (await screen.findByText('Copy Purchase request')).closest<HTMLElement>('[role="dialog"]')!;
    const name = within(copy).getByLabelText("The copy's name") as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Purchase request copy'));
    fireEvent.change(name, { target: { value: 'Our purchases' } });
    fireEvent.click(within(copy).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(locationOf(router)).toBe('/form-editor/show/the-copy'));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ moduleId: purchase.id, name: 'Our purchases' });
  });

  it('shows no gallery in a tenant without examples', async () => {
    mockFetch({ ...lookups, [LIST]: ok(apps), [EXAMPLES]: ok([]) });
    renderApps('/form-editor?create=1');
    const dialog = await screen.findByRole('dialog', {}, FIRST_RENDER);
    expect(within(dialog).getByText('Create App', { selector: '.ant-modal-title' })).toBeTruthy();
    await within(dialog).findByLabelText('Name');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('region', { name: 'Start from an example' })).toBeNull();
  });
});

function renderHint() {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <Suspense fallback={null}>
            <ExamplesHint />
          </Suspense>
        ),
      },
      { path: '/form-editor', element: <p>form editor</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('first-run hint', { timeout: 90_000 }, () => {
  it("points to Create App's gallery while there are examples", async () => {
    mockFetch({ [EXAMPLES]: ok([purchase]) });
    const router = renderHint();
    const hint = await screen.findByTestId('examples-hint', {}, FIRST_RENDER);
    expect(hint.textContent).toContain('New here? Start from an example app');
    fireEvent.click(within(hint).getByRole('button', { name: 'Create App' }));
    await waitFor(() => expect(locationOf(router)).toBe('/form-editor?create=1'));
  });

  it('is gone for good once closed', async () => {
    mockFetch({ [EXAMPLES]: ok([purchase]) });
    renderHint();
    const hint = await screen.findByTestId('examples-hint', {}, FIRST_RENDER);
    fireEvent.click(within(hint).getByRole('button', { name: 'Close the hint' }));
    await waitFor(() => expect(screen.queryByTestId('examples-hint')).toBeNull());
    expect(localStorage.getItem(EXAMPLES_HINT_KEY)).toBe('1');
  });

  it('stays away when closed before, without asking for the examples', async () => {
    localStorage.setItem(EXAMPLES_HINT_KEY, '1');
    const calls = mockFetch({ [EXAMPLES]: ok([purchase]) });
    renderHint();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('examples-hint')).toBeNull();
    expect(calls.some((call) => call.url.includes(APPS_PATHS.examples))).toBe(false);
  });

  it('does not show in a tenant without examples', async () => {
    const calls = mockFetch({ [EXAMPLES]: ok([]) });
    renderHint();
    await waitFor(() => expect(calls.some((call) => call.url.includes(APPS_PATHS.examples))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('examples-hint')).toBeNull();
  });
});
