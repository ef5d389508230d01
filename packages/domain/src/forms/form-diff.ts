// What changed between two versions of a module (spec §4: draft and published side by side, with a
// visible diff). Fields are matched by id and groups by name, so a renamed field reads as one
// change of its name instead of a removal and an addition. The output is in form order so a reader
// can walk the list alongside the form.
import { COMPLETE_ACTIVITY_ID, START_ACTIVITY_ID } from '../constants.ts';
import { jsonEqual } from './app-status.ts';
import type { ActivityPermission, ModuleDefinition, PayloadField, PayloadGroup } from './form-model.ts';

export const FORM_CHANGE_KINDS = ['added', 'removed', 'changed', 'moved'] as const;
export type FormChangeKind = (typeof FORM_CHANGE_KINDS)[number];
export type FormChangeScope = 'field' | 'group' | 'permission' | 'config';

/**
 * One difference. `id` is the field id, the group name, the activity id (permission) or the top
 * key of defaultConfig (config). What `before`/`after` hold depends on the change:
 * - changed: the values of `property` (dotted for nested settings, e.g. 'lookup.moduleId');
 * - added/removed field: its fieldType on the side where it exists; added/removed group: its displayName;
 * - moved field: `FieldPlace`; moved group: its position among the groups (0-based);
 * - permission: the control on each side (absent = no rule), `property` 'fields.{name}' or
 *   'fieldGroups.{name}';
 * - config: the value at `property` on each side.
 */
export interface FormChange {
  kind: FormChangeKind;
  scope: FormChangeScope;
  id: string;
  label: string;
  /** The group (name) a field belongs to: after the change, or before it for a removal. */
  group?: string;
  property?: string;
  before?: unknown;
  after?: unknown;
}

/** Where a field sits. */
export interface FieldPlace {
  group: string;
  rowIndex: number;
  columnIndex: number;
}

/**
 * Field keys that are not settings of their own: placement (reported as 'moved'), copies of
 * fieldName/fieldType the payload carries for older readers, and the table's column headers
 * (derived from the labels of its fields).
 */
const NOT_SETTINGS = new Set([
  'id',
  'rowIndex',
  'columnIndex',
  'isTable',
  'headers',
  'displayName',
  'label',
  'editorType',
]);
/** Group keys that are not settings: position and content are compared on their own. */
const GROUP_NOT_SETTINGS = new Set(['name', 'sectionIndex', 'orderIndex', 'fields']);
/** The settings a reader looks for first; the rest follow alphabetically. */
const FIRST_SETTINGS = ['fieldName', 'name', 'fieldType'];

type Plain = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys of both sides (undefined counts as absent): `first` in that order, then the rest sorted. */
function orderedKeys(before: Plain, after: Plain, skip: ReadonlySet<string>, first: string[] = []): string[] {
  const present = new Set(
    [...Object.keys(before), ...Object.keys(after)].filter(
      (key) => !skip.has(key) && (before[key] !== undefined || after[key] !== undefined),
    ),
  );
  const leading = first.filter((key) => present.has(key));
  const rest = [...present].filter((key) => !first.includes(key)).sort();
  return [...leading, ...rest];
}

interface ValueChange {
  property: string;
  before: unknown;
  after: unknown;
}

/** Differences of two JSON values; objects on both sides are walked key by key, arrays compared whole. */
function diffValues(before: unknown, after: unknown, property: string, out: ValueChange[]): void {
  if (jsonEqual(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of orderedKeys(before, after, new Set()))
      diffValues(before[key], after[key], `${property}.${key}`, out);
    return;
  }
  out.push({ property, before, after });
}

function diffSettings(
  before: Plain,
  after: Plain,
  skip: ReadonlySet<string>,
  first?: string[],
): ValueChange[] {
  const out: ValueChange[] = [];
  for (const key of orderedKeys(before, after, skip, first)) diffValues(before[key], after[key], key, out);
  return out;
}

const sortedGroups = (groups: readonly PayloadGroup[]): PayloadGroup[] =>
  [...groups].sort(
    (a, b) => (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || (a.sectionIndex ?? 0) - (b.sectionIndex ?? 0),
  );
const sortedFields = (fields: readonly PayloadField[]): PayloadField[] =>
  [...fields].sort(
    (a, b) => (a.rowIndex ?? 0) - (b.rowIndex ?? 0) || (a.columnIndex ?? 0) - (b.columnIndex ?? 0),
  );

/** A field's key for matching: its id, or its machine name when an older payload has no id. */
const fieldKey = (field: PayloadField): string => (field.id ? field.id : `name:${field.name}`);
const fieldId = (field: PayloadField): string => field.id || field.name;
const fieldLabel = (field: PayloadField): string => field.fieldName || field.label || field.name || field.id;
const groupLabel = (group: PayloadGroup): string => group.displayName || group.name;
const fieldTypeOf = (field: PayloadField): unknown => field.fieldType ?? field.editorType;
/** fieldType falls back to editorType so an older payload without fieldType compares equal. */
const settingsOf = (field: PayloadField): Plain => ({ ...field, fieldType: fieldTypeOf(field) });
const placeOf = (field: PayloadField, group: string): FieldPlace => ({
  group,
  rowIndex: field.rowIndex ?? 0,
  columnIndex: field.columnIndex ?? 0,
});

interface Indexed {
  groups: PayloadGroup[];
  /** field key → the field and its group's name (first occurrence wins). */
  fields: Map<string, { field: PayloadField; group: string }>;
}

function index(definition: ModuleDefinition | null): Indexed {
  const groups = sortedGroups(definition?.fieldGroups ?? []);
  const fields = new Map<string, { field: PayloadField; group: string }>();
  for (const group of groups)
    for (const field of sortedFields(group.fields ?? []))
      if (!fields.has(fieldKey(field))) fields.set(fieldKey(field), { field, group: group.name });
  return { groups, fields };
}

/** Positions of the groups both sides have, among only those groups (so an insertion moves nothing). */
function commonPositions(groups: PayloadGroup[], other: PayloadGroup[]): Map<string, number> {
  const names = new Set(other.map((group) => group.name));
  return new Map(
    groups.filter((group) => names.has(group.name)).map((group, position) => [group.name, position]),
  );
}

function diffForm(before: Indexed, after: Indexed): FormChange[] {
  const changes: FormChange[] = [];
  const beforeGroups = new Map(before.groups.map((group) => [group.name, group]));
  const afterNames = new Set(after.groups.map((group) => group.name));
  const beforeOrder = commonPositions(before.groups, after.groups);
  const afterOrder = commonPositions(after.groups, before.groups);

  const removedFieldsOf = (group: PayloadGroup) => {
    for (const field of sortedFields(group.fields ?? [])) {
      const key = fieldKey(field);
      if (after.fields.has(key) || before.fields.get(key)?.field !== field) continue;
      changes.push({
        kind: 'removed',
        scope: 'field',
        id: fieldId(field),
        label: fieldLabel(field),
        group: group.name,
        before: fieldTypeOf(field),
      });
    }
  };

  after.groups.forEach((group, position) => {
    const label = groupLabel(group);
    const old = beforeGroups.get(group.name);
    if (!old) {
      changes.push({ kind: 'added', scope: 'group', id: group.name, label, after: group.displayName });
    } else {
      for (const change of diffSettings(
        old as unknown as Plain,
        group as unknown as Plain,
        GROUP_NOT_SETTINGS,
      ))
        changes.push({ kind: 'changed', scope: 'group', id: group.name, label, ...change });
      if (beforeOrder.get(group.name) !== afterOrder.get(group.name))
        changes.push({
          kind: 'moved',
          scope: 'group',
          id: group.name,
          label,
          before: before.groups.indexOf(old),
          after: position,
        });
    }
    for (const field of sortedFields(group.fields ?? [])) {
      const key = fieldKey(field);
      if (after.fields.get(key)?.field !== field) continue; // a duplicate id: reported once
      const base = {
        scope: 'field' as const,
        id: fieldId(field),
        label: fieldLabel(field),
        group: group.name,
      };
      const previous = before.fields.get(key);
      if (!previous) {
        changes.push({ kind: 'added', ...base, after: fieldTypeOf(field) });
        continue;
      }
      for (const change of diffSettings(
        settingsOf(previous.field),
        settingsOf(field),
        NOT_SETTINGS,
        FIRST_SETTINGS,
      ))
        changes.push({ kind: 'changed', ...base, ...change });
      const from = placeOf(previous.field, previous.group);
      const to = placeOf(field, group.name);
      if (!jsonEqual(from, to)) changes.push({ kind: 'moved', ...base, before: from, after: to });
    }
    if (old) removedFieldsOf(old);
  });

  for (const group of before.groups) {
    if (afterNames.has(group.name)) continue;
    changes.push({
      kind: 'removed',
      scope: 'group',
      id: group.name,
      label: groupLabel(group),
      before: group.displayName,
    });
    removedFieldsOf(group);
  }
  return changes;
}

/** Activities in matrix order: start, the others as they first appear, completed last. */
function activityOrder(
  before: readonly ActivityPermission[],
  after: readonly ActivityPermission[],
): string[] {
  const seen = [...new Set([...after, ...before].map((permission) => permission.activityId))];
  const rank = (id: string) => (id === START_ACTIVITY_ID ? 0 : id === COMPLETE_ACTIVITY_ID ? 2 : 1);
  return seen
    .map((id, position) => ({ id, position }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.position - b.position)
    .map(({ id }) => id);
}

/** Rule targets in form order: each group's rule, then its fields'; targets the form lacks last, by name. */
function targetOrder(
  after: Indexed,
  before: Indexed,
): Map<string, { rank: number; label: string; group?: string }> {
  const order = new Map<string, { rank: number; label: string; group?: string }>();
  for (const { groups } of [after, before])
    for (const group of groups) {
      if (!order.has(`fieldGroups.${group.name}`))
        order.set(`fieldGroups.${group.name}`, { rank: order.size, label: groupLabel(group) });
      for (const field of sortedFields(group.fields ?? []))
        if (!order.has(`fields.${field.name}`))
          order.set(`fields.${field.name}`, {
            rank: order.size,
            label: fieldLabel(field),
            group: group.name,
          });
    }
  return order;
}

function rulesOf(permissions: readonly ActivityPermission[], activityId: string): Map<string, unknown> {
  const rules = new Map<string, unknown>();
  for (const permission of permissions.filter((item) => item.activityId === activityId)) {
    for (const rule of permission.fieldGroups ?? []) rules.set(`fieldGroups.${rule.name}`, rule.control);
    for (const rule of permission.fields ?? []) rules.set(`fields.${rule.name}`, rule.control);
  }
  return rules;
}

function diffPermissions(
  before: readonly ActivityPermission[],
  after: readonly ActivityPermission[],
  targets: Map<string, { rank: number; label: string; group?: string }>,
): FormChange[] {
  const changes: FormChange[] = [];
  for (const activityId of activityOrder(before, after)) {
    const old = rulesOf(before, activityId);
    const next = rulesOf(after, activityId);
    const keys = [...new Set([...next.keys(), ...old.keys()])].sort((a, b) => {
      const left = targets.get(a)?.rank ?? Number.MAX_SAFE_INTEGER;
      const right = targets.get(b)?.rank ?? Number.MAX_SAFE_INTEGER;
      return left - right || a.localeCompare(b);
    });
    for (const property of keys) {
      const from = old.get(property);
      const to = next.get(property);
      if (from === to) continue;
      const target = targets.get(property);
      const kind: FormChangeKind = from === undefined ? 'added' : to === undefined ? 'removed' : 'changed';
      changes.push({
        kind,
        scope: 'permission',
        id: activityId,
        label: target?.label ?? property.slice(property.indexOf('.') + 1),
        ...(target?.group === undefined ? {} : { group: target.group }),
        property,
        ...(from === undefined ? {} : { before: from }),
        ...(to === undefined ? {} : { after: to }),
      });
    }
  }
  return changes;
}

function diffConfig(before: Plain, after: Plain): FormChange[] {
  return diffSettings(before, after, new Set()).map((change) => {
    const id = change.property.split('.')[0] ?? change.property;
    const kind: FormChangeKind =
      change.before === undefined ? 'added' : change.after === undefined ? 'removed' : 'changed';
    return { kind, scope: 'config' as const, id, label: id, ...change };
  });
}

/**
 * The changes from `before` (null: never published, so everything is added) to `after`: the form's
 * groups and fields in form order (removals beside where they were, removed groups last), then the
 * permission rules per activity, then the default config. No changes gives [].
 */
export function diffDefinitions(before: ModuleDefinition | null, after: ModuleDefinition): FormChange[] {
  const old = index(before);
  const next = index(after);
  return [
    ...diffForm(old, next),
    ...diffPermissions(before?.permission ?? [], after.permission ?? [], targetOrder(next, old)),
    ...diffConfig((before?.defaultConfig ?? {}) as Plain, (after.defaultConfig ?? {}) as Plain),
  ];
}

/** How many changes of each kind (the publish confirmation's one-line summary). */
export function countChanges(changes: readonly FormChange[]): Record<FormChangeKind, number> {
  const counts: Record<FormChangeKind, number> = { added: 0, removed: 0, changed: 0, moved: 0 };
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}
