import { describe, expect, it } from 'vitest';
import {
  formatDate,
  ORGANIZATION_PREFERENCE_STORAGE_KEY,
  storeOrganizationPreference,
  storedOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';

const instant = '2026-03-01T13:04:05Z';

describe('formatDate', () => {
  it('uses the spec defaults in UTC while nothing is stored', () => {
    expect(storedOrganizationPreference()).toEqual({
      time_zone: 'UTC',
      date_format: 'YYYY-MM-DD',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
    expect(formatDate(instant)).toBe('2026-03-01 13:04:05');
    expect(formatDate(instant, 'date')).toBe('2026-03-01');
    expect(formatDate(instant, 'time')).toBe('13:04:05');
  });

  it('uses the stored formats and time zone', () => {
    storeOrganizationPreference({
      time_zone: 'Asia/Tokyo',
      date_format: 'DD-MM-YYYY',
      datetime_format: 'MM-DD-YYYY HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
    expect(formatDate(instant)).toBe('03-01-2026 22:04:05');
    expect(formatDate(instant, 'date')).toBe('01-03-2026');
    expect(formatDate(new Date(instant), 'time')).toBe('22:04:05');
    // A calendar date has no zone: it is never shifted into another day.
    expect(formatDate('2026-03-01', 'date')).toBe('01-03-2026');
  });

  it('reads GMT Standard Time as UTC, and survives damaged storage and empty values', () => {
    localStorage.setItem(
      ORGANIZATION_PREFERENCE_STORAGE_KEY,
      JSON.stringify({ time_zone: 'GMT Standard Time', date_format: 'MM-DD-YYYY' }),
    );
    expect(storedOrganizationPreference().time_zone).toBe('UTC');
    expect(formatDate(instant, 'datetime')).toBe('2026-03-01 13:04:05');
    expect(formatDate(instant, 'date')).toBe('03-01-2026');
    localStorage.setItem(ORGANIZATION_PREFERENCE_STORAGE_KEY, '{not json');
    expect(formatDate(instant, 'date')).toBe('2026-03-01');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
