import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_SPECIAL_CHARACTER,
  DNS_LABEL,
  LEADING_DIGIT,
  SEARCH_SPECIAL_CHARACTER,
  VALUE_SPECIAL_CHARACTER,
} from '../patterns.ts';
import { codePointLength, isBlank } from '../text.ts';

describe('special-character patterns', () => {
  it('find the first disallowed character', () => {
    expect(VALUE_SPECIAL_CHARACTER.exec('ab<c>')?.[0]).toBe('<');
    expect(VALUE_SPECIAL_CHARACTER.exec("ok .,_-@'&()/")).toBeNull();
  });

  it('are stateless across repeated tests (no global flag)', () => {
    expect(VALUE_SPECIAL_CHARACTER.flags).not.toContain('g');
    expect(VALUE_SPECIAL_CHARACTER.test('a<')).toBe(true);
    expect(VALUE_SPECIAL_CHARACTER.test('a<')).toBe(true);
  });

  it('use the same set for search as for values', () => {
    expect(SEARCH_SPECIAL_CHARACTER.source).toBe(VALUE_SPECIAL_CHARACTER.source);
  });

  it('allow line breaks in descriptions only', () => {
    expect(VALUE_SPECIAL_CHARACTER.test('a\nb')).toBe(true);
    expect(DESCRIPTION_SPECIAL_CHARACTER.test('a\nb')).toBe(false);
    expect(DESCRIPTION_SPECIAL_CHARACTER.test('a\r\nb')).toBe(false);
    expect(DESCRIPTION_SPECIAL_CHARACTER.test('a\tb')).toBe(true);
  });

  it('treat a lone surrogate as special', () => {
    expect(VALUE_SPECIAL_CHARACTER.test('a\ud800')).toBe(true);
  });
});

describe('DNS_LABEL', () => {
  it('matches 1..63 of [a-z0-9-] not starting or ending with a hyphen', () => {
    expect(DNS_LABEL.test('a')).toBe(true);
    expect(DNS_LABEL.test('a'.repeat(63))).toBe(true);
    expect(DNS_LABEL.test('a'.repeat(64))).toBe(false);
    expect(DNS_LABEL.test('')).toBe(false);
    expect(DNS_LABEL.test('-a')).toBe(false);
    expect(DNS_LABEL.test('a-')).toBe(false);
    expect(DNS_LABEL.test('A')).toBe(false);
  });
});

describe('LEADING_DIGIT', () => {
  it('matches a decimal digit of any script at the start only', () => {
    expect(LEADING_DIGIT.test('7a')).toBe(true);
    expect(LEADING_DIGIT.test('७a')).toBe(true);
    expect(LEADING_DIGIT.test('a7')).toBe(false);
    expect(LEADING_DIGIT.test('Ⅻ')).toBe(false);
  });
});

describe('text helpers', () => {
  it('codePointLength counts code points', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('e\u0301')).toBe(2);
    expect(codePointLength('\ud800')).toBe(1);
  });

  it('isBlank treats null, undefined, empty and whitespace as blank', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
