import { FILTER_OPERATORS, type RecordFilter } from '@formloop/domain';

// The record list opened with filters in its address (/module/{id}?filters=…): where a report's
// chart segment, number card or group row drills to (issue 24 item 6). The server answers the
// filters (POST /api/form/report/drill); the list starts with exactly them, so it counts what the
// group counted. Anything in the address that is not a list of filters is ignored.

const PARAM = 'filters';
/** Most filters an address brings (the data table request takes 50). */
const MAX_FILTERS = 50;

/** /module/{id} opened on these filters. */
export function recordListHref(moduleId: string, filters: readonly RecordFilter[]): string {
  const base = `/module/${encodeURIComponent(moduleId)}`;
  return filters.length ? `${base}?${PARAM}=${encodeURIComponent(JSON.stringify(filters))}` : base;
}

const OPERATORS = new Set<string>(FILTER_OPERATORS);

/** The filters an address carries, or null when it carries none (or none that make sense). */
export function filtersFromSearch(params: URLSearchParams): RecordFilter[] | null {
  const raw = params.get(PARAM);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_FILTERS) return null;
  const filters: RecordFilter[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { field, operator, value, ignoreCase, matchesAll } = entry as Record<string, unknown>;
    if (typeof field !== 'string' || field === '' || typeof operator !== 'string' || !OPERATORS.has(operator))
      return null;
    filters.push({
      field,
      operator: operator as RecordFilter['operator'],
      ...(value === undefined ? {} : { value }),
      ignoreCase: ignoreCase === true,
      matchesAll: matchesAll === true,
    });
  }
  return filters;
}
