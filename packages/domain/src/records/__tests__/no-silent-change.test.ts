// Issue 22 item 2: what people type is stored as typed or refused with a message at the field, on
// every path (item editor, server save, CSV import share normaliseRecordValues and checkFieldValue).
import { describe, expect, it } from 'vitest';
import { START_ACTIVITY_ID } from '../../constants.ts';
import { createField, type FieldType, type FormField } from '../../forms/field-catalogue.ts';
import type { PayloadField } from '../../forms/form-model.ts';
import { decimalsOf, formatStored, fromDisplay, parseLocaleNumber, toDisplay } from '../number-format.ts';
import { checkFieldValue, coerceFieldValue, normaliseRecordValues } from '../record-values.ts';

function field(type: FieldType, name: string, extra: Partial<FormField> = {}): PayloadField {
  return {
    ...createField(type, `id-${name}`, name),
    ...extra,
    displayName: name,
    label: name,
    editorType: type,
    rowIndex: 0,
    columnIndex: 0,
    isTable: false,
  };
}

function save(fields: PayloadField[], input: Record<string, unknown>) {
  const definition = {
    fieldGroups: [
      {
        displayName: 'main',
        sectionIndex: 0,
        name: 'main',
        orderIndex: 0,
        isTable: false,
        minimumRowCount: 0,
        maximumRowCount: 0,
        fields,
      },
    ],
    permission: [],
  };
  return normaliseRecordValues(definition, input, {
    activityId: START_ACTIVITY_ID,
    now: new Date('2026-11-22T10:00:00.000Z'),
    mode: 'submit',
  });
}

describe('no silent change of typed numbers', () => {
  it('keeps 42.5 in a new Number field, in every format', () => {
    for (const format of ['None', 'Thousands', 'Currency'] as const) {
      const amount = field('number', 'amount', { format });
      expect(save([amount], { amount: '42.5' })).toEqual({ values: { amount: 42.5 }, problems: [] });
      expect(save([amount], { amount: 42.5 })).toEqual({ values: { amount: 42.5 }, problems: [] });
      expect(save([amount], { amount: '1.234,567' }).values).toEqual({ amount: 1234.567 });
    }
    const rate = field('number', 'rate', { format: 'Percentage' });
    expect(save([rate], { rate: 0.425 })).toEqual({ values: { rate: 0.425 }, problems: [] });
  });

  it('refuses more decimals than the field allows, with a message at the field', () => {
    const whole = field('number', 'qty', { decimalPlaces: 0 });
    expect(save([whole], { qty: '42.5' })).toEqual({
      values: { qty: 42.5 },
      problems: [{ field: 'qty', message: 'Enter a whole number' }],
    });
    expect(save([whole], { qty: 43 }).problems).toEqual([]);
    const cents = field('number', 'price', { format: 'Currency', decimalPlaces: 2 });
    expect(checkFieldValue(cents, 'number', 1.005)).toBe('Use at most 2 decimal places');
    expect(checkFieldValue(cents, 'number', 1.25)).toBeNull();
    // Binary fractions are counted as people write them: 0.1 + 0.2 has one decimal.
    expect(checkFieldValue(field('number', 'n', { decimalPlaces: 1 }), 'number', 0.1 + 0.2)).toBeNull();
  });

  it('counts a percentage’s decimals as shown (×100)', () => {
    const rate = field('number', 'rate', { format: 'Percentage', decimalPlaces: 1 });
    expect(checkFieldValue(rate, 'number', 0.125)).toBeNull(); // 12.5 %
    expect(checkFieldValue(rate, 'number', 0.1255)).toBe('Use at most 1 decimal places');
    expect(
      checkFieldValue(field('number', 'r', { format: 'Percentage', decimalPlaces: 0 }), 'number', 0.07),
    ).toBeNull();
  });

  it('round-trips percentages without floating-point residue', () => {
    for (let hundredths = -10_000; hundredths <= 10_000; hundredths += 7) {
      const shown = hundredths / 100; // -100.00 … 100.00 as typed
      const stored = fromDisplay(shown, 'Percentage');
      expect(toDisplay(stored, 'Percentage')).toBe(shown);
      expect(decimalsOf(toDisplay(stored, 'Percentage'))).toBe(decimalsOf(shown));
    }
    expect(fromDisplay(7, 'Percentage')).toBe(0.07);
    expect(toDisplay(0.07, 'Percentage')).toBe(7);
    expect(toDisplay(0.011, 'Percentage')).toBe(1.1);
    expect(fromDisplay(parseLocaleNumber('12,5')!, 'Percentage')).toBe(0.125);
  });

  it('never rounds a typed value away when showing it; computed values round', () => {
    expect(formatStored(42.5, 'None', 0, true)).toBe('42.5');
    expect(formatStored(42.5, 'None', 0)).toBe('43');
    expect(formatStored(1234.5, 'Currency', undefined, true)).toBe('1,234.50');
    expect(formatStored(1234.567, 'Currency', undefined, true)).toBe('1,234.567');
    expect(formatStored(0.1255, 'Percentage', 1, true)).toBe('12.55%');
    expect(formatStored(1e-7, 'None', 2, true)).toBe('0.0000001');
  });

  it('counts decimal places as written', () => {
    expect([
      decimalsOf(42),
      decimalsOf(42.5),
      decimalsOf(-0.125),
      decimalsOf(1e-7),
      decimalsOf(1e21),
    ]).toEqual([0, 1, 3, 7, 0]);
    expect(decimalsOf(1.1 * 3)).toBe(1); // 3.3000000000000003 is 3.3 to 15 digits
  });
});

describe('no silent change in the other controls', () => {
  it('refuses a slider value off its grid instead of snapping it', () => {
    const slider = field('slider', 'level', { minValue: 0, maxValue: 100, intervalSize: 5 });
    expect(checkFieldValue(slider, 'slider', 35)).toBeNull();
    expect(checkFieldValue(slider, 'slider', 37)).toBe('Choose a value in steps of 5 from 0');
    expect(checkFieldValue(slider, 'slider', 105)).toBe('The value must be between 0 and 100');
    expect(save([slider], { level: '37' })).toEqual({
      values: { level: 37 },
      problems: [{ field: 'level', message: 'Choose a value in steps of 5 from 0' }],
    });
    const fine = field('slider', 'fine', { minValue: 0.1, maxValue: 1, intervalSize: 0.1 });
    expect(checkFieldValue(fine, 'slider', 0.1 + 0.2)).toBeNull();
    expect(checkFieldValue(fine, 'slider', 0.7)).toBeNull();
    expect(checkFieldValue(fine, 'slider', 0.75)).toBe('Choose a value in steps of 0.1 from 0.1');
  });

  it('stores a date as the calendar date written, whatever the offset a time carries', () => {
    const day = field('date', 'day');
    expect(coerceFieldValue(day, 'date', '2026-03-01')).toEqual({ ok: true, value: '2026-03-01' });
    // Late evening in Honolulu and early morning in Kiritimati name their own day, not UTC's.
    expect(coerceFieldValue(day, 'date', '2026-03-01T23:30:00-10:00')).toEqual({
      ok: true,
      value: '2026-03-01',
    });
    expect(coerceFieldValue(day, 'date', '2026-03-01T00:30:00+14:00')).toEqual({
      ok: true,
      value: '2026-03-01',
    });
  });

  it('round-trips a date-time as its instant, from any offset', () => {
    const at = field('datetime', 'at');
    for (const text of [
      '2026-03-29T01:30:00+01:00',
      '2026-03-01T23:30:00-10:00',
      '2026-03-01T00:30:00+14:00',
      '2026-11-01T01:30:00.123-05:00',
    ]) {
      const coerced = coerceFieldValue(at, 'datetime', text);
      expect(coerced).toEqual({ ok: true, value: new Date(text).toISOString() });
      const again = coerceFieldValue(at, 'datetime', (coerced as { value: string }).value);
      expect(again).toEqual(coerced);
    }
  });
});
