// Pure rules of lookup and pull-data fields: which filters a lookup sends, which field names its
// options, what it copies into this form, and how a table is filled from the records it finds.
import type { LookupRecord, RecordFilterInput, RecordModuleLookupBody } from '@formloop/contracts';
import {
  isFilterOperator,
  VALUELESS_FILTER_OPERATORS,
  type LookupSettings,
  type PayloadField,
} from '@formloop/domain';
import type { FormValues, TableRow } from '../renderer-model.ts';

/** A lookup's stored value (records brief): the record picked and its display value as text. */
export interface LookupValue {
  id: string;
  label: string;
}

/** Records one table fill reads (the contract's page limit): enough for a table of lines. */
export const TABLE_FILL_LIMIT = 100;
/** Options one page of the picker loads; "load more" asks for the next page. */
export const LOOKUP_PAGE_SIZE = 20;

const EMPTY_LOOKUP: LookupSettings = {
  flowToLookUp: '',
  moduleId: '',
  filters: [],
  sortValuesBy: '',
  sortType: 'asc',
  selectFieldsByThisProcess: [],
  hideFields: [],
  autoSelectFirstValueByFilters: false,
  isTable: false,
  tableName: '',
};

export const lookupSettingsOf = (field: PayloadField): LookupSettings => ({
  ...EMPTY_LOOKUP,
  ...field.lookup,
});

export function isLookupValue(value: unknown): value is LookupValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LookupValue).id === 'string' &&
    (value as LookupValue).id !== ''
  );
}

/** Any stored value as short text people can read (lookups by label, lists joined, files by name). */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(displayText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['label', 'name', 'title', 'text', 'value', 'id']) {
      const inner = record[key];
      if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The field whose value names an option. The form editor stores the looked-up app's display name
 * in flowToLookUp ("App to look up"), so it names a field only when it is one of the fields the
 * lookup selects; otherwise the first selected field that is not hidden names the options.
 */
export function labelFieldOf(lookup: LookupSettings): string | undefined {
  const selected = lookup.selectFieldsByThisProcess;
  if (lookup.flowToLookUp && selected.includes(lookup.flowToLookUp)) return lookup.flowToLookUp;
  return selected.find((name) => !lookup.hideFields.includes(name)) ?? selected[0];
}

/**
 * The columns of the option list. hideFields are fetched and copied into this form like every
 * selected field, but not shown in the list (ids, internal codes the user need not read).
 */
export function visibleColumnsOf(lookup: LookupSettings): string[] {
  const label = labelFieldOf(lookup);
  return lookup.selectFieldsByThisProcess.filter(
    (name) => name !== label && !lookup.hideFields.includes(name),
  );
}

/** An option's text: the label field's value, else flowToLookUp if the record has it, else its id. */
export function recordLabel(record: LookupRecord, lookup: LookupSettings): string {
  const label = labelFieldOf(lookup);
  const candidates = [label, lookup.flowToLookUp].filter((name): name is string => Boolean(name));
  for (const name of candidates) {
    const text = displayText(record.data[name]);
    if (text !== '') return text;
  }
  return record.id;
}

/** The names of this form's fields the filters read (valueFromField), in order, without repeats. */
export function filterSources(lookup: LookupSettings): string[] {
  return [
    ...new Set(
      lookup.filters
        .filter((filter) => filter.valueFromField && filter.value && !valueless(filter.operator))
        .map((filter) => filter.value),
    ),
  ];
}

const valueless = (operator: string) => (VALUELESS_FILTER_OPERATORS as readonly string[]).includes(operator);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A form value as a filter value: a picked lookup compares by its record id, lists stay lists. */
function filterValue(value: unknown): unknown {
  if (isLookupValue(value)) return value.id;
  if (Array.isArray(value)) return value.map(filterValue);
  if (typeof value === 'object' && value !== null) return displayText(value);
  return value;
}

/** Whether every field the filters read has a value (auto-select and table fill wait for that). */
export const filtersReady = (lookup: LookupSettings, values: FormValues): boolean =>
  filterSources(lookup).every((name) => !isEmpty(values[name]));

/**
 * The filters to send: constants as the builder typed them ('isin' lists split at commas), and
 * valueFromField filters with the current value of that field of this form. A filter whose field is
 * still empty is left out: the lookup is not narrowed by a question nobody has answered yet.
 */
export function lookupFilters(lookup: LookupSettings, values: FormValues): RecordFilterInput[] {
  return lookup.filters.flatMap((filter): RecordFilterInput[] => {
    if (!filter.field || !isFilterOperator(filter.operator)) return [];
    const base = { field: filter.field, operator: filter.operator, ignoreCase: true };
    if (valueless(filter.operator)) return [base];
    if (filter.valueFromField) {
      const value = values[filter.value];
      return isEmpty(value) ? [] : [{ ...base, value: filterValue(value) }];
    }
    const value =
      filter.operator === 'isin'
        ? filter.value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : filter.value;
    return [{ ...base, value }];
  });
}

/**
 * A RecordModuleLookup body without its page. The picker fetches the selected fields and searches
 * the label field; a table fill fetches every field (fields: []), since the rows may come from a
 * table group of the looked-up app, which is not a field name the server could be asked for.
 */
export function lookupBody(
  lookup: LookupSettings,
  values: FormValues,
  search: string,
  purpose: 'pick' | 'table',
): Omit<RecordModuleLookupBody, 'page'> {
  const label = labelFieldOf(lookup);
  return {
    moduleId: lookup.moduleId,
    fields: purpose === 'table' ? [] : lookup.selectFieldsByThisProcess,
    filters: lookupFilters(lookup, values),
    search: search.trim(),
    ...(purpose === 'pick' && label ? { searchField: label } : {}),
    ...(lookup.sortValuesBy ? { sortValuesBy: lookup.sortValuesBy } : {}),
    sortType: lookup.sortType,
    length: purpose === 'table' ? TABLE_FILL_LIMIT : LOOKUP_PAGE_SIZE,
  };
}

/** The values of the filters' source fields, as a key that changes when one of them does. */
export const sourcesKey = (lookup: LookupSettings, values: FormValues): string =>
  JSON.stringify(filterSources(lookup).map((name) => values[name] ?? null));

/**
 * What picking a record copies: each selected field into this form's field of the same name
 * (never into the lookup field itself). Clearing (record null) empties them again.
 */
export function copiesFrom(record: LookupRecord | null, lookup: LookupSettings, ownName: string): FormValues {
  const patch: FormValues = {};
  for (const name of lookup.selectFieldsByThisProcess) {
    if (name === ownName) continue;
    patch[name] = record ? (record.data[name] ?? null) : null;
  }
  return patch;
}

/** The selected columns of one source row (all of them when the lookup selects none). */
function pickColumns(source: Record<string, unknown>, lookup: LookupSettings): TableRow {
  const names = lookup.selectFieldsByThisProcess.length
    ? lookup.selectFieldsByThisProcess
    : Object.keys(source);
  const row: TableRow = {};
  for (const name of names) if (source[name] !== undefined) row[name] = source[name];
  return row;
}

/**
 * Rows for the table group `tableName` of this form, same-named columns: one per matching record,
 * or, when a record has a table of that name itself (the editor's "read from a table of the app"),
 * one per row of that table.
 */
export function tableRowsFrom(records: readonly LookupRecord[], lookup: LookupSettings): TableRow[] {
  return records.flatMap((record) => {
    const nested = lookup.tableName ? record.data[lookup.tableName] : undefined;
    if (Array.isArray(nested)) {
      return nested
        .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
        .map((row) => pickColumns(row, lookup));
    }
    return [pickColumns(record.data, lookup)];
  });
}

/** "order_total" → "Order total": end users cannot read the other app's labels (ColumnLookup is for builders). */
export const columnTitle = (name: string): string => {
  const words = name.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
};
