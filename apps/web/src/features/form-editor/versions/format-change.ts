// Readable text for the values of a FormChange (see diffDefinitions for what before/after hold).
import {
  isFieldControlLevel,
  type FieldPlace,
  type FormChange,
  type FormChangeKind,
  type ModuleDefinition,
  type SelectableActivity,
} from '@formloop/domain';
import type { TFunction } from 'i18next';
import { activityName } from '../permissions/activity-name.ts';

/** The order the kinds are listed in, and their tag colours. */
export const KIND_ORDER: readonly FormChangeKind[] = ['added', 'changed', 'moved', 'removed'];
export const KIND_COLOURS: Record<FormChangeKind, string> = {
  added: 'green',
  changed: 'blue',
  moved: 'purple',
  removed: 'red',
};

const MAX_JSON = 120;
type T = TFunction<'formReview'>;

/** A setting's value: yes/no for booleans, '(empty)' for nothing, compact JSON for lists and objects. */
export function formatValue(t: T, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('versions.value.empty');
  if (typeof value === 'boolean') return t(value ? 'versions.value.yes' : 'versions.value.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON - 1)}…` : json;
}

/** Section display names of both versions, the newer winning, so moves read with names. */
export function groupLabels(...definitions: Array<ModuleDefinition | null>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const definition of definitions)
    for (const group of definition?.fieldGroups ?? [])
      if (!labels.has(group.name)) labels.set(group.name, group.displayName || group.name);
  return labels;
}

const isPlace = (value: unknown): value is FieldPlace =>
  typeof value === 'object' && value !== null && 'group' in value && 'rowIndex' in value;

export interface ChangeContext {
  groups: Map<string, string>;
  activities?: readonly SelectableActivity[];
}

/** The before and after texts of a change; a side that does not apply is undefined. */
export function changeValues(
  t: T,
  change: FormChange,
  context: ChangeContext,
): { before?: string; after?: string } {
  const side = (value: unknown): string => {
    if (change.scope === 'permission')
      return isFieldControlLevel(value) ? t(`levels.${value}`) : t('versions.value.noRule');
    if (change.kind === 'moved' && isPlace(value))
      return t('versions.place', {
        group: context.groups.get(value.group) ?? value.group,
        row: value.rowIndex + 1,
        column: value.columnIndex + 1,
      });
    if (change.kind === 'moved' && typeof value === 'number')
      return t('versions.position', { position: value + 1 });
    return formatValue(t, value);
  };
  if (change.scope === 'permission' || change.kind === 'changed' || change.kind === 'moved')
    return { before: side(change.before), after: side(change.after) };
  if (change.scope === 'config')
    return change.kind === 'added' ? { after: side(change.after) } : { before: side(change.before) };
  // Added or removed fields show their type; sections need nothing beyond their name.
  if (change.scope === 'field')
    return change.kind === 'added'
      ? { after: String(change.after ?? '') }
      : { before: String(change.before ?? '') };
  return {};
}

/** Where the change is: a field's section, a rule's activity. */
export function changeWhere(t: T, change: FormChange, context: ChangeContext): string | undefined {
  if (change.scope === 'permission')
    return t('versions.at', { activity: activityName(t, change.id, context.activities) });
  if (change.scope === 'field' && change.group)
    return t('versions.in', { group: context.groups.get(change.group) ?? change.group });
  return undefined;
}

/** The name a change shows: a section rule says it is the section's. */
export function changeLabel(t: T, change: FormChange): string {
  if (change.scope === 'permission' && change.property?.startsWith('fieldGroups.'))
    return t('versions.sectionRule', { name: change.label });
  return change.label;
}

/** The setting a change is about, when the reader needs it (not for permissions: the label says it). */
export const changeProperty = (change: FormChange): string | undefined =>
  change.scope === 'permission' || change.property === change.id ? undefined : change.property;
