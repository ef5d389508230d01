// Pure rules of the renderer: which control kind a type is, where a field sits on the grid, whether
// an activity shows it and lets it change, and the values a new form (or table row) starts with.
import {
  controlAllows,
  disabledApplies,
  effectiveControl,
  fieldTypeOfEditorType,
  GRID_COLUMNS,
  isCalculationFieldType,
  type FieldType,
  type ModuleDefinition,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import dayjs from 'dayjs';

export type RendererDefinition = Pick<ModuleDefinition, 'fieldGroups' | 'permission'>;
export type FormValues = Record<string, unknown>;
export type TableRow = Record<string, unknown>;

/**
 * How a field gets its value: typed or picked by the user (lookups and external calls included);
 * computed by its formula; shown but produced elsewhere (sequence numbers on submit, barcodes from
 * their value); or none at all (buttons, 'pending' for historical reasons: they only act).
 */
export type FieldInputKind = 'input' | 'computed' | 'display' | 'pending';

const DISPLAY_TYPES: ReadonlySet<string> = new Set(['sequence-number', 'barcode']);
// Buttons hold no value of their own: nothing to require or check. Lookups and external fields are
// checked like any input (a required lookup must be picked).
const PENDING_TYPES: ReadonlySet<string> = new Set(['button']);

export function inputKind(type: FieldType): FieldInputKind {
  if (isCalculationFieldType(type)) return 'computed';
  if (DISPLAY_TYPES.has(type)) return 'display';
  if (PENDING_TYPES.has(type)) return 'pending';
  return 'input';
}

// Spec §5 disabled fields and the table cell key are the domain's (the server applies the same rules).
export { disabledApplies, tableCellKey } from '@formloop/domain';

/** The field's type; editorType first (it carries legacy names such as 'remoteurl'). */
export function fieldTypeOf(field: PayloadField): FieldType | null {
  return fieldTypeOfEditorType(String(field.editorType || field.fieldType || ''));
}

/** The label people see. */
export const fieldLabel = (field: PayloadField): string =>
  field.label || field.fieldName || field.displayName || field.name;

export interface FieldAccess {
  visible: boolean;
  editable: boolean;
}

/** Spec §3 field permissions at an activity, combined with the field's own disabled flag. */
export function fieldAccess(
  definition: RendererDefinition,
  activityId: string | undefined,
  group: PayloadGroup,
  field: PayloadField,
  type: FieldType,
): FieldAccess {
  const disabled = disabledApplies(field, type);
  if (!activityId) return { visible: true, editable: !disabled };
  const control = effectiveControl(definition.permission ?? [], activityId, group.name, field.name);
  return controlAllows(control, disabled);
}

export interface PlacedField {
  field: PayloadField;
  type: FieldType;
  /** Width on the 12-column grid. */
  width: number;
  /** Empty columns before it (gaps the editor kept). */
  offset: number;
}

const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));

/** A group's fields in rows (by rowIndex) along the 12-column grid (by columnIndex). */
export function gridRows(group: PayloadGroup): PlacedField[][] {
  const rows = new Map<number, PayloadField[]>();
  for (const field of group.fields) {
    const rowIndex = Number.isInteger(field.rowIndex) ? field.rowIndex : 0;
    rows.set(rowIndex, [...(rows.get(rowIndex) ?? []), field]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, fields]) => {
      let at = 0;
      const placed: PlacedField[] = [];
      for (const field of [...fields].sort((a, b) => a.columnIndex - b.columnIndex)) {
        const type = fieldTypeOf(field);
        if (type === null) continue;
        const width = clamp(Math.round(field.columnWidth || 4), 1, GRID_COLUMNS);
        const start = Number.isInteger(field.columnIndex) ? field.columnIndex : at;
        const offset = start > at ? clamp(start - at, 0, GRID_COLUMNS - width) : 0;
        placed.push({ field, type, width, offset });
        at += offset + width;
      }
      return placed;
    })
    .filter((row) => row.length > 0);
}

/** A table group's columns in order. */
export function tableColumns(group: PayloadGroup): { field: PayloadField; type: FieldType }[] {
  return [...group.fields]
    .sort((a, b) => a.columnIndex - b.columnIndex)
    .flatMap((field) => {
      const type = fieldTypeOf(field);
      return type === null ? [] : [{ field, type }];
    });
}

/** Values are stored as FieldValueType says: dates 'YYYY-MM-DD', date-times ISO instants, times 'HH:mm:ss'. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

/** The value a new form gives a field, or undefined for none (today/now flags, then the default value). */
export function defaultValue(field: PayloadField, type: FieldType, now: Date): unknown {
  if (type === 'date' && field.today) return dayjs(now).format(DATE_FORMAT);
  if (type === 'datetime' && field.now) return now.toISOString();
  if (type === 'time' && field.now) return dayjs(now).format(TIME_FORMAT);
  if (inputKind(type) === 'computed') return undefined;
  if (field.value === null || field.value === undefined || field.value === '') return undefined;
  return structuredClone(field.value);
}

export function newTableRow(group: PayloadGroup, now: Date): TableRow {
  const row: TableRow = {};
  for (const { field, type } of tableColumns(group)) {
    const value = defaultValue(field, type, now);
    if (value !== undefined) row[field.name] = value;
  }
  return row;
}

/** The rows of a table group; a missing or damaged value reads as no rows. */
export function tableRows(values: FormValues, group: PayloadGroup): TableRow[] {
  const rows = values[group.name];
  return Array.isArray(rows)
    ? rows.map((row) => (typeof row === 'object' && row !== null ? (row as TableRow) : {}))
    : [];
}

/**
 * The values with the defaults of a new form filled in where a field has no value yet (undefined,
 * not null: a cleared field stays cleared), and tables started with their minimum row count.
 */
export function withDefaults(definition: RendererDefinition, values: FormValues, now: Date): FormValues {
  let next = values;
  const set = (key: string, value: unknown) => {
    if (next === values) next = { ...values };
    next[key] = value;
  };
  for (const group of definition.fieldGroups) {
    if (group.isTable) {
      if (!Array.isArray(values[group.name])) {
        const count = Math.max(0, group.minimumRowCount || 0);
        set(
          group.name,
          Array.from({ length: count }, () => newTableRow(group, now)),
        );
      }
      continue;
    }
    for (const field of group.fields) {
      const type = fieldTypeOf(field);
      if (type === null || values[field.name] !== undefined) continue;
      const value = defaultValue(field, type, now);
      if (value !== undefined) set(field.name, value);
    }
  }
  return next;
}

/** Whether a table can take another row (maximumRowCount 0 means no limit). */
export const canAddRow = (group: PayloadGroup, count: number): boolean =>
  !(group.maximumRowCount > 0 && count >= group.maximumRowCount);

/** Whether a table can lose a row without going below its minimum. */
export const canRemoveRow = (group: PayloadGroup, count: number): boolean =>
  count > Math.max(0, group.minimumRowCount || 0);
