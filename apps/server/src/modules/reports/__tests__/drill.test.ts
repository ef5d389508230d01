import { describe, expect, it } from 'vitest';
import { COMPLETE_ACTIVITY_ID, type ModuleDefinition } from '@formloop/domain';
import { ListColumns } from '../../records/index.ts';
import { resolveGroup } from '../report-query/report-sql.ts';
import { drillFilters, nextPeriodStart, zonedMidnight } from '../report-query/drill.ts';

// Drill filters: a group's keys back into record list filters; periods as [start, next start) with
// instants at the organization zone's midnights, across DST changes in both directions.

const app = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'city', fieldType: 'text', editorType: 'text' },
        { name: 'due', fieldType: 'date', editorType: 'date' },
      ],
    },
  ],
  defaultConfig: {},
  permission: [],
} as unknown as ModuleDefinition;
const columns = new ListColumns(app, COMPLETE_ACTIVITY_ID);
const plain = { ignoreCase: false, matchesAll: false };

describe('periods', () => {
  it('steps to the next period on the calendar', () => {
    expect(nextPeriodStart('2026-03-29', 'day')).toBe('2026-03-30');
    expect(nextPeriodStart('2026-03-23', 'week')).toBe('2026-03-30');
    expect(nextPeriodStart('2026-01-01', 'month')).toBe('2026-02-01');
    expect(nextPeriodStart('2026-10-01', 'quarter')).toBe('2027-01-01');
    expect(nextPeriodStart('2024-01-01', 'year')).toBe('2025-01-01');
  });

  it('finds the zone’s midnight as an instant on both sides of a DST change', () => {
    expect(zonedMidnight('2026-03-23', 'Europe/Berlin')).toBe('2026-03-22T23:00:00.000Z');
    expect(zonedMidnight('2026-03-30', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    expect(zonedMidnight('2026-10-26', 'Europe/Berlin')).toBe('2026-10-25T23:00:00.000Z');
    expect(zonedMidnight('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedMidnight('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedMidnight('2026-06-01', 'Asia/Tokyo')).toBe('2026-05-31T15:00:00.000Z');
    expect(zonedMidnight('2026-06-01', 'UTC')).toBe('2026-06-01T00:00:00.000Z');
  });
});

describe('drillFilters', () => {
  it('turns values into eq, missing values into isnull, and stops at the keys given', () => {
    const groups = [resolveGroup(columns, { field: 'city' }), resolveGroup(columns, { field: 'status' })];
    expect(drillFilters(groups, ['Berlin', 'Completed'], 'UTC')).toEqual([
      { field: 'city', operator: 'eq', value: 'Berlin', ...plain },
      { field: 'status', operator: 'eq', value: 'Completed', ...plain },
    ]);
    expect(drillFilters(groups, [null], 'UTC')).toEqual([{ field: 'city', operator: 'isnull', ...plain }]);
    expect(drillFilters(groups, [], 'UTC')).toEqual([]);
  });

  it('selects a week of instants between the zone’s Monday midnights (a DST week is 167 hours)', () => {
    const week = [resolveGroup(columns, { field: 'created_on', grain: 'week' })];
    expect(drillFilters(week, ['2026-03-23'], 'Europe/Berlin')).toEqual([
      { field: 'created_on', operator: 'gte', value: '2026-03-22T23:00:00.000Z', ...plain },
      { field: 'created_on', operator: 'lt', value: '2026-03-29T22:00:00.000Z', ...plain },
    ]);
  });

  it('selects a period of a date field by its calendar days', () => {
    const quarter = [resolveGroup(columns, { field: 'due', grain: 'quarter' })];
    expect(drillFilters(quarter, ['2026-10-01'], 'Asia/Tokyo')).toEqual([
      { field: 'due', operator: 'gte', value: '2026-10-01', ...plain },
      { field: 'due', operator: 'lt', value: '2027-01-01', ...plain },
    ]);
  });
});
