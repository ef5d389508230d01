import { describe, expect, it } from 'vitest';
import { isoTimestamp, isoTimestampOrNull } from '../timestamps.ts';

/** PostgreSQL's text for an instant in a UTC session, with `digits` fraction digits (0 = none). */
function postgresText(ms: number, micros: number, digits: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`
    .slice(0, digits)
    .replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoTimestamp', () => {
  it('rewrites UTC text exactly as Date would write the instant, cutting microseconds', () => {
    expect(isoTimestamp('2026-11-22 10:00:00.123456+00')).toBe('2026-11-22T10:00:00.123Z');
    expect(isoTimestamp('2026-11-22 10:00:00.9999+00')).toBe('2026-11-22T10:00:00.999Z');
    expect(isoTimestamp('2026-11-22 10:00:00.5+00')).toBe('2026-11-22T10:00:00.500Z');
    expect(isoTimestamp('2026-11-22 23:59:59+00')).toBe('2026-11-22T23:59:59.000Z');
  });

  it('agrees with parsing by Date on many instants and fraction lengths', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i += 1) {
      const ms = Date.UTC(1970, 0, 1) + (next() % 2 ** 31) * 1000 + (next() % 1000);
      const text = postgresText(ms, next() % 1000, i % 7);
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
      if (i % 7 >= 3) expect(isoTimestamp(text)).toBe(new Date(ms).toISOString());
    }
  });

  it('reads years before 1000 as written (the legacy Date parser makes 0099 into 1999)', () => {
    expect(isoTimestamp('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('parses other offsets and takes Dates as they are', () => {
    expect(isoTimestamp('2026-11-22 10:00:00.123+05:30')).toBe('2026-11-22T04:30:00.123Z');
    expect(isoTimestamp('2026-11-22T10:00:00Z')).toBe('2026-11-22T10:00:00.000Z');
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 22)))).toBe('2026-11-22T00:00:00.000Z');
    expect(isoTimestampOrNull(null)).toBeNull();
  });

  it('refuses text that is no instant', () => {
    expect(() => isoTimestamp('infinity')).toThrow(RangeError);
  });
});
