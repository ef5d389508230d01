import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { renderDashboard } from './dashboard-fixtures.tsx';
import {
  APP_ID,
  bodiesOf,
  CARD_CHART,
  CARD_COUNT,
  cardAnswer,
  dashboard,
  DRILL,
  handlers,
  SAVE,
  STATE,
} from './dashboards-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 15_000 };

/** Opens a select and picks an option (repeats the mouse-down until the list is open). */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await waitFor(() => {
    if (select.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(select);
    expect(select.getAttribute('aria-expanded')).toBe('true');
  });
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options.at(-1) as HTMLElement);
}

const filterValuesSent = (calls: RecordedCall[], key: string) =>
  bodiesOf(calls, key).map((body) => body.filterValues);

describe('dashboards on /dashboard', { timeout: 60_000 }, () => {
  it('opens the default dashboard with its number, chart and text cards', async () => {
    const calls = mockFetch(handlers(dashboard(), 'd-1'));
    const { router } = renderDashboard();
    expect(await screen.findByTestId('dashboard-name', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('dashboard-name').textContent).toBe('Orders overview');
    // The number card: its figure, the change against the period before, the target.
    const number = await screen.findByTestId('number-card', {}, SLOW);
    expect(number.textContent).toContain('8');
    expect(screen.getByTestId('number-change').textContent).toBe('+33.3 % against the previous period (6)');
    expect(screen.getByTestId('number-target').textContent).toBe('Target 10: 80 % reached');
    // The chart card's data as a table (its accessible fallback), and the hint to cross-filter.
    const table = await screen.findByTestId('card-chart-table', {}, SLOW);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Berlin', 'Paris', 'Rome']);
    expect(screen.getByText('Click a bar or slice to filter the dashboard by City.')).toBeTruthy();
    // Text cards are plain text: markup shows as typed, never as HTML.
    expect(screen.getByText('<b>Figures</b> are live.')).toBeTruthy();
    expect(document.querySelector('[data-testid="dashboard-page"] b')).toBeNull();
    expect(filterValuesSent(calls, CARD_COUNT)[0]).toEqual({});
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens the last changed dashboard when the viewer has no default, without making it theirs', async () => {
    const calls = mockFetch(handlers(dashboard(), null));
    const { router } = renderDashboard();
    expect(await screen.findByTestId('dashboard-name', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('dashboard-name').textContent).toBe('Orders overview');
    expect(await screen.findByTestId('number-card', {}, SLOW)).toBeTruthy();
    expect(bodiesOf(calls, STATE)).toEqual([]);
    expect(router.state.location.search).toBe('');
  });

  it('applies a changed filter to the cards and saves it as the viewer’s own', async () => {
    const calls = mockFetch(handlers(dashboard()));
    renderDashboard('/dashboard?id=d-1');
    await screen.findByTestId('number-card', {}, SLOW);
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Paris' } });
    await waitFor(() => expect(filterValuesSent(calls, CARD_COUNT)).toContainEqual({ city: 'Paris' }), SLOW);
    await waitFor(
      () => expect(bodiesOf(calls, STATE)).toContainEqual({ filterValues: { city: 'Paris' } }),
      SLOW,
    );
    await waitFor(() => expect(screen.getByTestId('number-card').textContent).toContain('3'));
    // A day range goes as from / to.
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-23' } });
    await waitFor(
      () =>
        expect(filterValuesSent(calls, CARD_CHART)).toContainEqual({
          city: 'Paris',
          when: { from: '2026-03-23' },
        }),
      SLOW,
    );
    // Clear filters empties them all.
    fireEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(bodiesOf(calls, STATE).at(-1)).toEqual({ filterValues: {} }), SLOW);
  });

  it('says when a card ran out of time, and runs it again on retry', async () => {
    let slow = true;
    mockFetch({
      ...handlers(dashboard()),
      [CARD_COUNT]: (call) =>
        slow
          ? {
              status: 503,
              body: {
                success: false,
                message: 'This report took too long to run. Narrow its filters and try again.',
                data: { key: 'reports.timedOut', params: {} },
              },
            }
          : cardAnswer(call),
    });
    renderDashboard('/dashboard?id=d-1');
    expect(
      await screen.findByText(
        'This report took too long to run. Narrow its filters and try again.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    slow = false;
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByTestId('number-card', {}, SLOW)).toBeTruthy();
  });

  it('sets the dashboard filter from a chart segment (cross-filtering)', async () => {
    const calls = mockFetch(handlers(dashboard()));
    renderDashboard('/dashboard?id=d-1');
    const table = await screen.findByTestId('card-chart-table', {}, SLOW);
    fireEvent.click(within(table).getByRole('button', { name: 'Filter by Rome' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Rome'),
    );
    await waitFor(() => expect(filterValuesSent(calls, CARD_COUNT)).toContainEqual({ city: 'Rome' }), SLOW);
  });

  it('drills from the number card to the records it counted', async () => {
    mockFetch(handlers(dashboard({ filterValues: { city: 'Paris' } })));
    const { router } = renderDashboard('/dashboard?id=d-1');
    await waitFor(() => expect(screen.getByTestId('number-card').textContent).toContain('3'), SLOW);
    fireEvent.click(screen.getByTestId('number-card'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/module/${APP_ID}`));
    const filters = JSON.parse(new URLSearchParams(router.state.location.search).get('filters') ?? '[]');
    expect(filters).toEqual([
      { field: 'city', operator: 'eq', value: 'Paris', ignoreCase: false, matchesAll: false },
    ]);
    expect(await screen.findByText('record list page')).toBeTruthy();
  });

  it('drills from a chart segment through the report drill with the dashboard’s filters and the group keys', async () => {
    const drilled = [
      { field: 'amount', operator: 'gt', value: 0, ignoreCase: false, matchesAll: false },
      { field: 'city', operator: 'eq', value: 'Berlin', ignoreCase: false, matchesAll: false },
    ];
    const calls = mockFetch({
      ...handlers(dashboard({ filterValues: { city: 'Berlin' } })),
      [DRILL]: ok({ moduleId: APP_ID, filters: drilled }),
    });
    const { router } = renderDashboard('/dashboard?id=d-1');
    const table = await screen.findByTestId('card-chart-table', {}, SLOW);
    fireEvent.click(within(table).getByRole('button', { name: 'Records of Berlin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/module/${APP_ID}`));
    const [body] = bodiesOf(calls, DRILL);
    expect(body?.keys).toEqual(['Berlin']);
    // The card's own filter comes with its definition; only the dashboard's are added.
    expect(body?.filters).toEqual([
      { field: 'city', operator: 'eq', value: 'Berlin', ignoreCase: false, matchesAll: false },
    ]);
    expect((body?.definition as { groupBy: unknown }).groupBy).toEqual([{ field: 'city' }]);
    expect(JSON.parse(new URLSearchParams(router.state.location.search).get('filters') ?? '[]')).toEqual(
      drilled,
    );
  });

  it('edits the cards: adds a text card, renames and removes cards, and saves them', async () => {
    const calls = mockFetch({
      ...handlers(dashboard()),
      [SAVE]: (call) =>
        ok({ ...dashboard(), ...(JSON.parse(call.body ?? '{}') as object), modifiedOn: 'later' }),
    });
    renderDashboard('/dashboard?id=d-1');
    await screen.findByTestId('number-card', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title of Orders' }), {
      target: { value: 'All orders' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove By city' }));
    expect(screen.queryByRole('button', { name: 'Remove By city' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add card/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await choose('Card type', 'Text');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Read me' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Ship by Friday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: 'Remove Read me' })).toBeTruthy();
    // Keyboard moves: the new card trades places with the one before it.
    fireEvent.click(screen.getByRole('button', { name: 'Move Read me earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, SAVE)).toHaveLength(1));
    const [body] = bodiesOf(calls, SAVE) as [{ id: string; name: string; cards: Record<string, unknown>[] }];
    expect(body.id).toBe('d-1');
    expect(body.name).toBe('Orders overview');
    expect(body.cards.map((card) => [card.id, card.type, card.title])).toEqual([
      ['count', 'number', 'All orders'],
      ['note', 'text', 'Note'],
      ['card3', 'text', 'Read me'],
    ]);
    const added = body.cards[2] as { text: string; x: number; y: number };
    expect(added.text).toBe('Ship by Friday');
    // It went below every card, then one place earlier: where the note was.
    expect([added.x, added.y]).toEqual([9, 0]);
    await waitFor(() => expect(screen.queryByTestId('dashboard-settings')).toBeNull());
  });

  it('wires a dashboard filter to another field of a card, or to none, and saves it', async () => {
    const calls = mockFetch({
      ...handlers(dashboard()),
      [SAVE]: (call) =>
        ok({ ...dashboard(), ...(JSON.parse(call.body ?? '{}') as object), modifiedOn: 'later' }),
    });
    renderDashboard('/dashboard?id=d-1');
    await screen.findByTestId('number-card', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    // Every card with a query offers each filter: automatic by default.
    const city = await screen.findByLabelText('Field the filter City applies to on By city', {}, SLOW);
    expect(
      within(city.closest('.ant-select') as HTMLElement).getByText(/Its own field \(city\)/),
    ).toBeTruthy();
    await choose('Field the filter City applies to on By city', 'Not applied to this card');
    await choose('Field the filter Created applies to on Orders', 'Not applied to this card');
    await choose(
      'Field the filter Created applies to on Orders',
      'Its own field (created_on), when the app has it',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, SAVE)).toHaveLength(1));
    const [body] = bodiesOf(calls, SAVE) as [{ cards: Array<{ id: string; filterFields: object }> }];
    expect(body.cards.map((card) => [card.id, card.filterFields])).toEqual([
      ['count', {}],
      ['bycity', { city: null }],
      ['note', {}],
    ]);
  });

  it('refreshes on demand, becomes the default, and is deleted after confirming', async () => {
    const calls = mockFetch({
      ...handlers(dashboard()),
      [`POST /api/form/dashboard/d-1/delete`]: ok({ id: 'd-1' }, 'The dashboard has been deleted.'),
    });
    const { router } = renderDashboard('/dashboard?id=d-1');
    await screen.findByTestId('number-card', {}, SLOW);
    const before = bodiesOf(calls, CARD_COUNT).length;
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(bodiesOf(calls, CARD_COUNT).length).toBeGreaterThan(before));
    fireEvent.click(screen.getByRole('button', { name: /Set as default/ }));
    await waitFor(() => expect(bodiesOf(calls, STATE)).toContainEqual({ isDefault: true }));
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }, SLOW));
    await waitFor(() => expect(router.state.location.search).toBe(''), SLOW);
    expect(calls.some((call) => call.url === '/api/form/dashboard/d-1/delete')).toBe(true);
  });

  it('lays the cards out in the grid on a wide screen, and keeps a card’s size when resized from the keyboard', async () => {
    const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
    try {
      const calls = mockFetch({
        ...handlers(dashboard()),
        [SAVE]: (call) => ok({ ...dashboard(), ...(JSON.parse(call.body ?? '{}') as object) }),
      });
      renderDashboard('/dashboard?id=d-1');
      await screen.findByTestId('number-card', {}, SLOW);
      expect(document.querySelectorAll('.react-grid-layout .react-grid-item')).toHaveLength(3);
      expect(screen.queryByTestId('dashboard-stack')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
      fireEvent.click(await screen.findByRole('button', { name: 'Make Orders wider' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(bodiesOf(calls, SAVE)).toHaveLength(1));
      const [body] = bodiesOf(calls, SAVE) as [{ cards: { id: string; w: number }[] }];
      expect(body.cards.find((card) => card.id === 'count')?.w).toBe(4);
    } finally {
      if (width) Object.defineProperty(HTMLElement.prototype, 'clientWidth', width);
      else delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    }
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch(handlers(dashboard()));
      renderDashboard('/dashboard?id=d-1');
      expect(await screen.findByRole('heading', { name: 'Ihre Dashboards' }, SLOW)).toBeTruthy();
      expect(await screen.findByRole('button', { name: /Aktualisieren/ }, SLOW)).toBeTruthy();
      expect(screen.getByRole('button', { name: /Filter zurücksetzen/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: /Als Standard festlegen/ })).toBeTruthy();
      expect(await screen.findByText('Daten als Tabelle anzeigen', {}, SLOW)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
