// What a dashboard does with its cards and filters, pure: which filter a chart's click sets
// (cross-filtering), the groups behind a chart's points (drill), the comparison with the previous
// period, new cards and where they go, and keyboard moves in the grid. Tested without rendering.
import type {
  DashboardCard,
  DashboardCardType,
  DashboardFilter,
  DashboardFilterValues,
  ReportDefinitionInput,
  ReportResult,
} from '@formloop/contracts';

/** Columns of the dashboard grid on a wide screen (a phone shows one column). */
export const GRID_COLUMNS = 12;
/** Below this width the cards stack in one column, in reading order. */
export const SINGLE_COLUMN_BELOW = 768;

type Cell = string | number | boolean | null;

/** The field a dashboard filter is wired to in a card (the server's rule), or null for none. */
export function wiredField(
  filter: DashboardFilter,
  card: Pick<DashboardCard, 'filterFields'>,
): string | null {
  const mapped = card.filterFields?.[filter.id];
  return mapped === undefined ? filter.field : mapped;
}

/** The per-card wiring choices: by the filter's own field name, or not at all (else a field name). */
export const WIRING_AUTO = '\u0000auto';
export const WIRING_NONE = '\u0000none';

/** What the card's wiring select shows for a filter. */
export function wiringChoice(card: Pick<DashboardCard, 'filterFields'>, filterId: string): string {
  const mapped = card.filterFields?.[filterId];
  if (mapped === undefined) return WIRING_AUTO;
  return mapped === null ? WIRING_NONE : mapped;
}

/** The card's filterFields after choosing `choice` for a filter (automatic removes the entry). */
export function withWiring(
  card: Pick<DashboardCard, 'filterFields'>,
  filterId: string,
  choice: string,
): DashboardCard['filterFields'] {
  const { [filterId]: _previous, ...rest } = card.filterFields ?? {};
  if (choice === WIRING_AUTO) return rest;
  return { ...rest, [filterId]: choice === WIRING_NONE ? null : choice };
}

/**
 * The dashboard filter a click on this chart card sets: one of kind field, status or user wired to
 * the field of the card's first group (a date grouped by period sets none).
 */
export function crossFilterOf(
  card: Pick<DashboardCard, 'type' | 'definition' | 'filterFields'>,
  filters: readonly DashboardFilter[],
): DashboardFilter | null {
  if (card.type !== 'chart' || !card.definition) return null;
  const first = card.definition.pivot?.rows[0] ?? card.definition.groupBy?.[0];
  if (!first || first.grain) return null;
  return (
    filters.find((filter) => filter.kind !== 'dateRange' && wiredField(filter, card) === first.field) ?? null
  );
}

/** The group keys behind each point a chart draws (the same order as the reports' chartPoints). */
export function pointKeys(result: ReportResult): Cell[][] {
  if (result.kind === 'grouped') return result.rows.filter((row) => row.level === 0).map((row) => row.groups);
  if (result.kind === 'pivot') return result.rows.map((row) => row.groups);
  return [];
}

/** The dashboard filters a card result applied, without the card definition's own (those come with it). */
export function dashboardFiltersOf<T>(
  definition: { filters?: readonly unknown[] },
  applied: readonly T[],
): T[] {
  return applied.slice(definition.filters?.length ?? 0);
}

/** The change from the previous period in percent (null: nothing to compare with). */
export function percentChange(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null) return null;
  if (previous === 0) return value === 0 ? 0 : null;
  return ((value - previous) / Math.abs(previous)) * 100;
}

/** Whether a filter value holds anything (an empty range or list counts as none). */
export function hasValue(value: DashboardFilterValues[string] | undefined): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Boolean(value.from || value.to);
  return true;
}

/** Values without the empty ones (what is sent and saved). */
export function cleanValues(values: DashboardFilterValues): DashboardFilterValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => hasValue(value)));
}

/** The cards in reading order: row by row, left to right. */
export function readingOrder<T extends Pick<DashboardCard, 'x' | 'y'>>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** An id not used by any of `taken` (letters, digits, - and _ only). */
export function freshId(prefix: string, taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((entry) => entry.id));
  let n = taken.length + 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** A count of an app's records grouped by one field (the simple card definition). */
export function countByField(moduleId: string, field: string | null): ReportDefinitionInput {
  return {
    moduleId,
    measures: [{ aggregate: 'count' }],
    ...(field ? { groupBy: [{ field }] } : {}),
  };
}

const DEFAULT_SIZE: Record<DashboardCardType, { w: number; h: number }> = {
  chart: { w: 6, h: 4 },
  number: { w: 3, h: 2 },
  table: { w: 6, h: 4 },
  report: { w: 3, h: 2 },
  text: { w: 4, h: 2 },
  quicklaunch: { w: 3, h: 2 },
  workflow: { w: 6, h: 4 },
};

/** A new card of `type` placed under every other card. */
export function newCard(
  type: DashboardCardType,
  cards: readonly DashboardCard[],
  extra: Partial<DashboardCard> = {},
): DashboardCard {
  const bottom = cards.reduce((most, card) => Math.max(most, card.y + card.h), 0);
  return {
    id: freshId('card', cards),
    type,
    title: '',
    x: 0,
    y: bottom,
    ...DEFAULT_SIZE[type],
    compare: false,
    filterFields: {},
    ...extra,
  };
}

/**
 * Keyboard moves: the card at `id` trades places with its neighbour in reading order (earlier:
 * -1, later: +1); each keeps its own size.
 */
export function moveCard(cards: readonly DashboardCard[], id: string, step: -1 | 1): DashboardCard[] {
  const ordered = readingOrder(cards);
  const index = ordered.findIndex((card) => card.id === id);
  const other = ordered[index + step];
  const card = ordered[index];
  if (!card || !other) return [...cards];
  return cards.map((one) => {
    if (one.id === card.id) return { ...one, x: other.x, y: other.y };
    if (one.id === other.id) return { ...one, x: card.x, y: card.y };
    return one;
  });
}

/** The card `id` made wider or narrower by `step` columns (1 to the grid's width, kept inside it). */
export function resizeCard(cards: readonly DashboardCard[], id: string, step: number): DashboardCard[] {
  return cards.map((card) => {
    if (card.id !== id) return card;
    const w = Math.min(GRID_COLUMNS, Math.max(1, card.w + step));
    return { ...card, w, x: Math.min(card.x, GRID_COLUMNS - w) };
  });
}
