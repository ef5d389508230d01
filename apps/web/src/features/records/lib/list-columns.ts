// The columns a record list can show (spec §3): the app's top-level fields, then the derived status,
// the default system fields and the workflow columns. Table groups, passwords and buttons hold no
// value a list can show, so they never become columns.
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
  const known = new Set(columns.map((column) => column.key));
  const chosen = (saved ?? appDefault ?? []).filter(
    (key, index, all) => known.has(key) && all.indexOf(key) === index,
  );
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
