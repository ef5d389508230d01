// Issue 22 item 2: a control stores what people type or says at the field why it cannot.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { instantToWallClock, wallClockToInstant } from '../controls/date-controls.tsx';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

const zoneBefore = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = zoneBefore;
});

const input = async (label: string) =>
  (await screen.findByLabelText(label, undefined, { timeout: 15_000 })) as HTMLInputElement;

describe('no silent change at the controls', { timeout: 60_000 }, () => {
  it('keeps 42.5 in a new Number field, Currency too, and shows every typed digit', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('number', 'amount', 'Amount'),
            payloadField('number', 'price', 'Price', { format: 'Currency' }),
            payloadField('number', 'rate', 'Rate', { format: 'Percentage' }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    const amount = await input('Amount');
    fireEvent.change(amount, { target: { value: '42.5' } });
    await waitFor(() => expect(seen.at(-1)?.amount).toBe(42.5));
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.value).toBe('42.5'));

    const price = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '1.234,567' } });
    await waitFor(() => expect(seen.at(-1)?.price).toBe(1234.567));
    fireEvent.blur(price);
    await waitFor(() => expect(price.value).toBe('1,234.567'));
    fireEvent.change(price, { target: { value: '19.9' } });
    fireEvent.blur(price);
    await waitFor(() => expect(price.value).toBe('19.90'));
    expect(seen.at(-1)?.price).toBe(19.9);

    const rate = screen.getByLabelText('Rate') as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '7' } });
    await waitFor(() => expect(seen.at(-1)?.rate).toBe(0.07));
    fireEvent.change(rate, { target: { value: '1.1' } });
    await waitFor(() => expect(seen.at(-1)?.rate).toBe(0.011));
    fireEvent.blur(rate);
    await waitFor(() => expect(rate.value).toBe('1.1'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses more decimals than the field allows with a message at the field, keeping the text', async () => {
    mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'main',
          stacked([
            payloadField('number', 'qty', 'Quantity', { decimalPlaces: 0 }),
            payloadField('number', 'price', 'Price', { format: 'Currency', decimalPlaces: 2 }),
          ]),
        ),
      ]),
      onValues: (values) => seen.push(values),
    });
    const qty = await input('Quantity');
    fireEvent.change(qty, { target: { value: '42.5' } });
    await waitFor(() => expect(seen.at(-1)?.qty).toBe(42.5));
    fireEvent.blur(qty);
    expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    expect(qty.value).toBe('42.5');
    expect(qty.getAttribute('aria-invalid')).toBe('true');

    const price = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '9.999' } });
    fireEvent.blur(price);
    expect(await screen.findByText('Use at most 2 decimal places')).toBeTruthy();
    expect(price.value).toBe('9.999');
    expect(seen.at(-1)?.price).toBe(9.999);

    fireEvent.change(qty, { target: { value: '43' } });
    await waitFor(() => expect(screen.queryByText('Enter a whole number')).toBeNull());
  });

  it('shows a slider value off its grid as it is, with the reason, instead of snapping it', async () => {
    mockFetch({});
    const definition = definitionOf([
      payloadGroup('main', [
        payloadField('slider', 'level', 'Level', { minValue: 0, maxValue: 100, intervalSize: 5 }),
      ]),
    ]);
    const { container } = renderForm({ definition, initial: { level: 37 }, showAllErrors: true });
    await screen.findByRole('slider', { name: 'Level' }, { timeout: 15_000 });
    expect(container.querySelector('output')?.textContent).toBe('37');
    expect(await screen.findByText('Choose a value in steps of 5 from 0')).toBeTruthy();
  });

  it('stores the calendar date picked, whatever the browser’s time zone', async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Honolulu', 'Asia/Kolkata']) {
      process.env.TZ = zone;
      mockFetch({});
      const seen: Record<string, unknown>[] = [];
      const { unmount } = renderForm({
        definition: definitionOf([payloadGroup('main', [payloadField('date', 'day', 'Day')])]),
        onValues: (values) => seen.push(values),
      });
      const day = await input('Day');
      fireEvent.mouseDown(day);
      fireEvent.focus(day);
      fireEvent.change(day, { target: { value: '2026-03-15' } });
      fireEvent.keyDown(day, { key: 'Enter', keyCode: 13 });
      await waitFor(() => expect(seen.at(-1)?.day).toBe('2026-03-15'));
      unmount();
    }
  });

  it('round-trips a date-time through the picker’s wall clock in any zone, across DST', () => {
    const instants = [
      '2026-03-29T00:30:00.000Z', // the hour Europe/London springs forward
      '2026-10-25T00:30:00.000Z', // the first 01:30 of London's repeated hour
      '2026-03-01T09:45:00.000Z',
      '2026-12-31T23:59:59.000Z',
    ];
    for (const zone of ['Europe/London', 'Pacific/Kiritimati', 'America/St_Johns', 'Asia/Kathmandu', 'UTC']) {
      for (const instant of instants) {
        const shown = instantToWallClock(instant, zone);
        expect(shown?.isValid()).toBe(true);
        // Untouched, the stored instant stays; picked afresh, the same reading names the same instant
        // except in a repeated hour, where the earlier one is meant.
        expect(wallClockToInstant(shown!, zone, instant)).toBe(instant);
        if (!(zone === 'Europe/London' && instant.startsWith('2026-10-25'))) {
          expect(wallClockToInstant(shown!, zone)).toBe(instant);
        }
      }
    }
    const repeated = instantToWallClock('2026-10-25T01:30:00.000Z', 'Europe/London')!;
    expect(repeated.format('HH:mm')).toBe('01:30');
    expect(wallClockToInstant(repeated, 'Europe/London', '2026-10-25T01:30:00.000Z')).toBe(
      '2026-10-25T01:30:00.000Z',
    );
    expect(wallClockToInstant(repeated, 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    // A millisecond-precise stored instant is not cut to the second while untouched.
    const precise = '2026-03-01T09:45:00.123Z';
    expect(wallClockToInstant(instantToWallClock(precise, 'Asia/Tokyo')!, 'Asia/Tokyo', precise)).toBe(
      precise,
    );
    expect(instantToWallClock('2026-03-01T09:45:00.000Z', 'Asia/Kathmandu')?.format('HH:mm')).toBe('15:30');
    expect(dayjs.isDayjs(instantToWallClock('2026-03-01T09:45:00.000Z', 'UTC'))).toBe(true);
  });
});
