import { describe, expect, it } from 'vitest';
import { isIsoDate, isIsoDateOrTime, isIsoDateTime, isIsoTime, isJsonContainer } from '../iso-date-time.ts';

describe('isIsoDate', () => {
  it('accepts real calendar days', () => {
    for (const value of [
      '2024-05-01',
      '2024-01-31',
      '2024-02-29',
      '2000-02-29',
      '2023-12-31',
      '0001-01-01',
    ]) {
      expect(isIsoDate(value), value).toBe(true);
    }
  });

  it('rejects impossible days, leap-year mistakes and other shapes', () => {
    for (const value of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-05-00',
      '2024-5-1',
      '24-05-01',
      '2024/05/01',
      '2024-05-01 ',
      ' 2024-05-01',
      '20240501',
      '',
    ]) {
      expect(isIsoDate(value), value).toBe(false);
    }
  });
});

describe('isIsoTime', () => {
  it('accepts HH:mm, HH:mm:ss and fractions on a 24-hour clock', () => {
    for (const value of ['00:00', '10:30', '10:30:15', '23:59:59', '23:59:59.999', '12:00:00.123456789']) {
      expect(isIsoTime(value), value).toBe(true);
    }
  });

  it('rejects out-of-range parts and loose shapes', () => {
    for (const value of [
      '24:00',
      '23:60',
      '23:59:60',
      '9:30',
      '10:3',
      '10:30:1',
      '10:30.5',
      '10:30:15.',
      '10:30pm',
      '1030',
      '',
    ]) {
      expect(isIsoTime(value), value).toBe(false);
    }
  });
});

describe('isIsoDateTime', () => {
  it("accepts 'T' or space, with Z or a ±HH:mm offset or none", () => {
    for (const value of [
      '2024-05-01T10:00:00Z',
      '2024-05-01T10:00Z',
      '2024-05-01T10:00:00',
      '2024-05-01 10:00:00',
      '2024-05-01T10:00:00.5-03:00',
      '2024-05-01T10:00:00+14:00',
      '2024-02-29T23:59:59+00:00',
    ]) {
      expect(isIsoDateTime(value), value).toBe(true);
    }
  });

  it('rejects invalid dates, times and offsets', () => {
    for (const value of [
      '2023-02-29T10:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01T10:00:00+15:00',
      '2024-05-01T10:00:00+0100',
      '2024-05-01T10:00:00z',
      '2024-05-01T',
      '2024-05-01',
      '2024-05-01  10:00',
      '2024-05-01X10:00',
    ]) {
      expect(isIsoDateTime(value), value).toBe(false);
    }
  });
});

describe('isIsoDateOrTime', () => {
  it('is the union of the three', () => {
    expect(isIsoDateOrTime('2024-05-01')).toBe(true);
    expect(isIsoDateOrTime('10:30')).toBe(true);
    expect(isIsoDateOrTime('2024-05-01T10:30Z')).toBe(true);
    expect(isIsoDateOrTime('yesterday')).toBe(false);
  });
});

describe('isJsonContainer', () => {
  it('accepts objects and arrays, also with trailing whitespace', () => {
    expect(isJsonContainer('{}')).toBe(true);
    expect(isJsonContainer('[]')).toBe(true);
    expect(isJsonContainer('{"a":[1,2]} ')).toBe(true);
  });

  it('rejects scalars, null, leading whitespace and invalid JSON', () => {
    for (const value of ['null', '1', '"s"', 'true', ' {}', '{', "{'a':1}", '[1,]', '']) {
      expect(isJsonContainer(value), value).toBe(false);
    }
  });
});
