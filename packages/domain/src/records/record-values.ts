// The value rules of a record (spec §3 stored values, §5 value checks), shared by the item editor,
// the server's save and submit, and the CSV import so all three accept, refuse and word alike.
// Values arrive from people and files loosely typed; each field type has one stored shape (see the
// records brief: numbers as numbers, dates 'YYYY-MM-DD', instants as toISOString, …) and what cannot
// take it is a problem keyed by the field name or the table cell.
import { MESSAGES } from '../messages.ts';
import { controlAllows, effectiveControl } from '../forms/field-permissions.ts';
import { isCalculationFieldType, type FieldType } from '../forms/field-catalogue.ts';
import type { ModuleDefinition, PayloadField, PayloadGroup } from '../forms/form-model.ts';
import { fieldTypeOfEditorType } from '../forms/form-payload.ts';
import { validateValue } from '../validation/value.ts';
import { decimalsOf, toDisplay } from './number-format.ts';
import {
  coerceFieldValue,
  defaultFieldValue,
  RECORD_VALUE_MESSAGES,
  recordValueMessage,
} from './value-shapes.ts';

export {
  coerceFieldValue,
  defaultFieldValue,
  isStoredFile,
  RECORD_VALUE_MESSAGES,
  recordValueMessage,
  type Coerced,
  type RecordValueMessageKey,
  type StoredFileValue,
} from './value-shapes.ts';

export type RecordDefinition = Pick<ModuleDefinition, 'fieldGroups' | 'permission'>;
export type RecordValues = Record<string, unknown>;

export interface ValueProblem {
  /** A field name, a table group name, or a table cell ('group.rowIndex.field', see tableCellKey). */
  field: string;
  /** English text; the web app translates it by key. */
  message: string;
}

/** The key of one table cell in problems and renderer errors: 'group.rowIndex.field'. */
export const tableCellKey = (groupName: string, rowIndex: number, fieldName: string): string =>
  `${groupName}.${rowIndex}.${fieldName}`;

/** The field's type; editorType first (it carries legacy names such as 'remoteurl'). */
export function payloadFieldType(field: PayloadField): FieldType | null {
  return fieldTypeOfEditorType(String(field.editorType || field.fieldType || ''));
}

/**
 * Types whose value the server produces or that hold none: people never type them, so required and
 * value checks skip them and (except computed fields, recomputed on every save) input is ignored.
 */
const SERVER_OWNED: ReadonlySet<FieldType> = new Set<FieldType>(['sequence-number', 'button']);

/** Whether people supply this type's value (not computed, a sequence number, a button or a barcode shown from its default). */
export const isUserValueType = (type: FieldType): boolean =>
  !isCalculationFieldType(type) && !SERVER_OWNED.has(type) && type !== 'barcode';

/** Spec §5: disabled fields are read-only, except calculation lookups, images, files and external inputs. */
const DISABLED_EXCEPTIONS: ReadonlySet<string> = new Set([
  'calculation-lookup',
  'calculation-remote-lookup',
  'image',
  'file',
  'multi-file',
  'input-external',
  'multi-select-external',
]);

export const disabledApplies = (field: PayloadField, type: FieldType): boolean =>
  Boolean(field.disabled) && !DISABLED_EXCEPTIONS.has(type);

/** Spec §3 field permissions at an activity, combined with the field's own disabled flag. */
export function fieldAccessAt(
  definition: RecordDefinition,
  activityId: string,
  groupName: string,
  field: PayloadField,
  type: FieldType,
): { visible: boolean; editable: boolean } {
  const control = effectiveControl(definition.permission ?? [], activityId, groupName, field.name);
  return controlAllows(control, disabledApplies(field, type));
}

/** A deliberately loose address shape: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmptyValue(value: unknown, type: FieldType): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  // A required checkbox means "must be ticked"; a switch's off is an answer.
  if (type === 'checkbox') return value !== true;
  return false;
}

function matchesPattern(pattern: string, value: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    // The editor reports a broken pattern when the form is designed; a user cannot fix it here.
    return true;
  }
  return regex.test(value);
}

/**
 * Whether a slider value is on its grid (minValue + k × intervalSize), with room for binary
 * fractions (0.1 + 0.2): the control only offers grid values, so another is refused, never snapped.
 */
function onSliderGrid(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/**
 * The number rules beyond the shape: a number field's decimal places are a limit (ADR 0006 "No
 * silent change": 42.5 in a whole-number field is refused, never stored as 43; percentages count
 * the decimals shown, ×100), sliders stay in their range and on their grid, ratings in 0..max.
 */
function checkNumber(field: PayloadField, type: FieldType, value: number): string | null {
  if (type === 'number') {
    const places = field.decimalPlaces;
    if (typeof places === 'number' && places >= 0 && decimalsOf(toDisplay(value, field.format)) > places) {
      return recordValueMessage.decimals(places);
    }
  }
  if (type === 'slider') {
    const min = field.minValue ?? 0;
    const max = field.maxValue ?? 100;
    if (value < min || value > max) return recordValueMessage.range(min, max);
    const step = field.intervalSize ?? 1;
    if (step > 0 && !onSliderGrid(value, min, step)) return recordValueMessage.step(step, min);
  }
  if (type === 'rating') {
    const max = field.maxRating && field.maxRating > 0 ? field.maxRating : 5;
    if (value < 0 || value > max) return recordValueMessage.range(0, max);
  }
  return null;
}

/**
 * The first broken rule of one value (spec §5: required, the field's pattern, e-mail and number
 * shapes, decimal places, slider and rating ranges, the value check of single-line text), as
 * English text, or null.
 */
export function checkFieldValue(field: PayloadField, type: FieldType, value: unknown): string | null {
  if (isEmptyValue(value, type)) return field.required ? MESSAGES.required : null;
  if (type === 'number' || type === 'slider' || type === 'rating') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return RECORD_VALUE_MESSAGES.number;
    const message = checkNumber(field, type, value);
    if (message) return message;
  }
  if (type === 'email' && (typeof value !== 'string' || !EMAIL.test(value.trim()))) {
    return RECORD_VALUE_MESSAGES.email;
  }
  // Spec §5 value check, on single-line text; prose (text areas, rich text) and secrets are free text.
  if (type === 'text' && typeof value === 'string') {
    const message = validateValue(value);
    if (message) return message;
  }
  if (field.regex && (typeof value === 'string' || typeof value === 'number')) {
    if (!matchesPattern(field.regex, String(value))) return RECORD_VALUE_MESSAGES.pattern;
  }
  return null;
}

export interface NormaliseOptions {
  /** The activity the values are written at (fs-start before submission, fs-complete after). */
  activityId: string;
  now: Date;
  /** The record's current values; undefined for a new record (defaults then fill locked fields). */
  stored?: RecordValues;
  /** Drafts may be incomplete (no required check); shapes and value rules always apply. */
  mode: 'draft' | 'submit';
}

export interface NormalisedValues {
  values: RecordValues;
  problems: ValueProblem[];
}

const isRow = (row: unknown): row is RecordValues =>
  typeof row === 'object' && row !== null && !Array.isArray(row);

/** The rows of a table value; null when the value is not a list of row objects. */
function rowsOf(value: unknown): RecordValues[] | null {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isRow)) return null;
  return value;
}

interface Column {
  field: PayloadField;
  type: FieldType;
  access: { visible: boolean; editable: boolean };
}

function columnsOf(definition: RecordDefinition, group: PayloadGroup, activityId: string): Column[] {
  return group.fields.flatMap((field) => {
    const type = payloadFieldType(field);
    if (type === null || type === 'button') return [];
    return [{ field, type, access: fieldAccessAt(definition, activityId, group.name, field, type) }];
  });
}

const present = (value: unknown): boolean => value !== null && value !== undefined;

/**
 * The one value of a field: locked fields (hidden, read-only, server-owned) keep what is stored (a
 * new record gets the field's default), others take the input coerced to the stored shape; then the
 * value rules of what the user could change.
 */
function fieldValue(
  column: Column,
  input: unknown,
  stored: unknown,
  isNew: boolean,
  options: NormaliseOptions,
  key: string,
  problems: ValueProblem[],
): unknown {
  const { field, type, access } = column;
  if (isCalculationFieldType(type)) return input; // recomputed from the other values on every save
  if (!access.editable || SERVER_OWNED.has(type)) {
    if (!isNew) return stored;
    return SERVER_OWNED.has(type) ? undefined : defaultFieldValue(field, type, options.now);
  }
  const coerced = coerceFieldValue(field, type, input);
  if (!coerced.ok) {
    problems.push({ field: key, message: coerced.message });
    return undefined;
  }
  if (!isUserValueType(type)) return coerced.value;
  if (options.mode === 'draft' && isEmptyValue(coerced.value, type)) return coerced.value;
  const message = checkFieldValue(field, type, coerced.value);
  if (message) problems.push({ field: key, message });
  return coerced.value;
}

function tableValue(
  definition: RecordDefinition,
  group: PayloadGroup,
  input: unknown,
  stored: unknown,
  isNew: boolean,
  options: NormaliseOptions,
  problems: ValueProblem[],
): RecordValues[] | undefined {
  const columns = columnsOf(definition, group, options.activityId);
  const storedRows = rowsOf(stored) ?? [];
  // Nothing in the table may change here: its rows stay as stored (row count included).
  if (!columns.some(({ access, type }) => access.editable && !SERVER_OWNED.has(type))) {
    return isNew ? undefined : storedRows;
  }
  const rows = rowsOf(input);
  if (rows === null) {
    problems.push({ field: group.name, message: RECORD_VALUE_MESSAGES.rows });
    return undefined;
  }
  if (options.mode === 'submit') {
    const min = Math.max(0, group.minimumRowCount || 0);
    if (rows.length < min) problems.push({ field: group.name, message: recordValueMessage.tooFewRows(min) });
    if (group.maximumRowCount > 0 && rows.length > group.maximumRowCount) {
      problems.push({ field: group.name, message: recordValueMessage.tooManyRows(group.maximumRowCount) });
    }
  }
  return rows.map((row, index) => {
    // A locked column keeps the cell of the same row as stored (rows carry no identity of their own).
    const before = storedRows[index];
    const out: RecordValues = {};
    for (const column of columns) {
      const name = column.field.name;
      const key = tableCellKey(group.name, index, name);
      const value = fieldValue(
        column,
        row[name],
        before?.[name],
        before === undefined,
        options,
        key,
        problems,
      );
      if (present(value)) out[name] = value;
    }
    return out;
  });
}

/**
 * The values to store for what a client (or an imported row) sent: only the form's fields, each in
 * its stored shape, field permissions at the activity applied (locked fields keep `stored`), and
 * every broken rule as a problem. Empty values are left out (empty = key absent).
 */
export function normaliseRecordValues(
  definition: RecordDefinition,
  input: Record<string, unknown>,
  options: NormaliseOptions,
): NormalisedValues {
  const stored = options.stored ?? {};
  const isNew = options.stored === undefined;
  const values: RecordValues = {};
  const problems: ValueProblem[] = [];
  for (const group of definition.fieldGroups) {
    if (group.isTable) {
      const rows = tableValue(
        definition,
        group,
        input[group.name],
        stored[group.name],
        isNew,
        options,
        problems,
      );
      if (rows !== undefined && rows.length > 0) values[group.name] = rows;
      continue;
    }
    for (const column of columnsOf(definition, group, options.activityId)) {
      const name = column.field.name;
      const value = fieldValue(column, input[name], stored[name], isNew, options, name, problems);
      if (present(value)) values[name] = value;
    }
  }
  return { values, problems };
}

/** Calls `visit` for every field of the form with its group (tables: once per column). */
export function forEachRecordField(
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
  visit: (group: PayloadGroup, field: PayloadField, type: FieldType) => void,
): void {
  for (const group of definition.fieldGroups) {
    for (const field of group.fields) {
      const type = payloadFieldType(field);
      if (type !== null) visit(group, field, type);
    }
  }
}

/**
 * What is hidden at an activity: top-level field names, table group names when the whole table is
 * hidden, and 'group.field' for a hidden column of a visible table.
 */
export function fieldsHiddenAt(definition: RecordDefinition, activityId: string): Set<string> {
  const hidden = new Set<string>();
  for (const group of definition.fieldGroups) {
    const columns = columnsOf(definition, group, activityId);
    if (!group.isTable) {
      for (const { field, access } of columns) if (!access.visible) hidden.add(field.name);
      continue;
    }
    const hiddenColumns = columns.filter(({ access }) => !access.visible);
    if (columns.length > 0 && hiddenColumns.length === columns.length) hidden.add(group.name);
    else for (const { field } of hiddenColumns) hidden.add(`${group.name}.${field.name}`);
  }
  return hidden;
}

/** Rewrites the values of the fields `pick` selects (tables: each cell); undefined removes the value. */
function mapValues(
  definition: RecordDefinition,
  values: RecordValues,
  pick: (group: PayloadGroup, field: PayloadField, type: FieldType) => boolean,
  change: (value: unknown) => unknown,
): RecordValues {
  const out: RecordValues = { ...values };
  const edit = (target: RecordValues, name: string) => {
    if (!(name in target)) return;
    const next = change(target[name]);
    if (next === undefined) delete target[name];
    else target[name] = next;
  };
  for (const group of definition.fieldGroups) {
    const picked = group.fields.filter((field) => {
      const type = payloadFieldType(field);
      return type !== null && pick(group, field, type);
    });
    if (picked.length === 0) continue;
    if (!group.isTable) {
      for (const field of picked) edit(out, field.name);
      continue;
    }
    const rows = rowsOf(out[group.name]);
    if (!rows) continue;
    out[group.name] = rows.map((row) => {
      const copy = { ...row };
      for (const field of picked) edit(copy, field.name);
      return copy;
    });
  }
  return out;
}

/** The values without what is hidden at the activity (the detail answer never carries them). */
export function withoutHiddenFields(
  definition: RecordDefinition,
  activityId: string,
  values: RecordValues,
): RecordValues {
  const hidden = fieldsHiddenAt(definition, activityId);
  const out = mapValues(
    definition,
    values,
    (group, field) => hidden.has(group.isTable ? `${group.name}.${field.name}` : field.name),
    () => undefined,
  );
  for (const group of definition.fieldGroups)
    if (group.isTable && hidden.has(group.name)) delete out[group.name];
  return out;
}

export const PASSWORD_MASK = '********';

/** Password values replaced by a mask (audit rows) or removed (lists, exports). */
export function maskPasswordValues(
  definition: RecordDefinition,
  values: RecordValues,
  how: 'mask' | 'remove' = 'mask',
): RecordValues {
  return mapValues(
    definition,
    values,
    (_group, _field, type) => type === 'password',
    (value) => (how === 'remove' ? undefined : present(value) ? PASSWORD_MASK : value),
  );
}

/** The file keys the file-type values refer to (image, file, multi-file, signature; table cells too). */
export function fileKeysInValues(definition: RecordDefinition, values: RecordValues): string[] {
  const keys = new Set<string>();
  const collect = (value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isRow(item) && typeof item.fileKey === 'string' && item.fileKey !== '') keys.add(item.fileKey);
    }
    return value;
  };
  const FILE_TYPES: ReadonlySet<FieldType> = new Set(['image', 'file', 'multi-file', 'signature']);
  mapValues(definition, values, (_group, _field, type) => FILE_TYPES.has(type), collect);
  return [...keys];
}
