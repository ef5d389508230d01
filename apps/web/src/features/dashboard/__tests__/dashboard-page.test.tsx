import { DASHBOARD_PATHS, QUICK_LAUNCH_PATHS as Q, type QuickLaunchTile } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { app, appsPage, renderDashboard, tile, tileNames } from './dashboard-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GET = `GET ${Q.get}`;
const SET = `PUT ${Q.set}`;
const SORT = `PATCH ${Q.sortUpdate}`;
const APPS = `POST ${Q.datatables}`;

const alpha = tile('a-1', 'Alpha', { app_icon: 'BarChartOutlined' });
const bravo = tile('a-2', 'Bravo', { order_index: 1 });
const charlie = tile('a-3', 'Charlie', { order_index: 2 });

const bodyOf = (calls: RecordedCall[], method: string, path: string) =>
  calls
    .filter((call) => call.method === method && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}'));

/** Answers a PUT set or PATCH sortupdate with the tiles it names, in that order. */
const echo = (all: QuickLaunchTile[]) => (call: RecordedCall) => {
  const body = JSON.parse(call.body ?? '{}') as { moduleIds?: string[]; ids?: string[] };
  const ids = body.moduleIds ?? body.ids ?? [];
  return ok(
    ids.map((id, index) => ({ ...all.find((one) => one.id === id)!, order_index: index })),
    'Quick launch has been saved',
  );
};

describe('Dashboards & Reports home', { timeout: 60_000 }, () => {
  it('shows the tiles in order, linking to the apps, and the way to the reports', async () => {
    const draft = tile('a-9', 'Golf', { is_published: false, order_index: 3 });
    mockFetch({ [GET]: ok([alpha, bravo, charlie, draft]) });
    renderDashboard();
    expect(await screen.findByText(/Your quick-launch apps, your dashboards/)).toBeTruthy();
    await waitFor(() => expect(tileNames()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Golf']));
    expect(screen.getByRole('link', { name: /Alpha/ }).getAttribute('href')).toBe('/module/a-1');
    // A builder's draft has no records yet: it opens in the form editor.
    expect(screen.getByRole('link', { name: /Golf/ }).getAttribute('href')).toBe('/form-editor/show/a-9');
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All reports/ }).getAttribute('href')).toBe('/reports');
    expect(screen.getByRole('link', { name: /New report/ }).getAttribute('href')).toBe('/report-designer');
    // The ends cannot move further.
    expect(screen.getByRole('button', { name: 'Move Alpha earlier' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Golf later' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when there are no tiles, and when they could not be loaded', async () => {
    let failing = true;
    mockFetch({
      [GET]: () => (failing ? fail(500, 'boom') : ok([])),
      // The dashboards list answers (empty): only quick launch fails here.
      [`POST ${DASHBOARD_PATHS.datatables}`]: ok({ data: [], recordsTotal: 0, recordsFiltered: 0 }),
    });
    renderDashboard('/dashboard-landing');
    expect(
      await screen.findByText('Quick launch could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'No apps in quick launch yet. Add the apps you use most to open them from here.',
      ),
    ).toBeTruthy();
  });

  it('reorders with the arrow buttons through sortupdate, and puts the order back when refused', async () => {
    let refuse = false;
    const calls = mockFetch({
      [GET]: ok([alpha, bravo, charlie]),
      [SORT]: (call) =>
        refuse
          ? {
              status: 400,
              body: {
                success: false,
                message: 'This app is not in your quick launch.',
                data: { key: 'quickLaunch.notInQuickLaunch', params: {} },
              },
            }
          : echo([alpha, bravo, charlie])(call),
    });
    renderDashboard();
    await waitFor(() => expect(tileNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Alpha later' }));
    await waitFor(() => expect(tileNames()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH', Q.sortUpdate)).toEqual([
        { kind: 'quicklaunch', ids: ['a-2', 'a-1', 'a-3'] },
      ]),
    );

    refuse = true;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Charlie earlier' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Charlie earlier' }));
    expect(await screen.findByText('This app is not in your quick launch.')).toBeTruthy();
    await waitFor(() => expect(tileNames()).toEqual(['Bravo', 'Alpha', 'Charlie']));
  });

  it('reorders by dragging a tile onto another', async () => {
    const calls = mockFetch({ [GET]: ok([alpha, bravo, charlie]), [SORT]: echo([alpha, bravo, charlie]) });
    const view = renderDashboard();
    await waitFor(() => expect(tileNames()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    const tiles = screen.getAllByTestId('quick-launch-tile');
    const handle = view.container.querySelector('[data-testid="quick-launch-tile"] [draggable="true"]')!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(tiles[2]!, { dataTransfer });
    fireEvent.drop(tiles[2]!, { dataTransfer });
    await waitFor(() => expect(tileNames()).toEqual(['Bravo', 'Charlie', 'Alpha']));
    await waitFor(() =>
      expect(bodyOf(calls, 'PATCH', Q.sortUpdate)).toEqual([
        { kind: 'quicklaunch', ids: ['a-2', 'a-3', 'a-1'] },
      ]),
    );
  });

  it('removes a tile by saving the list without it', async () => {
    const calls = mockFetch({ [GET]: ok([alpha, bravo, charlie]), [SET]: echo([alpha, bravo, charlie]) });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bravo from quick launch' }));
    await waitFor(() => expect(tileNames()).toEqual(['Alpha', 'Charlie']));
    expect(await screen.findByText('Bravo removed from quick launch')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', Q.set)).toEqual([{ moduleIds: ['a-1', 'a-3'] }]);
  });

  it('adds apps from the dialog: paged and searched by the server, 500 ms after typing', async () => {
    const delta = app('a-4', 'Delta', { category_name: 'Finance', module_description: 'Expenses' });
    const sent: Array<{ body: Record<string, unknown>; at: number }> = [];
    const calls = mockFetch({
      [GET]: ok([alpha]),
      [APPS]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as Record<string, unknown>;
        sent.push({ body, at: Date.now() });
        return ok(
          body.search === 'del'
            ? appsPage([delta])
            : appsPage([app('a-1', 'Alpha', { in_quick_launch: true }), delta], 25),
        );
      },
      [SET]: echo([alpha, tile('a-4', 'Delta')]),
    });
    renderDashboard();
    await waitFor(() => expect(tileNames()).toEqual(['Alpha']));
    fireEvent.click(screen.getByRole('button', { name: /Add apps/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Expenses')).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      page: 1,
      length: 10,
      orders: [{ column: 'display_name', dir: 'asc' }],
      search: '',
    });
    expect(within(dialog).getByText('Apps: 25')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Alpha is in quick launch' }).hasAttribute('disabled'),
    ).toBe(true);

    const typedAt = Date.now();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search apps to add' }), {
      target: { value: 'del' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent.some((entry) => entry.body.search === 'del')).toBe(false);
    await waitFor(() => expect(sent.some((entry) => entry.body.search === 'del')).toBe(true));
    expect(sent.find((entry) => entry.body.search === 'del')!.at - typedAt).toBeGreaterThanOrEqual(450);

    // Special characters are refused before anything is sent.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search apps to add' }), {
      target: { value: 'de<l' },
    });
    expect(await within(dialog).findByText('Search value cannot contain special characters')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Delta' }));
    expect(await screen.findByText('Delta added to quick launch')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', Q.set)).toEqual([{ moduleIds: ['a-1', 'a-4'] }]);
    await waitFor(() => expect(tileNames()).toEqual(['Alpha', 'Delta']));
  });

  it('shows why the server refused an app', async () => {
    mockFetch({
      [GET]: ok([]),
      [APPS]: ok(appsPage([app('a-4', 'Delta')])),
      [SET]: {
        status: 400,
        body: {
          success: false,
          message: 'This app cannot be added to quick launch.',
          data: { key: 'quickLaunch.appNotAvailable', params: {} },
        },
      },
    });
    renderDashboard();
    // The empty state offers the dialog too.
    await screen.findByText('No apps in quick launch yet. Add the apps you use most to open them from here.');
    const buttons = screen.getAllByRole('button', { name: /Add apps/ });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Delta' }));
    expect(await screen.findByText('This app cannot be added to quick launch.')).toBeTruthy();
    await waitFor(() => expect(tileNames()).toEqual([]));
  });
});
