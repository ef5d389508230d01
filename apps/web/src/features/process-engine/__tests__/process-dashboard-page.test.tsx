import { PROCESS_ENGINE_PATHS as PE } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { ProcessDashboardPage } from '../pages/process-dashboard-page.tsx';
import { counts, dashboard, renderPage } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = () => renderPage(<ProcessDashboardPage />, '/process/dashboard');
const dashboardCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith(PE.dashboard)).map((call) => call.url);
const statValue = (key: string) =>
  within(screen.getByTestId(`stat-${key}`)).getByText(/^\d+$/, { selector: '.ant-statistic-content-value *' })
    .textContent;

describe('Process dashboard page', { timeout: 60_000 }, () => {
  it('shows the counts as statistic cards and draws both charts', async () => {
    const calls = mockFetch({ [`GET ${PE.dashboard}`]: ok(dashboard()) });
    page();
    await screen.findByTestId('stat-total');
    expect(statValue('total')).toBe('15');
    expect(statValue('Suspended')).toBe('4');
    expect(statValue('Finished')).toBe('9');
    expect(statValue('Faulted')).toBe('2');
    expect(statValue('Cancelled')).toBe('0');
    expect(within(screen.getByTestId('stat-Suspended')).getByText('Waiting')).toBeTruthy();
    expect(screen.getByText(/per day in the time zone Europe\/Berlin/)).toBeTruthy();
    // The charts load lazily, after the numbers.
    expect(await screen.findByTestId('status-chart', undefined, { timeout: 20_000 })).toBeTruthy();
    // Drawn as SVG: the legends name the statuses with instances and the three lines.
    const pie = within(screen.getByTestId('status-chart'));
    await waitFor(() => expect(pie.getByText('Waiting')).toBeTruthy());
    expect(pie.getByText('Finished')).toBeTruthy();
    expect(pie.getByText('Faulted')).toBeTruthy();
    expect(pie.queryByText('Cancelled')).toBeNull();
    const lines = within(screen.getByTestId('throughput-chart'));
    for (const name of ['Started', 'Completed', 'Faulted']) expect(lines.getByText(name)).toBeTruthy();
    expect(dashboardCalls(calls)).toEqual([`${PE.dashboard}?days=14`]);
  });

  it('asks for another period', async () => {
    const calls = mockFetch({ [`GET ${PE.dashboard}`]: ok(dashboard()) });
    page();
    await screen.findByTestId('stat-total');
    fireEvent.click(screen.getByText('30 days'));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)).toBe(`${PE.dashboard}?days=30`));
  });

  it('says so when there are no instances yet', async () => {
    mockFetch({ [`GET ${PE.dashboard}`]: ok(dashboard({ counts: counts(), throughput: [] })) });
    page();
    await screen.findByTestId('stat-total');
    expect(statValue('total')).toBe('0');
    expect(
      await screen.findByText('No workflow instances yet.', undefined, { timeout: 20_000 }),
    ).toBeTruthy();
  });

  it('shows a loading state, then a failure with Try again', async () => {
    let answer: () => ReturnType<typeof ok> = () =>
      fail(403, 'You do not have permission to access this resource.');
    let release: () => void = () => undefined;
    mockFetch({
      [`GET ${PE.dashboard}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(answer());
        }),
    });
    page();
    expect(await screen.findByTestId('dashboard-loading')).toBeTruthy();
    release();
    expect(await screen.findByText('The process dashboard could not be loaded.')).toBeTruthy();
    answer = () => ok(dashboard());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => release());
    expect(await screen.findByTestId('stat-total')).toBeTruthy();
  });
});
