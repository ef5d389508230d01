import { describe, expect, it } from 'vitest';
import {
  decimalsFor,
  formatShown,
  formatStored,
  fromDisplay,
  groupsThousands,
  parseLocaleNumber,
  toDisplay,
} from '../number-format.ts';

// Spec §5 number format: separators inferred from what is typed (comma/dot or dot/comma);
// percentages shown ×100 and stored /100.

describe('parseLocaleNumber', () => {
  it.each([
    // comma/dot style
    ['1,234.56', 1234.56],
    ['1,234,567.89', 1234567.89],
    ['1,234', 1234],
    ['12,345,678', 12345678],
    // dot/comma style
    ['1.234,56', 1234.56],
    ['1.234.567,89', 1234567.89],
    ['1.234.567', 1234567],
    ['1,5', 1.5],
    ['0,25', 0.25],
    // a single comma before other than three digits is the decimal comma
    ['1,2345', 1.2345],
    ['1,23', 1.23],
    // a single dot is always the decimal point (people type 1.234 meaning one point two three four)
    ['1.234', 1.234],
    ['1234.5', 1234.5],
    ['.5', 0.5],
    // plain, signs, exponents, spaces
    ['42', 42],
    [' 42 ', 42],
    ['+5', 5],
    ['1e3', 1000],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['1’234.5', 1234.5],
  ])('reads %j as %j', (text, expected) => {
    expect(parseLocaleNumber(text)).toBe(expected);
  });

  it.each([
    ['-12,5', -12.5],
    ['-1.234,56', -1234.56],
    ['-1,234.56', -1234.56],
    ['-0.5', -0.5],
    ['-0,5', -0.5],
  ])('reads the negative %j as %j', (text, expected) => {
    expect(parseLocaleNumber(text)).toBe(expected);
  });

  it.each([
    ['12 %', 12],
    ['12,5%', 12.5],
    ['-3.5 %', -3.5],
    ['$ 1,000', 1000],
    ['€ 1.234,50', 1234.5],
    ['1.234,50 €', 1234.5],
  ])('ignores percent and currency signs in %j', (text, expected) => {
    expect(parseLocaleNumber(text)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '-', '+', '.', ',', '%', '1-2', '1.2.3,4,5', '--5', 'e5', '1e'])(
    'refuses %j',
    (text) => {
      expect(parseLocaleNumber(text)).toBeNull();
    },
  );
});

describe('percentages', () => {
  it('are shown ×100 and stored /100 without float noise', () => {
    expect(toDisplay(0.07, 'Percentage')).toBe(7);
    expect(fromDisplay(7, 'Percentage')).toBe(0.07);
    expect(toDisplay(0.125, 'Percentage')).toBe(12.5);
    expect(fromDisplay(12.5, 'Percentage')).toBe(0.125);
    expect(toDisplay(-0.035, 'Percentage')).toBe(-3.5);
    expect(fromDisplay(-3.5, 'Percentage')).toBe(-0.035);
    expect(toDisplay(0, 'Percentage')).toBe(0);
    expect(fromDisplay(33.3, 'Percentage')).toBe(0.333);
  });

  it('round-trip what people type', () => {
    for (const typed of ['7', '12,5', '0.1', '99.99', '-3,5']) {
      const shown = parseLocaleNumber(typed);
      expect(shown).not.toBeNull();
      expect(toDisplay(fromDisplay(shown as number, 'Percentage'), 'Percentage')).toBe(shown);
    }
  });

  it('leave other formats alone', () => {
    expect(toDisplay(0.07, 'None')).toBe(0.07);
    expect(fromDisplay(7, 'Thousands')).toBe(7);
    expect(toDisplay(5, undefined)).toBe(5);
  });
});

describe('display', () => {
  it('groups thousands for Thousands and Currency only', () => {
    expect(groupsThousands('Thousands')).toBe(true);
    expect(groupsThousands('Currency')).toBe(true);
    expect(groupsThousands('None')).toBe(false);
    expect(groupsThousands('Percentage')).toBe(false);
  });

  it('takes the field’s decimal places, currency cents by default, at most 10', () => {
    expect(decimalsFor('Currency', undefined)).toBe(2);
    expect(decimalsFor('Currency', 0)).toBe(0);
    expect(decimalsFor('None', undefined)).toBeUndefined();
    expect(decimalsFor('None', 3)).toBe(3);
    expect(decimalsFor('None', 25)).toBe(10);
  });

  it('formats shown numbers', () => {
    expect(formatShown(1234567.891, 'Thousands', 2)).toBe('1,234,567.89');
    expect(formatShown(-1234567.5, 'Thousands', 1)).toBe('-1,234,567.5');
    expect(formatShown(1234.5, 'None')).toBe('1234.5');
    expect(formatShown(12.5, 'Percentage', 1)).toBe('12.5%');
    expect(formatShown(999, 'Currency', 2)).toBe('999.00');
  });

  it('formats stored numbers in their field’s format', () => {
    expect(formatStored(0.125, 'Percentage', 1)).toBe('12.5%');
    expect(formatStored(0.07, 'Percentage', undefined)).toBe('7%');
    expect(formatStored(1234.5, 'Currency', undefined)).toBe('1,234.50');
    expect(formatStored(-1234.5, 'Currency', undefined)).toBe('-1,234.50');
    expect(formatStored(1234567, 'Thousands', 0)).toBe('1,234,567');
    expect(formatStored('x', 'None', 0)).toBe('');
    expect(formatStored(Number.NaN, 'None', 0)).toBe('');
    expect(formatStored(null, 'None', 0)).toBe('');
  });
});

describe('numbers in the reader’s language (Intl)', () => {
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('shows grouping, decimals and percentages the way each language writes them', () => {
    expect(formatShown(1234.5, 'Thousands', 2, false, 'en')).toBe('1,234.50');
    expect(formatShown(1234.5, 'Thousands', 2, false, 'de')).toBe('1.234,50');
    expect(nbsp(formatShown(1234.5, 'Thousands', 2, false, 'fr'))).toBe('1 234,50');
    expect(formatShown(1234.5, 'Thousands', 2, false, 'ja')).toBe('1,234.50');
    expect(formatShown(1234.5, 'None', undefined, false, 'de')).toBe('1234,5');
    expect(nbsp(formatShown(12.5, 'Percentage', 1, false, 'fr'))).toBe('12,5 %');
    expect(formatShown(12.5, 'Percentage', 1, false, 'en')).toBe('12.5%');
    expect(formatStored(0.07, 'Percentage', 0, false, 'de')).toBe('7 %'.replace(' ', '\u00a0'));
    expect(formatStored(1234.5, 'Currency', undefined, false, 'es')).toBe('1.234,50');
    expect(formatStored(12345.5, 'Currency', undefined, false, 'es')).toBe('12.345,50');
  });

  it('keeps typed decimals beyond the field’s places, as without a language', () => {
    expect(formatShown(42.125, 'None', 2, true, 'de')).toBe('42,125');
    expect(formatShown(42.125, 'None', 2, false, 'de')).toBe('42,13');
    expect(formatShown(1e-7, 'None', undefined, true, 'en')).toBe('0.0000001');
  });

  it('reads what it shows back to the same number in every language', () => {
    for (const locale of ['en', 'de', 'es', 'fr', 'ja', 'zh']) {
      for (const value of [0, 7, 1234, 1234.5, -98765.25, 1234567.125]) {
        for (const format of ['None', 'Thousands'] as const) {
          const text = formatShown(value, format, undefined, true, locale);
          expect(parseLocaleNumber(text, locale), `${locale} ${format} ${text}`).toBe(value);
        }
      }
    }
  });

  it('reads the language’s style first, and infers the separators of anything else', () => {
    expect(parseLocaleNumber('1.234', 'de')).toBe(1234);
    expect(parseLocaleNumber('1.234', 'en')).toBe(1.234);
    expect(parseLocaleNumber('1,5', 'de')).toBe(1.5);
    expect(parseLocaleNumber('1,5', 'en')).toBe(1.5);
    expect(parseLocaleNumber('1.5', 'de')).toBe(1.5);
    expect(parseLocaleNumber('1,234.5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('1 234,5', 'fr')).toBe(1234.5);
    expect(parseLocaleNumber('12,5 %', 'fr')).toBe(12.5);
    expect(parseLocaleNumber('', 'de')).toBeNull();
    expect(parseLocaleNumber('abc', 'de')).toBeNull();
  });
});
