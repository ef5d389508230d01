import { describe, expect, it } from 'vitest';
import { filtersFromSearch, recordListHref } from '../lib/drill-link.ts';

// The record list address a report drills to, and what the list reads back from it.

describe('drill links', () => {
  const filters = [
    { field: 'city', operator: 'eq' as const, value: 'Berlin & Co', ignoreCase: false, matchesAll: false },
    {
      field: 'created_on',
      operator: 'gte' as const,
      value: '2026-03-22T23:00:00.000Z',
      ignoreCase: false,
      matchesAll: false,
    },
    { field: 'notes', operator: 'isnull' as const, ignoreCase: false, matchesAll: false },
  ];

  it('round-trips the filters through the address', () => {
    const href = recordListHref('a1b2', filters);
    expect(href.startsWith('/module/a1b2?filters=')).toBe(true);
    expect(filtersFromSearch(new URL(href, 'http://x').searchParams)).toEqual(filters);
    expect(recordListHref('a1b2', [])).toBe('/module/a1b2');
  });

  it('ignores an address whose filters are not filters', () => {
    const read = (raw: string) => filtersFromSearch(new URLSearchParams({ filters: raw }));
    expect(filtersFromSearch(new URLSearchParams())).toBeNull();
    expect(read('not json')).toBeNull();
    expect(read('{"field":"x"}')).toBeNull();
    expect(read('[]')).toBeNull();
    expect(read('[{"field":"x","operator":"drop table"}]')).toBeNull();
    expect(read('[{"field":"","operator":"eq"}]')).toBeNull();
    expect(
      read(JSON.stringify(Array.from({ length: 51 }, () => ({ field: 'x', operator: 'isnull' })))),
    ).toBeNull();
  });
});
