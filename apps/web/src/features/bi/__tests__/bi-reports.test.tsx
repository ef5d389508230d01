import { REPORT_PATHS, reportCopyPath, reportDeletePath, reportFavouritePath } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesOf, listItem, question, questionTable, renderBi, TABLE, TOAST } from './bi-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const mine = listItem('q-1', 'Invoices by region', { description: 'Monthly' });
const theirs = listItem('q-2', 'Team load', { isMine: false, ownerName: 'Bo Boss', isFavourite: true });

describe('/bi-reports', { timeout: 120_000 }, () => {
  it('lists only BI questions, by collection and search, opening them in the builder', async () => {
    const calls = mockFetch({ [TABLE]: ok(questionTable([mine, theirs], ['Finance', 'Ops'])) });
    renderBi('/bi-reports');
    const link = await screen.findByRole('link', { name: 'Invoices by region' });
    expect(link.getAttribute('href')).toBe('/business-intelligence?id=q-1');
    expect(bodiesOf(calls, REPORT_PATHS.datatables)[0]).toMatchObject({ bi: true, page: 1, search: '' });
    expect(bodiesOf(calls, REPORT_PATHS.datatables)[0]).not.toHaveProperty('collection');
    expect(screen.queryByRole('button', { name: 'Delete Team load' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Team load' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('tab', { name: 'Finance' }));
    await waitFor(() =>
      expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)).toMatchObject({
        bi: true,
        collection: 'Finance',
      }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Search questions' }), { target: { value: 'inv' } });
    await waitFor(() =>
      expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)).toMatchObject({
        bi: true,
        collection: 'Finance',
        search: 'inv',
        page: 1,
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'All collections' }));
    await waitFor(() =>
      expect(bodiesOf(calls, REPORT_PATHS.datatables).at(-1)).not.toHaveProperty('collection'),
    );
  });

  it('stars, copies and deletes an own question after confirming', async () => {
    const calls = mockFetch({
      [TABLE]: ok(questionTable([mine, theirs])),
      [`PUT ${reportFavouritePath('q-1')}`]: ok(question({ isFavourite: true })),
      [`POST ${reportCopyPath('q-2')}`]: ok(question({ id: 'q-3' })),
      [`POST ${reportDeletePath('q-1')}`]: ok({ id: 'q-1' }),
    });
    renderBi('/bi-reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Invoices by region as a favourite' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')?.body ?? '{}')).toEqual({
      isFavourite: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy Team load' }));
    expect(await screen.findByText('The question has been copied.', {}, TOAST)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Invoices by region' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/q-1/delete'))).toBe(true));
  });

  it('shows an empty state that leads to the builder', async () => {
    mockFetch({ [TABLE]: ok(questionTable([])) });
    const { router } = renderBi('/bi-reports');
    const empty = await screen.findByTestId('bi-empty');
    fireEvent.click(empty.querySelector('button') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-intelligence'));
  });
});
