import { APPS_PATHS, type AppSummary } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
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

const APPLICATIONS = `GET ${APPS_PATHS.listApplications}`;
const FAVOURITES = `GET ${APPS_PATHS.favouriteList}`;
const MOST_USED = `GET ${APPS_PATHS.mostUsed}`;

const asFavourite = (app: AppSummary) => ({
  id: app.id,
  display_name: app.display_name,
  title: app.display_name,
  category_icon: app.category_icon,
});

const region = (name: string) => screen.getByRole('region', { name });
const namesIn = (name: string) =>
  within(region(name))
    .queryAllByTestId('app-card')
    .map((card) => within(card).getAllByRole('link')[0]?.textContent);

const ordinaryUser = {
  ...adminSession,
  isFullUser: false,
  isConsultant: false,
  isSysAdmin: false,
  isAdministrator: false,
};

describe('applications page', { timeout: 90_000 }, () => {
  it('shows quick launch, favourites, most used and the apps under their groups in order', async () => {
    mockFetch({
      ...lookups,
      [APPLICATIONS]: ok(apps),
      [FAVOURITES]: ok([asFavourite(expenses)]),
      [MOST_USED]: ok([visitors]),
    });
    renderApps('/applications');
    await screen.findByRole('region', { name: 'People' }, FIRST_RENDER);
    expect(namesIn('Favourites')).toEqual(['Expenses']);
    expect(namesIn('Most used')).toEqual(['Visitors']);
    const groups = screen.getAllByRole('region').map((section) => section.getAttribute('data-testid'));
    expect(groups).toEqual([
      'quick-launch',
      'favourites',
      'most-used',
      'group-g-hr',
      'group-g-fin',
      'group-other',
    ]);
    expect(namesIn('Other')).toEqual(['Visitors']);
    expect(within(region('Quick launch')).getByRole('link', { name: 'Expenses' })).toBeTruthy();
    // Builders see the status and an Edit action.
    expect(within(region('People')).getByTestId('app-status').textContent).toBe('Draft');
    expect(within(region('People')).getByRole('button', { name: 'Edit Leave requests' })).toBeTruthy();
  });

  it('adds a favourite at the end and removes one, at once, and restores a failed removal', async () => {
    let favourites = [asFavourite(expenses)];
    const refused = deferredReply(fail(500, 'Favourites are read-only today.'));
    const calls = mockFetch({
      ...lookups,
      [APPLICATIONS]: ok(apps),
      [FAVOURITES]: () => ok(favourites),
      [MOST_USED]: ok([]),
      [`POST ${APPS_PATHS.favouriteAdd}`]: (call) => {
        const { moduleId } = JSON.parse(call.body ?? '{}') as { moduleId: string };
        favourites = [...favourites, asFavourite(apps.find((app) => app.id === moduleId)!)];
        return ok(null);
      },
      [`POST ${APPS_PATHS.favouriteRemove}`]: refused.handler,
    });
    renderApps('/applications');
    await screen.findByRole('region', { name: 'People' }, FIRST_RENDER);
    expect(namesIn('Favourites')).toEqual(['Expenses']);

    fireEvent.click(
      within(region('People')).getByRole('button', { name: 'Add Leave requests to favourites' }),
    );
    await waitFor(() => expect(namesIn('Favourites')).toEqual(['Expenses', 'Leave requests']));
    const add = calls.find((call) => call.url === APPS_PATHS.favouriteAdd);
    expect(JSON.parse(add?.body ?? '{}')).toEqual({ moduleId: leave.id, isAdd: true });
    await waitFor(() =>
      expect(
        within(region('People'))
          .getByRole('button', { name: 'Remove Leave requests from favourites' })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );

    fireEvent.click(
      within(region('Finance')).getByRole('button', { name: 'Remove Expenses from favourites' }),
    );
    await waitFor(() => expect(namesIn('Favourites')).toEqual(['Leave requests']));
    const remove = calls.find((call) => call.url === APPS_PATHS.favouriteRemove);
    expect(JSON.parse(remove?.body ?? '{}')).toEqual({ moduleId: expenses.id, isAdd: false });
    refused.release();
    expect(await screen.findByText('Favourites are read-only today.')).toBeTruthy();
    await waitFor(() => expect(namesIn('Favourites')).toEqual(['Expenses', 'Leave requests']));
  });

  it('opens an app on its module page and counts the use', async () => {
    const calls = mockFetch({
      ...lookups,
      [APPLICATIONS]: ok(apps),
      [FAVOURITES]: ok([]),
      [MOST_USED]: ok([]),
      [`POST ${APPS_PATHS.usage}`]: ok(null),
    });
    const { router } = renderApps('/applications');
    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Other' }, FIRST_RENDER)).findByRole('link', {
        name: 'Visitors',
      }),
    );
    await waitFor(() => expect(locationOf(router)).toBe('/module/a-vis?from=applications'));
    await waitFor(() => expect(calls.some((call) => call.url === APPS_PATHS.usage)).toBe(true));
    const usage = calls.find((call) => call.url === APPS_PATHS.usage);
    expect(JSON.parse(usage?.body ?? '{}')).toEqual({ moduleId: visitors.id });
  });

  it('filters the apps with the search box and rejects special characters', async () => {
    mockFetch({ ...lookups, [APPLICATIONS]: ok(apps), [FAVOURITES]: ok([]), [MOST_USED]: ok([]) });
    renderApps('/applications');
    await screen.findByRole('region', { name: 'People' }, FIRST_RENDER);
    const search = screen.getByRole('searchbox', { name: 'Search apps' });
    fireEvent.change(search, { target: { value: 'travel' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'People' })).toBeNull());
    expect(namesIn('Finance')).toEqual(['Expenses']);
    fireEvent.change(search, { target: { value: 'a<b' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Search value cannot contain special characters',
    );
    expect(namesIn('Finance')).toEqual(['Expenses']);
  });

  it('tells an ordinary user that nothing has been shared yet, without builder actions', async () => {
    mockFetch({ ...lookups, [APPLICATIONS]: ok([]), [FAVOURITES]: ok([]), [MOST_USED]: ok([]) });
    renderApps('/applications', ordinaryUser);
    expect(await screen.findByText('Nothing has been shared with you yet.', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create App/ })).toBeNull();
  });

  it('tells a builder whose apps are all drafts where they are, and links the form editor', async () => {
    const draft = { ...expenses, status: 'Draft' as const, module_version: 0 };
    mockFetch({
      ...lookups,
      [APPLICATIONS]: ok([]),
      [FAVOURITES]: ok([]),
      [MOST_USED]: ok([]),
      [`GET ${APPS_PATHS.listForms}`]: ok([draft, { ...leave, status: 'Draft' as const }]),
    });
    const { router } = renderApps('/applications');
    expect(
      await screen.findByText(
        '2 apps are still drafts. Publish one in the form editor and it shows here.',
        {},
        FIRST_RENDER,
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No apps yet. Create the first one.')).toBeNull();
    fireEvent.click(screen.getByTestId('open-form-editor'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-editor'));
  });

  it('gives a builder the way to the form editor from the apps page', async () => {
    mockFetch({ ...lookups, [APPLICATIONS]: ok(apps), [FAVOURITES]: ok([]), [MOST_USED]: ok([]) });
    renderApps('/applications');
    const link = await screen.findByRole('link', { name: /Form editor/ }, FIRST_RENDER);
    expect(link.getAttribute('href')).toBe('/form-editor');
  });

  it('offers a retry when the apps cannot be loaded', async () => {
    mockFetch({ ...lookups, [APPLICATIONS]: fail(403, 'No'), [FAVOURITES]: ok([]), [MOST_USED]: ok([]) });
    renderApps('/applications');
    expect(await screen.findByText('The apps could not be loaded.', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
