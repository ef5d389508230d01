import { REFERENCE_DATA_PATHS as P } from '@formloop/contracts';
import { configure, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { fieldFailure, renderReferencePages, summaries } from './reference-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// These pages render big antd tables of inputs; on a busy two-core machine a step can take seconds.
const defaultWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultWait }));

const LIST = `GET ${P.list}`;
const CATEGORIES = `GET ${P.categoryList}`;
const categories = ok([
  { id: 'c-food', category_name: 'Food' },
  { id: 'c-garden', category_name: 'Garden' },
]);

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent);

describe('reference data list page', { timeout: 90_000 }, () => {
  it('shows the lists with categories as tags, value counts and dates in the organization format', async () => {
    mockFetch({ [LIST]: ok(summaries), [CATEGORIES]: categories });
    renderReferencePages('/referencedata');
    await waitFor(() => expect(rowNames()).toEqual(['Fruit', 'Sizes']));
    const fruit = screen.getAllByRole('row')[1]!;
    expect(within(fruit).getByText('Food')).toBeTruthy();
    expect(within(fruit).getByText('Garden')).toBeTruthy();
    expect(within(fruit).getByText('3')).toBeTruthy();
    // Default organization format YYYY-MM-DD HH:mm:ss in UTC.
    expect(within(fruit).getByText('2026-03-01 10:00:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fruit' }).getAttribute('href')).toBe('/referencedata/l-fruit');
  });

  it('shows the empty state, and a load failure with a retry', async () => {
    mockFetch({ [LIST]: ok([]), [CATEGORIES]: categories });
    renderReferencePages('/referencedata');
    const empty = await screen.findByTestId('reference-empty');
    expect(within(empty).getByRole('button', { name: /New list/ })).toBeTruthy();
    expect(within(empty).getByRole('button', { name: /Import CSV/ })).toBeTruthy();
  });

  it('offers a retry when the lists cannot be loaded', async () => {
    const calls = mockFetch({ [LIST]: fail(500, 'boom'), [CATEGORIES]: categories });
    renderReferencePages('/referencedata');
    // The query retries three times (spec §8) before the page gives up.
    const title = await screen.findByText(
      'The reference data lists could not be loaded.',
      {},
      { timeout: 20_000 },
    );
    const alert = title.closest('[role="alert"]') as HTMLElement;
    const before = calls.filter((call) => call.url.startsWith(P.list)).length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith(P.list)).length).toBeGreaterThan(before),
    );
  });

  it('searches on the server after the typing settles, and refuses special characters', async () => {
    const calls = mockFetch({
      [LIST]: (call) => {
        const search = new URL(call.url, 'http://x').searchParams.get('search') ?? '';
        return ok(summaries.filter((list) => list.key_name.toLowerCase().includes(search.toLowerCase())));
      },
      [CATEGORIES]: categories,
    });
    renderReferencePages('/referencedata');
    await waitFor(() => expect(rowNames()).toEqual(['Fruit', 'Sizes']));
    const search = screen.getByRole('textbox', { name: 'Search lists' });
    fireEvent.change(search, { target: { value: 'siz' } });
    await waitFor(() => expect(rowNames()).toEqual(['Sizes']));
    expect(calls.some((call) => call.url === `${P.list}?search=siz`)).toBe(true);
    // Nothing was asked for while typing: one request per settled search.
    expect(calls.filter((call) => call.url.includes('search=')).length).toBe(1);

    fireEvent.change(search, { target: { value: 'a;b' } });
    expect(await screen.findByText('Search value cannot contain special characters')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.some((call) => call.url.includes('search=a%3Bb'))).toBe(false);
    expect(rowNames()).toEqual(['Sizes']);

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByTestId('reference-no-match')).toBeTruthy();
  });

  it('deletes a list only after confirmation, with the server message', async () => {
    const calls = mockFetch({
      [LIST]: ok(summaries),
      [CATEGORIES]: categories,
      [`POST ${P.delete}`]: ok({ id: 'l-sizes' }, 'Reference data has been deleted'),
    });
    renderReferencePages('/referencedata');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sizes' }));
    expect(await screen.findByText('Delete the list Sizes?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reference data has been deleted')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ id: 'l-sizes' });
  });

  it('says why a delete failed', async () => {
    mockFetch({
      [LIST]: ok(summaries),
      [CATEGORIES]: categories,
      [`POST ${P.delete}`]: fail(404, 'This reference data list does not exist.'),
    });
    renderReferencePages('/referencedata');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fruit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This reference data list does not exist.')).toBeTruthy();
  });
});

describe('CSV import', { timeout: 90_000 }, () => {
  const chooseFile = (content: string, name = 'colours.csv') => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
  };

  it('reads the file in the browser, imports it and shows how many rows came in', async () => {
    const calls = mockFetch({
      [LIST]: ok(summaries),
      [CATEGORIES]: categories,
      [`GET ${P.listDataset}`]: ok([]),
      [`POST ${P.import}`]: ok(
        { record_id: 'l-new', imported: 3, skipped: 1, columns: ['code'] },
        'Imported 3 rows; 1 duplicates skipped.',
      ),
    });
    renderReferencePages('/referencedata');
    await waitFor(() => expect(rowNames()).toEqual(['Fruit', 'Sizes']));
    fireEvent.click(screen.getByRole('button', { name: /Import CSV/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Key name'), { target: { value: 'Colours' } });
    chooseFile('value,code\nRed,R\nGreen,G\nBlue,B\nred,R');
    expect(await within(dialog).findByText('colours.csv')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toContain('Imported 3 rows; 1 duplicates skipped.');
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      mode: 'create',
      key_name: 'Colours',
      hasHeader: true,
      csv: 'value,code\nRed,R\nGreen,G\nBlue,B\nred,R',
    });
  });

  it('shows a refused file under the file field and imports into an existing list', async () => {
    const calls = mockFetch({
      [LIST]: ok(summaries),
      [CATEGORIES]: categories,
      [`GET ${P.listDataset}`]: ok([{ id: 'l-fruit', key_name: 'Fruit' }]),
      [`POST ${P.import}`]: fieldFailure(400, 'csv: Row 3 has no value in the first column.', [
        { field: 'csv', message: 'Row 3 has no value in the first column.' },
      ]),
    });
    renderReferencePages('/referencedata');
    fireEvent.click(await screen.findByRole('button', { name: /Import CSV/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Add to a list'));
    const select = await within(dialog).findByRole('combobox');
    // Without a list and a file nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose the list to import into.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Fruit'));
    chooseFile('value\nKiwi\n,x');
    expect(await within(dialog).findByText('colours.csv')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const messages = await screen.findAllByText('Row 3 has no value in the first column.');
    expect(messages.length).toBeGreaterThan(0);
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ mode: 'append', listId: 'l-fruit' });
  });
});
