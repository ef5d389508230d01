import { describe, expect, it } from 'vitest';
import type { DashboardCardResult, DashboardFilter } from '@formloop/contracts';
import type { ColumnKind } from '../../records/index.ts';
import { previousRange, previousValues, wiredFilters } from '../dashboard-filters.ts';
import { CARD_CACHE_MAX_ENTRIES, CARD_CACHE_TTL_MS, CardCache } from '../card-cache.ts';

// Dashboard filters into a card's record list filters (by field name, overridable per card, day
// ranges in the organization zone), the period before for number cards, and the card cache.

const plain = { ignoreCase: false, matchesAll: false };
const filters: DashboardFilter[] = [
  { id: 'when', label: 'When', kind: 'dateRange', field: 'created_on' },
  { id: 'due', label: 'Due', kind: 'dateRange', field: 'due' },
  { id: 'city', label: 'City', kind: 'field', field: 'city' },
  { id: 'who', label: 'Who', kind: 'user', field: 'created_by' },
];
const kinds: Record<string, ColumnKind> = {
  created_on: 'stamp',
  due: 'date',
  city: 'text',
  created_by: 'sysuser',
  town: 'text',
};
const kindOf = (field: string) => kinds[field] ?? null;

describe('wiredFilters', () => {
  it('turns day ranges into the zone’s midnights for instants and days for dates, values into eq', () => {
    expect(
      wiredFilters(
        filters,
        {
          when: { from: '2026-03-23', to: '2026-03-29' },
          due: { to: '2026-12-31' },
          city: ['Oslo', 'Rome'],
          who: '',
        },
        { filterFields: {} },
        kindOf,
        'Europe/Berlin',
      ),
    ).toEqual([
      { field: 'created_on', operator: 'gte', value: '2026-03-22T23:00:00.000Z', ...plain },
      { field: 'created_on', operator: 'lt', value: '2026-03-29T22:00:00.000Z', ...plain },
      { field: 'due', operator: 'lt', value: '2027-01-01', ...plain },
      { field: 'city', operator: 'eq', value: ['Oslo', 'Rome'], ...plain },
    ]);
  });

  it('skips fields the card’s app lacks, follows a card’s own mapping, and drops a filter mapped to none', () => {
    const noCity = (field: string) => (field === 'city' ? null : kindOf(field));
    expect(wiredFilters(filters, { city: 'Oslo' }, { filterFields: {} }, noCity, 'UTC')).toEqual([]);
    expect(
      wiredFilters(filters, { city: 'Oslo' }, { filterFields: { city: 'town' } }, kindOf, 'UTC'),
    ).toEqual([{ field: 'town', operator: 'eq', value: 'Oslo', ...plain }]);
    expect(wiredFilters(filters, { city: 'Oslo' }, { filterFields: { city: null } }, kindOf, 'UTC')).toEqual(
      [],
    );
    // A range given to a value filter, or a value to a range filter, is not applied.
    expect(
      wiredFilters(filters, { city: { from: '2026-01-01' }, when: 'x' }, { filterFields: {} }, kindOf, 'UTC'),
    ).toEqual([]);
  });
});

describe('the period before', () => {
  it('takes as many days just before the range', () => {
    expect(previousRange({ from: '2026-03-23', to: '2026-03-29' })).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
    });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
    expect(previousRange({ from: '2026-03-01' })).toBeNull();
    expect(previousRange({ from: '2026-03-02', to: '2026-03-01' })).toBeNull();
  });

  it('moves every date range and keeps the other values; null without a closed range', () => {
    expect(previousValues(filters, { when: { from: '2026-03-02', to: '2026-03-02' }, city: 'Oslo' })).toEqual(
      {
        when: { from: '2026-03-01', to: '2026-03-01' },
        city: 'Oslo',
      },
    );
    expect(previousValues(filters, { city: 'Oslo' })).toBeNull();
    expect(previousValues(filters, { when: { from: '2026-03-02' } })).toBeNull();
  });
});

describe('CardCache', () => {
  const value: DashboardCardResult = { kind: 'static' };

  it('answers an entry only under the stamp it was stored with, and within its time', () => {
    let now = 0;
    const cache = new CardCache(() => now);
    cache.set('k', 's1', value);
    expect(cache.get('k', 's1')).toBe(value);
    expect(cache.get('k', 's2')).toBeNull();
    // A different stamp dropped it.
    expect(cache.get('k', 's1')).toBeNull();
    cache.set('k', 's1', value);
    now = CARD_CACHE_TTL_MS + 1;
    expect(cache.get('k', 's1')).toBeNull();
  });

  it('keeps at most CARD_CACHE_MAX_ENTRIES, dropping the oldest', () => {
    const cache = new CardCache();
    for (let i = 0; i <= CARD_CACHE_MAX_ENTRIES; i++) cache.set(`k${i}`, 's', value);
    expect(cache.size).toBe(CARD_CACHE_MAX_ENTRIES);
    expect(cache.get('k0', 's')).toBeNull();
    expect(cache.get(`k${CARD_CACHE_MAX_ENTRIES}`, 's')).toBe(value);
  });
});
