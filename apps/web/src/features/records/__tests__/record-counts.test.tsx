import { RECORDS_PATHS, type RecordSummary } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import {
  SUMMARY,
  TABLE,
  bodiesOf,
  cellTexts,
  mockPage,
  patientQueries,
  renderPage,
  row,
  summary,
  table,
} from './record-fixtures.tsx';

// Counts past the server's exact limit are the planner's estimate: the list and the summary say
// "about N" and offer the exact figure, asked once with exactCount.

afterEach(() => {
  vi.unstubAllGlobals();
});
patientQueries();

/** A reply held until `release` is called, to see the loading state. */
function held<T>(reply: T) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await released, reply), release: () => release() };
}

const tableBodies = (calls: RecordedCall[]) => bodiesOf(calls, RECORDS_PATHS.datatables);
const totalText = () => screen.getByTestId('record-total').textContent ?? '';

describe('estimated counts', { timeout: 120_000 }, () => {
  it('the list says "about N" and counts exactly when asked, once for its search and filters', async () => {
    const exact = held(ok(table([row('r-1', { customer: 'Acme' })], 123_456, 123_456, false)));
    const calls = mockPage({
      [TABLE]: (call) =>
        JSON.parse(call.body ?? '{}').exactCount
          ? exact.answer()
          : ok(table([row('r-1', { customer: 'Acme' })], 250_000, 250_000, true)),
    });
    renderPage();
    await waitFor(() => expect(cellTexts()[0]).toContain('Acme'));
    expect(totalText()).toContain('About 250,000 entries');
    expect(tableBodies(calls).every((body) => body.exactCount === undefined)).toBe(true);

    const button = screen.getByRole('button', { name: 'Count the entries exactly' });
    // A real button: reached with Tab, pressed with Enter or Space.
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('tabindex')).not.toBe('-1');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toContain('Counting…');
    // Meanwhile the estimate stays on screen.
    expect(totalText()).toContain('About 250,000 entries');
    const asked = tableBodies(calls).filter((body) => body.exactCount === true);
    expect(asked).toEqual([
      expect.objectContaining({ page: 1, columns: [], search: '', filters: [], exactCount: true }),
    ]);

    exact.release();
    await waitFor(() => expect(totalText()).toContain('Entries: 123,456'));
    expect(totalText()).not.toContain('About');
    expect(screen.queryByRole('button', { name: 'Count the entries exactly' })).toBeNull();

    // Another page of the same list shows the exact figure without counting again.
    const before = calls.length;
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(tableBodies(calls.slice(before))).toHaveLength(1));
    expect(tableBodies(calls.slice(before))[0]).toMatchObject({ page: 2 });
    expect(tableBodies(calls.slice(before))[0]!.exactCount).toBeUndefined();
    expect(totalText()).toContain('Entries: 123,456');
  });

  it('the list says so when the exact count took too long, and may ask again', async () => {
    const calls = mockPage({ [TABLE]: ok(table([row('r-1', { customer: 'Acme' })], 90_000, 90_000, true)) });
    renderPage();
    await waitFor(() => expect(totalText()).toContain('About 90,000 entries'));
    fireEvent.click(screen.getByRole('button', { name: 'Count the entries exactly' }));
    expect(await screen.findByText('Counting took too long; the figure is still an estimate.')).toBeTruthy();
    expect(totalText()).toContain('About 90,000 entries');
    const exactAsks = () => tableBodies(calls).filter((body) => body.exactCount === true).length;
    expect(exactAsks()).toBe(1);
    // antd's Button ends its loading state in an effect after the render that shows the word, and
    // ignores clicks until then: wait for it as a user would see the spinner go.
    const again = screen.getByRole('button', { name: 'Count the entries exactly' });
    await waitFor(() => expect(again.className).not.toContain('ant-btn-loading'));
    fireEvent.click(again);
    await waitFor(() => expect(exactAsks()).toBe(2));
  });

  it('the summary says "about N" for the figures that are estimates and counts them exactly when asked', async () => {
    const estimated: RecordSummary = {
      total: 1_250_000,
      countIsEstimate: true,
      estimates: ['total', 'In Progress'],
      byStatus: { 'In Progress': 600_000, Completed: 12, Faulted: 1 },
      drafts: 4,
    };
    const counted: RecordSummary = {
      total: 1_234_567,
      countIsEstimate: false,
      estimates: [],
      byStatus: { 'In Progress': 611_111, Completed: 12, Faulted: 1 },
      drafts: 4,
    };
    const exact = held(ok(counted));
    const calls = mockPage({
      [SUMMARY]: (call) => (call.url.includes('exactCount=true') ? exact.answer() : ok(estimated)),
    });
    renderPage();
    const cards = await screen.findByTestId('record-summary');
    expect(within(cards).getByTestId('summary-total').textContent).toContain('about 1,250,000');
    expect(within(cards).getByTestId('summary-inProgress').textContent).toContain('about 600,000');
    expect(within(cards).getByTestId('summary-completed').textContent).not.toContain('about');
    expect(screen.getByTestId('summary-estimated').textContent).toContain(
      'Figures shown as “about” are estimates.',
    );

    const button = screen.getByRole('button', { name: 'Count the summary figures exactly' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(calls.filter((call) => call.url.includes('exactCount=true'))).toHaveLength(1);
    exact.release();
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toContain('1,234,567'));
    expect(screen.getByTestId('summary-total').textContent).not.toContain('about');
    expect(screen.getByTestId('summary-inProgress').textContent).toContain('611,111');
    expect(screen.queryByTestId('summary-estimated')).toBeNull();
  });

  it('exact counts offer nothing more', async () => {
    mockPage({ [SUMMARY]: ok(summary) });
    renderPage();
    await waitFor(() => expect(cellTexts()[0]).toContain('Acme'));
    expect(totalText()).toContain('Entries: 1');
    expect(screen.queryByTestId('count-exactly')).toBeNull();
    expect(screen.queryByTestId('summary-estimated')).toBeNull();
  });
});
