import { describe, expect, it } from 'vitest';
import {
  isExemptValue,
  validateDescription,
  validateDigitsOnly,
  validateSearch,
  validateValue,
} from '../value.ts';

const SPECIAL = 'Value cannot contain special characters';
const LEADING = 'Value cannot start with a space';

describe('validateDigitsOnly', () => {
  it('accepts ASCII digits, including leading zeros', () => {
    expect(validateDigitsOnly('0123456789')).toBeNull();
    expect(validateDigitsOnly('0')).toBeNull();
  });

  it('leaves the empty value to the required rule', () => {
    expect(validateDigitsOnly('')).toBeNull();
  });

  it("rejects signs, decimals, exponents, spaces and non-ASCII digits with the spec's text", () => {
    for (const value of ['-1', '+1', '1.5', '1,5', '1e5', ' 1', '1 ', '12 34', '１２', '٣', 'abc', '0x1F']) {
      expect(validateDigitsOnly(value), value).toBe('The field should have digits only');
    }
  });
});

describe('validateValue', () => {
  it('accepts letters of any script, digits, spaces and the allowed punctuation', () => {
    for (const value of [
      'Hello world',
      "O'Brien & Sons (UK) Ltd.",
      'a.b@example.com',
      'cost-centre_1, 2024/25',
      'Müller',
      'Ελληνικά',
      'Москва',
      '東京都',
      'カタカナー',
      'नमस्ते',
      'e\u0301te\u0301',
      '٣٤٥',
    ]) {
      expect(validateValue(value), value).toBeNull();
    }
  });

  it('leaves the empty value to the required rule', () => {
    expect(validateValue('')).toBeNull();
  });

  it("rejects a leading space with 'Value cannot start with a space'", () => {
    expect(validateValue(' abc')).toBe(LEADING);
    expect(validateValue('\tabc')).toBe(LEADING);
  });

  it('gives the leading-space message before the special-characters one', () => {
    expect(validateValue(' <b>')).toBe(LEADING);
  });

  it('rejects each special character', () => {
    for (const ch of [
      '<',
      '>',
      '"',
      ';',
      ':',
      '=',
      '%',
      '$',
      '#',
      '*',
      '+',
      '?',
      '!',
      '{',
      '}',
      '[',
      ']',
      '\\',
      '|',
      '^',
      '~',
      '`',
      '😀',
      '€',
      '\n',
      '\t',
    ]) {
      expect(validateValue(`a${ch}b`), JSON.stringify(ch)).toBe(SPECIAL);
    }
  });

  it('exempts JSON objects and arrays', () => {
    expect(validateValue('{"a":1,"b":"<x>"}')).toBeNull();
    expect(validateValue('[1,2,{"c":null}]')).toBeNull();
    expect(validateValue('{}')).toBeNull();
    expect(validateValue('[]')).toBeNull();
  });

  it('does not exempt JSON scalars, broken JSON or JSON after a leading space', () => {
    expect(validateValue('"quoted"')).toBe(SPECIAL);
    expect(validateValue('{"a":1')).toBe(SPECIAL);
    expect(validateValue('{a:1}')).toBe(SPECIAL);
    expect(validateValue(' {"a":1}')).toBe(LEADING);
  });

  it('exempts valid ISO dates, times and date-times', () => {
    for (const value of [
      '2024-05-01',
      '2024-02-29',
      '2024-05-01T10:00:00Z',
      '2024-05-01T10:00:00.123+05:30',
      '2024-05-01 10:00:00',
      '2024-05-01T10:00',
      '10:30',
      '10:30:15',
      '23:59:59',
      '00:00',
    ]) {
      expect(validateValue(value), value).toBeNull();
    }
  });

  it('does not exempt invalid dates or times, so their colons count as special', () => {
    expect(validateValue('24:00')).toBe(SPECIAL);
    expect(validateValue('10:60')).toBe(SPECIAL);
    expect(validateValue('2024-05-01T25:00:00Z')).toBe(SPECIAL);
    expect(validateValue('2024-05-01T10:00:00+15:00')).toBe(SPECIAL);
    expect(validateValue('note: 10:30')).toBe(SPECIAL);
  });

  it('passes date-like values made only of allowed characters whether or not they are real dates', () => {
    // '-' and digits are allowed anyway; the exemption only matters for ':' 'T' 'Z' '+'.
    expect(validateValue('2023-02-29')).toBeNull();
    expect(validateValue('01-05-2024')).toBeNull();
  });
});

describe('isExemptValue', () => {
  it('is true only for JSON containers and ISO dates/times', () => {
    expect(isExemptValue('{"a":1}')).toBe(true);
    expect(isExemptValue('2024-05-01')).toBe(true);
    expect(isExemptValue('10:30')).toBe(true);
    expect(isExemptValue('2023-02-29')).toBe(false);
    expect(isExemptValue('null')).toBe(false);
    expect(isExemptValue('hello')).toBe(false);
  });
});

describe('validateDescription', () => {
  it('accepts prose with allowed punctuation and line breaks', () => {
    expect(validateDescription('Claims for travel & subsistence (UK).\nApproved by finance.')).toBeNull();
    expect(validateDescription('Line one\r\nLine two')).toBeNull();
  });

  it('leaves the empty description alone (it is optional)', () => {
    expect(validateDescription('')).toBeNull();
  });

  it('allows exactly 250 characters and rejects 251 with the spec text', () => {
    expect(validateDescription('a'.repeat(250))).toBeNull();
    expect(validateDescription('a'.repeat(251))).toBe('Value can not exceed 250 characters');
    expect(validateDescription('é'.repeat(250))).toBeNull();
    expect(validateDescription('😀'.repeat(251))).toBe(SPECIAL);
  });

  it('rejects a leading space or line break', () => {
    expect(validateDescription(' text')).toBe(LEADING);
    expect(validateDescription('\ntext')).toBe(LEADING);
  });

  it('rejects special characters and gives no JSON or date exemption', () => {
    expect(validateDescription('<script>')).toBe(SPECIAL);
    expect(validateDescription('{"a":1}')).toBe(SPECIAL);
    expect(validateDescription('10:30')).toBe(SPECIAL);
    expect(validateDescription('tab\there')).toBe(SPECIAL);
  });

  it('checks leading space, then characters, then length', () => {
    expect(validateDescription(` ${'<'.repeat(300)}`)).toBe(LEADING);
    expect(validateDescription(`${'a'.repeat(300)}<`)).toBe(SPECIAL);
  });
});

describe('validateSearch', () => {
  it('accepts words, spaces (also leading) and allowed punctuation', () => {
    expect(validateSearch('')).toBeNull();
    expect(validateSearch(' expense claims')).toBeNull();
    expect(validateSearch("R&D (EU) o'brien 2024/25")).toBeNull();
    expect(validateSearch('請求書')).toBeNull();
  });

  it("rejects special characters with the spec's text", () => {
    for (const value of ['%', 'a*', "'; drop table", 'a<b', 'x?', '#tag', 'a:b', 'line\nbreak']) {
      expect(validateSearch(value), value).toBe('Search value cannot contain special characters');
    }
  });
});
