// The rows of the field-permission matrix and its column-wide edits. Every change goes through the
// domain's setControl so the saved permission JSON has one shape wherever it is edited.
import {
  defaultControl,
  effectiveControl,
  isFieldControlLevel,
  isEmptyCell,
  setControl,
  type ActivityPermission,
  type FieldControlLevel,
  type FormField,
  type FormLayout,
} from '@formloop/domain';

export interface GroupRow {
  kind: 'group';
  key: string;
  /** Machine name: the key of the group's rules. */
  name: string;
  label: string;
  isTable: boolean;
  fieldCount: number;
}

export interface FieldRow {
  kind: 'field';
  key: string;
  /** Machine name: the key of the field's rules ('' while the field has none yet). */
  name: string;
  label: string;
  group: string;
  fieldType: string;
  inTable: boolean;
}

export type MatrixRow = GroupRow | FieldRow;

/** Each section followed by its fields, in form order (rows, then columns). */
export function matrixRows(layout: FormLayout): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const section of layout.sections) {
    const fields = section.rows.flatMap((row) =>
      row.cells.filter((cell): cell is FormField => !isEmptyCell(cell)),
    );
    rows.push({
      kind: 'group',
      key: `group:${section.id}`,
      name: section.name,
      label: section.displayName || section.name,
      isTable: section.isTable,
      fieldCount: fields.length,
    });
    for (const field of fields)
      rows.push({
        kind: 'field',
        key: `field:${field.id}`,
        name: field.name,
        label: field.fieldName || field.name,
        group: section.name,
        fieldType: field.fieldType,
        inTable: section.isTable,
      });
  }
  return rows;
}

export const hasFields = (rows: readonly MatrixRow[]): boolean => rows.some((row) => row.kind === 'field');

const targetOf = (row: MatrixRow) => ({ kind: row.kind, name: row.name });

/** The row's own rule at an activity, or null when it has none. */
export function ownControl(
  permission: readonly ActivityPermission[],
  activityId: string,
  row: MatrixRow,
): FieldControlLevel | null {
  const rules = permission.find((item) => item.activityId === activityId);
  const list = row.kind === 'field' ? rules?.fields : rules?.fieldGroups;
  return list?.find((rule) => rule.name === row.name)?.control ?? null;
}

/**
 * What applies without the row's own rule: for a field, its section's rule or else the default; for
 * a section, the default. `source` says which, so the matrix can show where the level comes from.
 */
export function fallbackControl(
  permission: readonly ActivityPermission[],
  activityId: string,
  row: MatrixRow,
): { level: FieldControlLevel; source: 'group' | 'default' } {
  if (row.kind === 'field') {
    const rules = permission.find((item) => item.activityId === activityId);
    const groupRule = rules?.fieldGroups?.find((rule) => rule.name === row.group)?.control;
    if (isFieldControlLevel(groupRule)) return { level: groupRule, source: 'group' };
  }
  return { level: defaultControl(activityId), source: 'default' };
}

/** The level that applies to the row at an activity (its own rule, its section's, or the default). */
export const shownControl = (
  permission: readonly ActivityPermission[],
  activityId: string,
  row: MatrixRow,
): FieldControlLevel =>
  row.kind === 'field'
    ? effectiveControl(permission, activityId, row.group, row.name)
    : (ownControl(permission, activityId, row) ?? defaultControl(activityId));

/** Sets or (null) clears one cell. */
export const setCell = (
  permission: readonly ActivityPermission[],
  activityId: string,
  row: MatrixRow,
  control: FieldControlLevel | null,
): ActivityPermission[] => setControl(permission, activityId, targetOf(row), control);

/**
 * Gives every named field the same rule at one activity and drops the section rules there, which
 * no field would follow any more, so the column reads the same as what applies.
 */
export function setColumn(
  permission: readonly ActivityPermission[],
  activityId: string,
  rows: readonly MatrixRow[],
  control: FieldControlLevel,
): ActivityPermission[] {
  return rows.reduce<ActivityPermission[]>(
    (next, row) => {
      if (!row.name) return next;
      if (row.kind === 'group') return setControl(next, activityId, targetOf(row), null);
      return setControl(next, activityId, targetOf(row), control);
    },
    [...permission],
  );
}

/** Removes every rule at one activity (fields and sections alike, including rules of removed fields). */
export function clearColumn(
  permission: readonly ActivityPermission[],
  activityId: string,
): ActivityPermission[] {
  const rules = permission.filter((item) => item.activityId === activityId);
  let next = [...permission];
  for (const rule of rules) {
    for (const field of rule.fields ?? [])
      next = setControl(next, activityId, { kind: 'field', name: field.name }, null);
    for (const group of rule.fieldGroups ?? [])
      next = setControl(next, activityId, { kind: 'group', name: group.name }, null);
  }
  // An entry with no rules at all (as an older form may hold) goes too.
  return next.filter(
    (item) =>
      item.activityId !== activityId || (item.fields?.length ?? 0) + (item.fieldGroups?.length ?? 0) > 0,
  );
}

export const columnHasRules = (permission: readonly ActivityPermission[], activityId: string): boolean =>
  permission.some(
    (item) =>
      item.activityId === activityId && (item.fields?.length ?? 0) + (item.fieldGroups?.length ?? 0) > 0,
  );
