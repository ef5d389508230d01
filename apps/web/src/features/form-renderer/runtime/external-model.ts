// How the answer of an external call (RemoteUrl's data: the value at the field's responsePath) turns
// into options, a text value, or something a button shows.
import { displayText } from './lookup-model.ts';

export interface ExternalOption {
  value: string;
  label: string;
}

const VALUE_KEYS = ['value', 'id', 'code', 'key'];
const LABEL_KEYS = ['label', 'name', 'text', 'title', 'description', 'displayName', 'display_name'];

const scalarText = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null;

function firstOf(item: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const text = scalarText(item[key]);
    if (text !== null) return text;
  }
  return null;
}

/** The first string property, else the first number or boolean one. */
function firstScalar(item: Record<string, unknown>): string | null {
  const values = Object.values(item);
  const text = values.find((value) => typeof value === 'string' && value !== '');
  return (text as string | undefined) ?? values.map(scalarText).find((value) => value !== null) ?? null;
}

/**
 * One answer item as an option. A string, number or boolean is both value and label. An object
 * takes its value from value/id/code/key and its label from label/name/text/title/description;
 * a missing one falls back to the other, and an object with none of them uses its first string
 * property for both. Anything else is skipped.
 */
export function optionOf(item: unknown): ExternalOption | null {
  const scalar = scalarText(item);
  if (scalar !== null) return { value: scalar, label: scalar };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
  const record = item as Record<string, unknown>;
  const value = firstOf(record, VALUE_KEYS);
  const label = firstOf(record, LABEL_KEYS);
  const fallback = value ?? label ?? firstScalar(record);
  if (fallback === null) return null;
  return { value: value ?? fallback, label: label ?? fallback };
}

/**
 * Options from an answer: an array of items, or an object holding one array (a service that wraps
 * its list, e.g. {"results": [...]} when responsePath stops one level early), or a single item.
 * Repeated values keep their first option (a select cannot tell two equal values apart).
 */
export function optionsFromAnswer(data: unknown): ExternalOption[] {
  let items: unknown[];
  if (Array.isArray(data)) items = data;
  else if (typeof data === 'object' && data !== null) {
    const arrays = Object.values(data).filter((value): value is unknown[] => Array.isArray(value));
    items = arrays.length === 1 && arrays[0] ? arrays[0] : [data];
  } else items = data === null || data === undefined || data === '' ? [] : [data];
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const option = optionOf(item);
    if (!option || seen.has(option.value)) return [];
    seen.add(option.value);
    return [option];
  });
}

/** Options whose label or value contains the search text, ignoring case. */
export function filterOptions(options: readonly ExternalOption[], search: string): ExternalOption[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...options];
  return options.filter(
    (option) =>
      option.label.toLocaleLowerCase().includes(needle) || option.value.toLocaleLowerCase().includes(needle),
  );
}

/**
 * An answer as one text value (input-external): text as it is, numbers and booleans written out,
 * a list of plain values joined with ", ", a one-item list as its item, an object by its option
 * value (value/id/… as above) or, when it has none, as JSON.
 */
export function answerText(data: unknown): string {
  if (data === null || data === undefined) return '';
  const scalar = scalarText(data);
  if (scalar !== null || typeof data === 'string') return scalar ?? '';
  if (Array.isArray(data)) {
    if (data.length === 1) return answerText(data[0]);
    if (data.every((item) => scalarText(item) !== null || item === '')) return data.map(String).join(', ');
    return JSON.stringify(data);
  }
  const record = data as Record<string, unknown>;
  return firstOf(record, VALUE_KEYS) ?? firstOf(record, LABEL_KEYS) ?? JSON.stringify(data);
}

/** Rows and columns for a table rendering: objects become rows, anything else one "value" cell. */
export function tableOf(data: unknown): { columns: string[]; rows: Record<string, string>[] } {
  const items = Array.isArray(data) ? data : data === null || data === undefined ? [] : [data];
  const columns: string[] = [];
  const rows = items.map((item) => {
    const record =
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : { value: item };
    const row: Record<string, string> = {};
    for (const [key, value] of Object.entries(record)) {
      if (!columns.includes(key)) columns.push(key);
      row[key] = displayText(value);
    }
    return row;
  });
  return { columns, rows };
}

/** Pretty JSON of an answer (a text answer that is JSON is parsed first, so it is indented too). */
export function prettyJson(data: unknown): string {
  if (typeof data === 'string') {
    try {
      return JSON.stringify(JSON.parse(data), null, 2);
    } catch {
      return data;
    }
  }
  return JSON.stringify(data ?? null, null, 2);
}
