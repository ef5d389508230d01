import { REFERENCE_DATA_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reference choices in a running app', { timeout: 60_000 }, () => {
  it('stores a dropdown’s value as text and a multi-select’s as a list of texts', async () => {
    const calls = mockFetch({
      // GetDataByKey is open to every signed-in user, so end users who are not builders get the list too.
      [`GET ${REFERENCE_DATA_PATHS.dataByKey}`]: ok([
        { row_id: 'r1', value: 'Red', order_index: 0 },
        { row_id: 'r2', value: 'Green', order_index: 1 },
      ]),
    });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      runtime: { moduleId: 'app-1' },
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('dropdown', 'colour', 'Colour', { listToUse: 'colours' }),
            payloadField('multi-select-reference', 'palette', 'Palette', { listToUse: 'colours' }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    fireEvent.mouseDown(await screen.findByLabelText('Colour', undefined, { timeout: 15_000 }));
    fireEvent.click(await screen.findByText('Green'));
    await waitFor(() => expect(seen.at(-1)?.colour).toBe('Green'));

    fireEvent.mouseDown(screen.getByLabelText('Palette'));
    await waitFor(() => expect(screen.getAllByText('Red').length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByText('Red').at(-1) as HTMLElement);
    await waitFor(() => expect(seen.at(-1)?.palette).toEqual(['Red']));
    // One list, asked for once: both fields share the cached answer.
    expect(calls.filter((call) => call.url.includes('key=colours'))).toHaveLength(1);
  });
});
