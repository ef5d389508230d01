import type { DashboardCard, DashboardFilter, DashboardFilterValues } from '@formloop/contracts';
import type { ColumnKind, ListFilter } from '../records/index.ts';
import { nextPeriodStart, zonedMidnight } from '../reports/index.ts';

// Dashboard filters wired into one card (issue 24 item 5): a filter applies to every card whose app
// has a field of its name, unless the card maps it to another field or to none (filterFields). A day
// range becomes [first day's midnight, the day after the last's) in the organization's calendar —
// for instants, that zone's midnights as UTC instants; values become eq (several: any of them). Pure.

const plain = { ignoreCase: false, matchesAll: false };
const INSTANT_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['stamp', 'datetime']);

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

const isRange = (value: unknown): value is DayRange =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rangeFilters(field: string, kind: ColumnKind, range: DayRange, timeZone: string): ListFilter[] {
  const bound = (day: string) => (INSTANT_KINDS.has(kind) ? zonedMidnight(day, timeZone) : day);
  const filters: ListFilter[] = [];
  if (range.from) filters.push({ field, operator: 'gte', value: bound(range.from), ...plain });
  if (range.to)
    filters.push({ field, operator: 'lt', value: bound(nextPeriodStart(range.to, 'day')), ...plain });
  return filters;
}

/** The field a dashboard filter is wired to in this card, or null when it is not. */
export function wiredField(
  filter: DashboardFilter,
  card: Pick<DashboardCard, 'filterFields'>,
): string | null {
  const mapped = card.filterFields[filter.id];
  return mapped === undefined ? filter.field : mapped;
}

/**
 * The record list filters a card gets from the dashboard's filters and their values. `kindOf`
 * answers the kind of a field the card's app has (as the viewer sees it), null for none: a filter
 * whose field the app lacks is not wired to the card.
 */
export function wiredFilters(
  filters: readonly DashboardFilter[],
  values: DashboardFilterValues,
  card: Pick<DashboardCard, 'filterFields'>,
  kindOf: (field: string) => ColumnKind | null,
  timeZone: string,
): ListFilter[] {
  const out: ListFilter[] = [];
  for (const filter of filters) {
    const value = values[filter.id];
    if (value === undefined || value === null || value === '') continue;
    const field = wiredField(filter, card);
    if (field === null) continue;
    const kind = kindOf(field);
    if (kind === null) continue;
    if (filter.kind === 'dateRange') {
      if (isRange(value)) out.push(...rangeFilters(field, kind, value, timeZone));
      continue;
    }
    if (isRange(value)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out.push({ field, operator: 'eq', value, ...plain });
  }
  return out;
}

/** The range of the same number of days just before `range` (number cards' comparison); null when open. */
export function previousRange(range: DayRange): DayRange | null {
  if (!range.from || !range.to) return null;
  const day = 86_400_000;
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (!(to >= from)) return null;
  const days = Math.round((to - from) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(from - days * day), to: iso(from - day) };
}

/** The filter values with the date range filters moved to the previous period (others kept). */
export function previousValues(
  filters: readonly DashboardFilter[],
  values: DashboardFilterValues,
): DashboardFilterValues | null {
  const shifted: DashboardFilterValues = { ...values };
  let moved = false;
  for (const filter of filters) {
    const value = values[filter.id];
    if (filter.kind !== 'dateRange' || !isRange(value)) continue;
    const previous = previousRange(value);
    if (!previous) return null;
    shifted[filter.id] = previous;
    moved = true;
  }
  return moved ? shifted : null;
}
