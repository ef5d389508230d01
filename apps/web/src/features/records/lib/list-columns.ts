// The columns a record list can show (spec §3): the app's top-level fields, then the derived status,
// the default system fields and the workflow columns. Table groups, passwords and buttons hold no
// value a list can show, so they never become columns.
import type { RecordRow } from '@formloop/contracts';
import {
  DEFAULT_SYSTEM_FIELDS,
  DEFAULT_VISIBLE_COLUMNS,
  SYSTEM_FIELD_COLUMNS,
  WORKFLOW_COLUMNS,
  fieldListKind,
  systemColumnType,
  type FieldListKind,
  type FieldType,
  type PayloadField,
  type PayloadGroup,
  type SystemColumn,
} from '@formloop/domain';

/** How a column's values look, which decides how cells render and which filters suit it. */
export type ColumnKind = FieldListKind | 'html' | 'status';

export interface ListColumn {
  /** The field's name or the system column, as the data table request names it. */
  key: string;
  system: boolean;
  kind: ColumnKind;
  /** Fields: the label the builder gave. System columns are translated by key instead. */
  label: string;
  field?: PayloadField;
}

/** Rich text renders as (sanitised) HTML; every other kind is the domain's, shared with the server. */
const RICH_TEXT: ReadonlySet<FieldType> = new Set<FieldType>(['richtext', 'richtext-html']);

/** The column kind of a listed field (fieldListKind never answers null for listed fields). */
export const columnKindOfField = (field: PayloadField): ColumnKind =>
  RICH_TEXT.has(field.fieldType) ? 'html' : (fieldListKind(field, field.fieldType) ?? 'text');

export const fieldLabel = (field: PayloadField): string =>
  field.label || field.fieldName || field.displayName || field.name;

/** The top-level fields of the form in form order (never those inside table groups). */
export function topLevelFields(groups: readonly PayloadGroup[]): PayloadField[] {
  return [...groups]
    .filter((group) => !group.isTable)
    .sort((a, b) => a.sectionIndex - b.sectionIndex || a.orderIndex - b.orderIndex)
    .flatMap((group) =>
      [...group.fields].sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex),
    )
    .filter((field) => !field.isTable && field.name !== '');
}

function systemKind(column: SystemColumn): ColumnKind {
  if (column === 'status') return 'status';
  return systemColumnType(column);
}

/**
 * The system columns in the order a list offers them: status, the spec's default system fields
 * (Created By … Expire At), then the workflow's own columns not already among them.
 */
export const LIST_SYSTEM_COLUMNS: readonly SystemColumn[] = (() => {
  const systemFields = DEFAULT_SYSTEM_FIELDS.map((label) => SYSTEM_FIELD_COLUMNS[label]);
  const rest = WORKFLOW_COLUMNS.filter((column) => !(systemFields as readonly string[]).includes(column));
  return ['status', ...systemFields, ...rest];
})();

/** Every column of an app's record list, fields first. */
export function listColumns(groups: readonly PayloadGroup[]): ListColumn[] {
  const fields = topLevelFields(groups)
    .filter((field) => fieldListKind(field, field.fieldType) !== null)
    .map<ListColumn>((field) => ({
      key: field.name,
      system: false,
      kind: columnKindOfField(field),
      label: fieldLabel(field),
      field,
    }));
  const taken = new Set(fields.map((column) => column.key));
  const system = LIST_SYSTEM_COLUMNS.filter((key) => !taken.has(key)).map<ListColumn>((key) => ({
    key,
    system: true,
    kind: systemKind(key),
    label: key,
  }));
  return [...fields, ...system];
}

/** A column as the column chooser keeps it: every column in display order, each shown or not. */
export interface ColumnSetting {
  key: string;
  visible: boolean;
}

/** The known columns someone chose (a saved view, else the app's default), each once. */
function chosenKeys(
  columns: readonly ListColumn[],
  saved: readonly string[] | undefined,
  appDefault: readonly string[] | undefined,
): string[] {
  const known = new Set(columns.map((column) => column.key));
  return (saved ?? appDefault ?? []).filter(
    (key, index, all) => known.has(key) && all.indexOf(key) === index,
  );
}

/**
 * Whether nobody chose the columns: no saved view and no default columns of the app, so the list
 * shows the spec's default set (and may leave out what says nothing: automaticColumns).
 */
export const nobodyChoseColumns = (
  columns: readonly ListColumn[],
  saved: readonly string[] | undefined,
  appDefault: readonly string[] | undefined,
): boolean => chosenKeys(columns, saved, appDefault).length === 0;

/**
 * The chooser's starting point: a saved view's columns first (in its order, unknown names dropped),
 * then the rest hidden. Without a saved view, the app's default list columns when the builder set
 * them, else the first DEFAULT_VISIBLE_COLUMNS (spec §9: 25).
 */
export function initialColumnSettings(
  columns: readonly ListColumn[],
  saved: readonly string[] | undefined,
  appDefault: readonly string[] | undefined,
): ColumnSetting[] {
  const chosen = chosenKeys(columns, saved, appDefault);
  if (chosen.length === 0) {
    return columns.map((column, index) => ({ key: column.key, visible: index < DEFAULT_VISIBLE_COLUMNS }));
  }
  const picked = new Set(chosen);
  return [
    ...chosen.map((key) => ({ key, visible: true })),
    ...columns
      .filter((column) => !picked.has(column.key))
      .map((column) => ({ key: column.key, visible: false })),
  ];
}

export const visibleKeys = (settings: readonly ColumnSetting[]): string[] =>
  settings.filter((setting) => setting.visible).map((setting) => setting.key);

/**
 * System columns shown by default even when a page has nothing in them: the status is never empty,
 * and the starter's e-mail belongs with every submitted entry (the server does not fill it in yet).
 */
const SHOWN_WHEN_EMPTY: ReadonlySet<string> = new Set(['status', 'workflow_initiator_email']);

/** Whether a row has something to show in a system column; no open tasks (0) is nothing. */
export function hasSystemValue(row: RecordRow, key: string): boolean {
  const value = (row as unknown as Record<string, unknown>)[key];
  if (key === 'tasks') return typeof value === 'number' && value > 0;
  return value !== null && value !== undefined && value !== '';
}

/** How many columns a phone shows by default: the first app fields, then the status. */
export const PHONE_FIELD_COLUMNS = 2;
export const PHONE_COLUMNS = 3;

/** The few columns a phone shows: the first PHONE_FIELD_COLUMNS fields and the status, filled up in order. */
function phoneSubset(keys: readonly string[], systemKeys: ReadonlySet<string>): Set<string> {
  const picked = keys.filter((key) => !systemKeys.has(key)).slice(0, PHONE_FIELD_COLUMNS);
  if (keys.includes('status')) picked.push('status');
  for (const key of keys) {
    if (picked.length >= PHONE_COLUMNS) break;
    if (!picked.includes(key)) picked.push(key);
  }
  return new Set(picked);
}

/**
 * The spec's default columns as a page shows them while nobody chose columns: system columns that
 * are empty in every row of the page (Flow Name, Expire At where nothing sets them) are left out
 * until a row has a value there, and a phone shows only a few (phoneSubset). The request still asks
 * for the whole default set, so a column comes back as soon as a page has something in it.
 */
export function automaticColumns(
  settings: readonly ColumnSetting[],
  columns: readonly ListColumn[],
  rows: readonly RecordRow[] | undefined,
  phone: boolean,
): ColumnSetting[] {
  const systemKeys = new Set(columns.filter((column) => column.system).map((column) => column.key));
  const unused = (key: string) =>
    rows !== undefined &&
    systemKeys.has(key) &&
    !SHOWN_WHEN_EMPTY.has(key) &&
    !rows.some((row) => hasSystemValue(row, key));
  let shown = settings.map((setting) =>
    setting.visible && unused(setting.key) ? { ...setting, visible: false } : setting,
  );
  if (phone) {
    const keep = phoneSubset(visibleKeys(shown), systemKeys);
    shown = shown.map((setting) =>
      setting.visible && !keep.has(setting.key) ? { ...setting, visible: false } : setting,
    );
  }
  return shown;
}

/** The user ids a page of rows shows in user columns (created_by and modified_by come with names). */
export function userIdsOnPage(
  rows: ReadonlyArray<{ data: Record<string, unknown>; workflow_initiator_user: string | null }>,
  columns: readonly ListColumn[],
): string[] {
  const ids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') ids.add(value);
  };
  for (const column of columns) {
    if (column.kind !== 'user' && column.kind !== 'users') continue;
    for (const row of rows) {
      if (column.system) {
        if (column.key === 'workflow_initiator_user') add(row.workflow_initiator_user);
        continue;
      }
      const value = row.data[column.key];
      if (Array.isArray(value)) value.forEach(add);
      else add(value);
    }
  }
  return [...ids].sort();
}
