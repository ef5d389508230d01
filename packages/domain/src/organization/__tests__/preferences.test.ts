import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ORGANIZATION_PREFERENCE,
  normaliseTimeZone,
  withPreferenceDefaults,
} from '../preferences.ts';

describe('DEFAULT_ORGANIZATION_PREFERENCE', () => {
  it("has the spec's formats and a UTC zone", () => {
    expect(DEFAULT_ORGANIZATION_PREFERENCE).toEqual({
      time_zone: 'UTC',
      date_format: 'YYYY-MM-DD',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_ORGANIZATION_PREFERENCE)).toBe(true);
  });
});

describe('normaliseTimeZone', () => {
  it("maps 'GMT Standard Time' to UTC", () => {
    expect(normaliseTimeZone('GMT Standard Time')).toBe('UTC');
    expect(normaliseTimeZone(' GMT Standard Time ')).toBe('UTC');
  });

  it('leaves every other zone exactly as it is', () => {
    expect(normaliseTimeZone('Europe/London')).toBe('Europe/London');
    expect(normaliseTimeZone('W. Europe Standard Time')).toBe('W. Europe Standard Time');
    expect(normaliseTimeZone('gmt standard time')).toBe('gmt standard time');
    expect(normaliseTimeZone('Greenwich Standard Time')).toBe('Greenwich Standard Time');
    expect(normaliseTimeZone('UTC')).toBe('UTC');
  });

  it('gives the default for a missing or blank zone', () => {
    expect(normaliseTimeZone(undefined)).toBe('UTC');
    expect(normaliseTimeZone(null)).toBe('UTC');
    expect(normaliseTimeZone('  ')).toBe('UTC');
  });
});

describe('withPreferenceDefaults', () => {
  it('fills a missing preference completely', () => {
    expect(withPreferenceDefaults(null)).toEqual(DEFAULT_ORGANIZATION_PREFERENCE);
    expect(withPreferenceDefaults(undefined)).toEqual(DEFAULT_ORGANIZATION_PREFERENCE);
    expect(withPreferenceDefaults({})).toEqual(DEFAULT_ORGANIZATION_PREFERENCE);
  });

  it('keeps given values, normalises the zone and defaults blanks and non-strings', () => {
    expect(
      withPreferenceDefaults({
        time_zone: 'GMT Standard Time',
        date_format: 'DD-MM-YYYY',
        datetime_format: '',
        time_format: 42,
      }),
    ).toEqual({
      time_zone: 'UTC',
      date_format: 'DD-MM-YYYY',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
  });

  it('returns a new object, never the frozen default', () => {
    const preference = withPreferenceDefaults({});
    expect(preference).not.toBe(DEFAULT_ORGANIZATION_PREFERENCE);
    preference.time_zone = 'Asia/Tokyo';
    expect(DEFAULT_ORGANIZATION_PREFERENCE.time_zone).toBe('UTC');
  });
});
