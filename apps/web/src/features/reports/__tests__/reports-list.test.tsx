import { reportDeletePath, reportFavouritePath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesOf, choose, listItem, renderReports, reportTable, TABLE, TOAST } from './report-fixtures.tsx';
import { REPORT_PATHS } from '@formloop/contracts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const mine = listItem('r-1', 'Sales by region', { description: 'Monthly' });
const theirs = listItem('r-2', 'Team load', { isMine: false, ownerName: 'Bo Boss', isFavourite: true });

describe('reports list', { timeout: 120_000 }, () => {
  it('asks the server for the page, scope, category and search, and links to viewer and designer', async () => {
    const calls = mockFetch({ [TABLE]: ok(reportTable([mine, theirs], ['Sales', 'Ops'])) });
    const view = renderReports('/reports');
    const link = await screen.findByRole('link', { name: 'Sales by region' });
    expect(link.getAttribute('href')).toBe('/report-viewer?id=r-1');
    expect(bodiesOf(calls, REPORT_PATHS.datatables)[0]).toEqual({
      page: 1,
      length: 10,
      orders: [{ column: 'modified_on', dir: 'desc' }],
      search: '',
      scope: 'all',
    });
    // Edit and delete are the owner's; anyone may copy.
    expect(screen.getByRole('link', { name: 'Edit Sales by region' }).getAttribute('href')).toBe(
      '/report-designer?id=r-1',
    );
    expect(screen.queryByRole('link', { name: 'Edit Team load' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Team load' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Team load' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Shared with me' }));
    await waitFor(() => expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)?.scope).toBe('shared'));
    await choose('Category', 'Ops');
    await waitFor(() => expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)?.category).toBe('Ops'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search reports' }), { target: { value: 'sal' } });
    await waitFor(() =>
      expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)).toMatchObject({
        search: 'sal',
        scope: 'shared',
        category: 'Ops',
        page: 1,
      }),
    );
    fireEvent.click(screen.getAllByRole('columnheader', { name: /Report name/ })[0] as HTMLElement);
    await waitFor(() =>
      expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)?.orders).toEqual([
        { column: 'name', dir: 'asc' },
      ]),
    );
    expect(view.container.textContent).toContain('Reports: 2');
  });

  it('stars a favourite, copies, and deletes an own report after confirming', async () => {
    const calls = mockFetch({
      [TABLE]: ok(reportTable([mine, theirs])),
      [`PUT ${reportFavouritePath('r-1')}`]: ok({ ...mine, isFavourite: true }),
      [`POST /api/form/report/r-2/copy`]: ok({ ...theirs, id: 'r-3' }, 'The report has been copied.'),
      [`POST ${reportDeletePath('r-1')}`]: ok({ id: 'r-1' }, 'The report has been deleted.'),
    });
    renderReports('/reports');
    const star = await screen.findByRole('button', { name: 'Add Sales by region to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(
      screen.getByRole('button', { name: 'Remove Team load from favourites' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(star);
    await waitFor(() => expect(bodiesOf(calls, reportFavouritePath('r-1'))).toEqual([{ isFavourite: true }]));

    fireEvent.click(screen.getByRole('button', { name: 'Copy Team load' }));
    expect(await screen.findByText('The report has been copied.', {}, TOAST)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sales by region' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete the report Sales by region?')).toBeTruthy();
    expect(calls.some((call) => call.url === reportDeletePath('r-1'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The report has been deleted.', {}, TOAST)).toBeTruthy();
    expect(calls.filter((call) => call.url === reportDeletePath('r-1'))).toHaveLength(1);
  });

  it('shows the empty state with a way to make the first report', async () => {
    mockFetch({ [TABLE]: ok(reportTable([], [])) });
    const { router } = renderReports('/reports');
    expect(
      await screen.findByText('No reports yet. Design one to count, group and chart your records.'),
    ).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /New report/ });
    fireEvent.click(buttons.at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-designer'));
  });
});
