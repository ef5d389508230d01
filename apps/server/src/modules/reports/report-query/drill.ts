import type { DateGrain } from '@formloop/contracts';
import type { ListFilter } from '../../records/index.ts';
import type { ResolvedGroup } from './report-sql.ts';

// Drilling from a chart segment, a number card or a group row to the record list (issue 24 item 6):
// the record list filters that select exactly the rows the group counted. A plain value is an eq
// filter (no value: isnull); a period is [its first day, the next period's first day) — for
// instants, the organization zone's midnights as UTC instants, so a week across a DST change is
// 167 or 169 hours, as the group was. Pure.

const filter = (field: string, operator: ListFilter['operator'], value?: unknown): ListFilter => ({
  field,
  operator,
  ...(value === undefined ? {} : { value }),
  ignoreCase: false,
  matchesAll: false,
});

/** The first day of the next period after the one starting on `start` (YYYY-MM-DD). */
export function nextPeriodStart(start: string, grain: DateGrain): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (grain === 'day') date.setUTCDate(date.getUTCDate() + 1);
  else if (grain === 'week') date.setUTCDate(date.getUTCDate() + 7);
  else if (grain === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else if (grain === 'quarter') date.setUTCMonth(date.getUTCMonth() + 3);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant (ISO, UTC) of midnight at the start of a calendar day in the zone. */
export function zonedMidnight(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle the offset on either side of a change (midnight itself is never skipped
  // in the zones that change at midnight only by moving to 01:00, which this also lands on).
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess).toISOString();
}

/** The filters selecting one group's rows: one per level of the group (its key, or its period). */
export function drillFilters(
  groups: ResolvedGroup[],
  keys: ReadonlyArray<unknown>,
  timeZone: string,
): ListFilter[] {
  const filters: ListFilter[] = [];
  groups.forEach((group, i) => {
    if (i >= keys.length) return;
    const key = keys[i];
    const field = group.column.name;
    if (key === null || key === undefined) {
      filters.push(filter(field, group.column.kind === 'status' ? 'isempty' : 'isnull'));
      return;
    }
    if (!group.grain) {
      filters.push(filter(field, 'eq', key));
      return;
    }
    const start = String(key);
    const next = nextPeriodStart(start, group.grain);
    if (group.column.kind === 'date') {
      filters.push(filter(field, 'gte', start), filter(field, 'lt', next));
    } else {
      filters.push(
        filter(field, 'gte', zonedMidnight(start, timeZone)),
        filter(field, 'lt', zonedMidnight(next, timeZone)),
      );
    }
  });
  return filters;
}
