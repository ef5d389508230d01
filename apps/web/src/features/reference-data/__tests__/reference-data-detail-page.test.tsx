import { REFERENCE_DATA_PATHS as P, type ReferenceListDetail } from '@formloop/contracts';
import { configure, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { fieldFailure, fruitDetail, renderReferencePages } from './reference-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// These pages render big antd tables of inputs; on a busy two-core machine a step can take seconds.
const defaultWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultWait }));

const DETAIL = `GET ${P.detail}`;
const SAVE = `POST ${P.save}`;
const CATEGORIES = `GET ${P.categoryList}`;

const values = () =>
  screen.queryAllByRole('textbox', { name: /^Value \d+$/ }).map((input) => (input as HTMLInputElement).value);

const detailWith = (list: string[], modified: string): ReferenceListDetail => ({
  ...fruitDetail,
  modified_at: modified,
  values: list.map((value, index) => ({
    row_id: `r-${value.toLowerCase()}`,
    value,
    data: {},
    order_index: index,
  })),
});

describe('reference data detail page', { timeout: 90_000 }, () => {
  it('adds rows and reorders them with the arrow buttons and by dragging', async () => {
    mockFetch({ [DETAIL]: ok(fruitDetail), [CATEGORIES]: ok([]) });
    renderReferencePages('/referencedata/l-fruit');
    await waitFor(() => expect(values()).toEqual(['Apple', 'Banana', 'Cherry']));
    expect(screen.queryByTestId('unsaved-marker')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Add row/ }));
    const fourth = await screen.findByRole('textbox', { name: 'Value 4' });
    fireEvent.change(fourth, { target: { value: 'Date' } });
    expect(await screen.findByTestId('unsaved-marker')).toBeTruthy();

    // Keyboard: Cherry one up.
    fireEvent.click(screen.getByRole('button', { name: 'Move Cherry up' }));
    expect(values()).toEqual(['Apple', 'Cherry', 'Banana', 'Date']);
    expect((screen.getByRole('button', { name: 'Move Apple up' }) as HTMLButtonElement).disabled).toBe(true);

    // Drag: Date (row 3) onto the first row.
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTestId('drag-handle-3'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('value-row-0'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('value-row-0'), { dataTransfer });
    expect(values()).toEqual(['Date', 'Apple', 'Cherry', 'Banana']);
  });

  it('saves the values in their new order in one call and shows what was stored', async () => {
    let stored = fruitDetail;
    const calls = mockFetch({
      [DETAIL]: () => ok(stored),
      [CATEGORIES]: ok([{ id: 'c-food', category_name: 'Food' }]),
      [SAVE]: (call) => {
        const body = JSON.parse(call.body ?? '{}') as { values: Array<{ value: string }> };
        stored = detailWith(
          body.values.map((entry) => entry.value),
          '2026-03-02T00:00:00.000Z',
        );
        return ok({ record_id: 'l-fruit' }, 'Reference data has been saved');
      },
    });
    renderReferencePages('/referencedata/l-fruit');
    await waitFor(() => expect(values()).toEqual(['Apple', 'Banana', 'Cherry']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Cherry up' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 1' }), { target: { value: 'Apricot' } });
    expect(await screen.findByTestId('unsaved-marker')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Reference data has been saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      id: 'l-fruit',
      key_name: 'Fruit',
      categories: 'Food',
      description: 'Sweet things',
      values: [
        { row_id: 'r-apple', value: 'Apricot' },
        { row_id: 'r-cherry', value: 'Cherry' },
        { row_id: 'r-banana', value: 'Banana' },
      ],
    });
    // The stored list comes back; nothing is unsaved any more.
    await waitFor(() => expect(screen.queryByTestId('unsaved-marker')).toBeNull());
    expect(values()).toEqual(['Apricot', 'Cherry', 'Banana']);
  });

  it('adds many pasted lines at the end, skipping values already in the list', async () => {
    mockFetch({ [DETAIL]: ok(fruitDetail), [CATEGORIES]: ok([]) });
    renderReferencePages('/referencedata/l-fruit');
    await waitFor(() => expect(values()).toEqual(['Apple', 'Banana', 'Cherry']));
    fireEvent.change(screen.getByLabelText('Paste many values, one per line'), {
      target: { value: 'Elderberry\n\nfig\nAPPLE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add these lines (3)' }));
    expect(await screen.findByText('Added 2 values; 1 already in the list were skipped.')).toBeTruthy();
    expect(values()).toEqual(['Apple', 'Banana', 'Cherry', 'Elderberry', 'fig']);

    expect(screen.getByTestId('unsaved-marker')).toBeTruthy();
  });

  it('checks values before saving and shows server field errors on their fields', async () => {
    const calls = mockFetch({
      [DETAIL]: ok(fruitDetail),
      [CATEGORIES]: ok([]),
      [SAVE]: fieldFailure(409, 'A reference data list with this key name already exists.', []),
    });
    renderReferencePages('/referencedata/l-fruit');
    await waitFor(() => expect(values()).toEqual(['Apple', 'Banana', 'Cherry']));
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 3' }), { target: { value: 'apple' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('The value "apple" appears more than once in the list.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Value 3' }), { target: { value: 'Cherry' } });
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Sizes' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    const messages = await screen.findAllByText('A reference data list with this key name already exists.');
    expect(messages.length).toBeGreaterThan(0);
    expect(
      Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent),
    ).toEqual(['A reference data list with this key name already exists.']);
  });

  it('creates a new list and moves to its address', async () => {
    const calls = mockFetch({
      [CATEGORIES]: ok([]),
      [SAVE]: ok({ record_id: 'l-new' }, 'Reference data has been saved'),
      [DETAIL]: ok({ ...fruitDetail, id: 'l-new', key_name: 'Colours', categories: '', description: '' }),
    });
    const router = renderReferencePages('/referencedata/new');
    expect(await screen.findByText('New reference data list')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Colours' } });
    fireEvent.change(screen.getByLabelText('Paste many values, one per line'), {
      target: { value: 'Red\nGreen' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add these lines (2)' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referencedata/l-new'));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      key_name: 'Colours',
      categories: '',
      description: '',
      values: [{ value: 'Red' }, { value: 'Green' }],
    });
    // No leave confirmation stood in the way.
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockFetch({ [DETAIL]: ok(fruitDetail), [CATEGORIES]: ok([]), [`GET ${P.list}`]: ok([]) });
    const router = renderReferencePages('/referencedata/l-fruit');
    await waitFor(() => expect(values()).toEqual(['Apple', 'Banana', 'Cherry']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Banana' }));
    expect(values()).toEqual(['Apple', 'Cherry']);
    fireEvent.click(screen.getByRole('link', { name: /Back to reference data/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/referencedata/l-fruit');
    fireEvent.click(screen.getByRole('link', { name: /Back to reference data/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referencedata'));
  });

  it('shows not found for an unknown list', async () => {
    mockFetch({ [CATEGORIES]: ok([]) });
    renderReferencePages('/referencedata/l-missing');
    expect(await screen.findByTestId('reference-not-found')).toBeTruthy();
  });
});
