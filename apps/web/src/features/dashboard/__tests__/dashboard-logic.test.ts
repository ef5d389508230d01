import type { DashboardCard, DashboardFilter } from '@formloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  cleanValues,
  crossFilterOf,
  dashboardFiltersOf,
  moveCard,
  newCard,
  percentChange,
  resizeCard,
  wiringChoice,
  withWiring,
  WIRING_AUTO,
  WIRING_NONE,
} from '../lib/dashboard-logic.ts';

const card = (id: string, x: number, y: number, extra: Partial<DashboardCard> = {}): DashboardCard => ({
  id,
  type: 'text',
  title: '',
  x,
  y,
  w: 4,
  h: 2,
  compare: false,
  filterFields: {},
  ...extra,
});
const filters: DashboardFilter[] = [
  { id: 'when', label: 'When', kind: 'dateRange', field: 'created_on' },
  { id: 'city', label: 'City', kind: 'field', field: 'city' },
  { id: 'state', label: 'Status', kind: 'status', field: 'status' },
];
const chart = (field: string, extra: Partial<DashboardCard> = {}) =>
  card('c', 0, 0, {
    type: 'chart',
    definition: {
      moduleId: 'm',
      columns: [],
      filters: [],
      orders: [],
      groupBy: [{ field }],
      measures: [],
      sort: [],
      totals: false,
      limit: 10,
    },
    ...extra,
  });

describe('dashboard logic', () => {
  it('finds the filter a chart click sets: by its first group’s field, as the card wires it', () => {
    expect(crossFilterOf(chart('city'), filters)?.id).toBe('city');
    expect(crossFilterOf(chart('status'), filters)?.id).toBe('state');
    // A date filter is never set by a click; an unwired or remapped filter is not either.
    expect(crossFilterOf(chart('created_on'), filters)).toBeNull();
    expect(crossFilterOf(chart('city', { filterFields: { city: null } }), filters)).toBeNull();
    expect(crossFilterOf(chart('town', { filterFields: { city: 'town' } }), filters)?.id).toBe('city');
    expect(crossFilterOf({ ...chart('city'), type: 'table' }, filters)).toBeNull();
  });

  it('compares with the previous period and drops empty values', () => {
    expect(percentChange(8, 6)).toBeCloseTo(33.333, 2);
    expect(percentChange(3, 6)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
    expect(cleanValues({ a: '', b: null, c: [], d: {}, e: 'x', f: { from: '2026-01-01' } })).toEqual({
      e: 'x',
      f: { from: '2026-01-01' },
    });
    expect(dashboardFiltersOf({ filters: [1] }, [1, 2, 3])).toEqual([2, 3]);
  });

  it('places new cards below, moves them in reading order and keeps sizes inside the grid', () => {
    const cards = [card('a', 0, 0), card('b', 4, 0), card('c', 0, 2, { h: 3 })];
    const added = newCard('number', cards);
    expect([added.id, added.y, added.w, added.h]).toEqual(['card4', 5, 3, 2]);
    const moved = moveCard(cards, 'b', 1);
    expect(moved.find((one) => one.id === 'b')).toMatchObject({ x: 0, y: 2 });
    expect(moved.find((one) => one.id === 'c')).toMatchObject({ x: 4, y: 0 });
    expect(moveCard(cards, 'a', -1)).toEqual(cards);
    const wide = resizeCard([card('a', 10, 0)], 'a', 1)[0];
    expect([wide?.w, wide?.x]).toEqual([5, 7]);
    expect(resizeCard([card('a', 0, 0, { w: 1 })], 'a', -1)[0]?.w).toBe(1);
  });
});

describe('per-card filter wiring', () => {
  it('reads automatic, none and a field, and writes them back (automatic drops the entry)', () => {
    const wired = card('c', 0, 0, { filterFields: { city: null, when: 'due' } });
    expect(wiringChoice(wired, 'city')).toBe(WIRING_NONE);
    expect(wiringChoice(wired, 'when')).toBe('due');
    expect(wiringChoice(wired, 'other')).toBe(WIRING_AUTO);
    expect(withWiring(wired, 'when', WIRING_AUTO)).toEqual({ city: null });
    expect(withWiring(wired, 'city', 'town')).toEqual({ city: 'town', when: 'due' });
    expect(withWiring(card('d', 0, 0), 'x', WIRING_NONE)).toEqual({ x: null });
  });
});
