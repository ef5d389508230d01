import {
  REFERENCE_VALUES_MAX,
  referenceMessage,
  referenceValueKey,
  validateReferenceValue,
  type ReferenceListDetail,
  type SaveReferenceListBody,
} from '@formloop/contracts';

// The values editor's model: plain functions over the rows being edited, so the rules are tested
// without rendering and the page stays a thin view.

export interface EditableRow {
  /** Stable key for React and for errors: the row id, or a made-up one for rows not saved yet. */
  key: string;
  /** Set for rows the server has; left out on new rows so save creates them. */
  row_id?: string;
  value: string;
  data: Record<string, string>;
}

export interface ListFields {
  key_name: string;
  categories: string[];
  description: string;
}

let counter = 0;
const newKey = () => `new-${(counter += 1)}`;

export const rowsOf = (detail: ReferenceListDetail): EditableRow[] =>
  detail.values.map((row) => ({
    key: row.row_id,
    row_id: row.row_id,
    value: row.value,
    data: { ...row.data },
  }));

export const fieldsOf = (detail: ReferenceListDetail | undefined): ListFields => ({
  key_name: detail?.key_name ?? '',
  categories: detail ? detail.categories.split(',').filter((name) => name.trim() !== '') : [],
  description: detail?.description ?? '',
});

export const blankRow = (value = ''): EditableRow => ({ key: newKey(), value, data: {} });

/** Pasted text as values: one per line, trimmed, blank lines dropped. */
export const pastedValues = (text: string): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Appends values at the end, skipping ones already in the list (or repeated in the paste). */
export function appendValues(rows: readonly EditableRow[], values: readonly string[]) {
  const taken = new Set(rows.map((row) => referenceValueKey(row.value)));
  const added: EditableRow[] = [];
  let skipped = 0;
  for (const value of values) {
    const key = referenceValueKey(value);
    if (taken.has(key)) {
      skipped += 1;
      continue;
    }
    taken.add(key);
    added.push(blankRow(value));
  }
  return { rows: [...rows, ...added], added: added.length, skipped };
}

/**
 * The client twin of the server's value rules, by row key: required, at most 500 characters, not a
 * repeat of an earlier value (ignoring case). Messages are the contract's English texts.
 */
export function rowProblems(rows: readonly EditableRow[]): Map<string, string> {
  const problems = new Map<string, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    const message = validateReferenceValue(row.value);
    if (message) {
      problems.set(row.key, message);
      continue;
    }
    const key = referenceValueKey(row.value);
    if (seen.has(key)) problems.set(row.key, referenceMessage.duplicateValue(row.value.trim()));
    seen.add(key);
  }
  return problems;
}

export const tooManyRows = (rows: readonly EditableRow[]) => rows.length > REFERENCE_VALUES_MAX;

/** The save call's body: every value in its on-screen order, with the cells of the list's columns. */
export function saveBodyOf(
  id: string | undefined,
  fields: ListFields,
  columns: readonly string[],
  rows: readonly EditableRow[],
): SaveReferenceListBody {
  return {
    ...(id ? { id } : {}),
    key_name: fields.key_name,
    categories: fields.categories.join(','),
    description: fields.description,
    values: rows.map((row) => ({
      ...(row.row_id ? { row_id: row.row_id } : {}),
      value: row.value,
      ...(columns.length > 0
        ? { data: Object.fromEntries(columns.map((column) => [column, row.data[column] ?? ''])) }
        : {}),
    })),
  };
}

/** What "unsaved changes" compares: the fields and the rows as they would be sent. */
export const editSnapshot = (fields: ListFields, columns: readonly string[], rows: readonly EditableRow[]) =>
  JSON.stringify(saveBodyOf(undefined, fields, columns, rows));

/**
 * Server field errors on values ('values.3.value', 'values.3.data') by row key, so they show on the
 * row whatever page it is on; other fields are left to the form.
 */
export function rowErrorsFromServer(
  errors: ReadonlyArray<{ field: string; message: string }>,
  rows: readonly EditableRow[],
): Map<string, string> {
  const result = new Map<string, string>();
  for (const error of errors) {
    const match = /^values\.(\d+)\./.exec(error.field);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row && !result.has(row.key)) result.set(row.key, error.message);
  }
  return result;
}
