// Field permissions per activity (spec §3): for each activity (fs-start, fs-complete and every
// assignment activity of the workflow) a control level per field and per field group. A field's own
// rule wins over its group's; without a rule the activity's default applies.
import {
  COMPLETE_ACTIVITY_ID,
  FIELD_CONTROL_LEVELS,
  START_ACTIVITY_ID,
  type FieldControlLevel,
} from '../constants.ts';
import type { ActivityPermission } from './form-model.ts';

export interface SelectableActivity {
  activityId: string;
  displayName: string;
}

/** The two synthetic activities every form has (spec §3). Display names are translated by id. */
export const SYNTHETIC_ACTIVITIES: readonly SelectableActivity[] = [
  { activityId: START_ACTIVITY_ID, displayName: 'Start' },
  { activityId: COMPLETE_ACTIVITY_ID, displayName: 'Completed' },
];

/** Workflow activity types that create tasks and so become selectable activities (workflow-format.md). */
export const ASSIGNMENT_ACTIVITY_TYPES = ['UserTask', 'Approval', 'Assignment'] as const;

/**
 * The activities of the permission matrix: start, then the workflow's assignment activities in
 * their order, then completed.
 */
export function selectableActivities(
  workflowActivities: ReadonlyArray<{
    type: string;
    activityId: string;
    displayName?: string;
    name?: string;
  }>,
): SelectableActivity[] {
  const assignments = workflowActivities
    .filter((activity) => (ASSIGNMENT_ACTIVITY_TYPES as readonly string[]).includes(activity.type))
    .map((activity) => ({
      activityId: activity.activityId,
      displayName: activity.displayName || activity.name || activity.activityId,
    }));
  const [start, complete] = SYNTHETIC_ACTIVITIES as [SelectableActivity, SelectableActivity];
  return [start, ...assignments, complete];
}

/**
 * Without a rule: people fill the form in at the start and at assignments ('visible': shown, its own
 * settings decide editability); a completed record is read-only.
 */
export const defaultControl = (activityId: string): FieldControlLevel =>
  activityId === COMPLETE_ACTIVITY_ID ? 'readonly' : 'visible';

export const isFieldControlLevel = (value: unknown): value is FieldControlLevel =>
  typeof value === 'string' && (FIELD_CONTROL_LEVELS as readonly string[]).includes(value);

/** The control of one field at one activity. */
export function effectiveControl(
  permissions: readonly ActivityPermission[],
  activityId: string,
  groupName: string,
  fieldName: string,
): FieldControlLevel {
  const rules = permissions.find((permission) => permission.activityId === activityId);
  const fieldRule = rules?.fields.find((rule) => rule.name === fieldName)?.control;
  if (fieldRule && isFieldControlLevel(fieldRule)) return fieldRule;
  const groupRule = rules?.fieldGroups.find((rule) => rule.name === groupName)?.control;
  if (groupRule && isFieldControlLevel(groupRule)) return groupRule;
  return defaultControl(activityId);
}

/** Whether a field at a control level is shown, and whether the user may change it. */
export function controlAllows(
  control: FieldControlLevel,
  fieldDisabled = false,
): { visible: boolean; editable: boolean } {
  switch (control) {
    case 'hidden':
      return { visible: false, editable: false };
    case 'readonly':
      return { visible: true, editable: false };
    case 'editable':
      return { visible: true, editable: true };
    default:
      return { visible: true, editable: !fieldDisabled };
  }
}

/** Sets (or with null clears) one rule, returning new permissions; empty activities are dropped. */
export function setControl(
  permissions: readonly ActivityPermission[],
  activityId: string,
  target: { kind: 'field' | 'group'; name: string },
  control: FieldControlLevel | null,
): ActivityPermission[] {
  const existing = permissions.find((permission) => permission.activityId === activityId) ?? {
    activityId,
    fields: [],
    fieldGroups: [],
  };
  const key = target.kind === 'field' ? 'fields' : 'fieldGroups';
  const others = existing[key].filter((rule) => rule.name !== target.name);
  const updated: ActivityPermission = {
    ...existing,
    [key]: control === null ? others : [...others, { name: target.name, control }],
  };
  const rest = permissions.filter((permission) => permission.activityId !== activityId);
  const keep = updated.fields.length > 0 || updated.fieldGroups.length > 0;
  return keep ? [...rest, updated] : rest;
}
