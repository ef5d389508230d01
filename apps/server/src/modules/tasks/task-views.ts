import { msg, type TaskRow } from '@formloop/contracts';
import {
  maskPasswordValues,
  withoutHiddenFields,
  type ModuleDefinition,
  type RecordValues,
} from '@formloop/domain';
import { INITIATOR_ACTIVITY_ID, type WorkflowDefinition } from '@formloop/workflow';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { RawTaskRow } from './tasks.repository.ts';
import { isoTimestamp } from '../../platform/database/timestamps.ts';

// Rows → the API's task shapes, and the pure parts of a task's detail (send-back targets) and of the
// dynamic list (which record values a task row carries).

const iso = isoTimestamp;

export function toTaskRow(row: RawTaskRow): TaskRow {
  return {
    id: row.id,
    display_name: row.display_name,
    activity_title: row.activity_title,
    task_type: row.task_type,
    assigned_from_user: row.assigned_from_user,
    record_started_by: row.record_started_by,
    started_on: iso(row.started_on),
    module_id: row.module_id,
    record_id: row.record_id,
    activity_id: row.activity_id,
    status: row.status,
    completed_on: row.completed_on === null ? null : iso(row.completed_on),
    outcome: row.outcome,
  };
}

/** The initiator as a send-back target (goback with goBackToActivityId fs-start returns the record). */
export const INITIATOR_TARGET = { activityId: INITIATOR_ACTIVITY_ID, displayName: 'Initiator' } as const;

/** The task activities the instance completed so far (InstanceState.visited), read defensively. */
function visitedOf(state: unknown): string[] {
  const visited = (state as { visited?: unknown } | null)?.visited;
  return Array.isArray(visited) ? visited.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Where an open task may send its record back: the initiator, then the task activities the instance
 * already passed (oldest first, each once), named as the instance's pinned definition names them —
 * a later publish renaming activities does not rename a running instance's steps. None when the task
 * is closed, is the initiator's own resubmit task, or its activity forbids send-back (allowSendBack
 * false). Activities the pinned definition does not have cannot be gone back to and are left out.
 */
export function sendBackTargets(
  task: { status: string; activity_id: string },
  definition: WorkflowDefinition | null,
  state: unknown,
): Array<{ activityId: string; displayName: string }> {
  if (task.status !== 'Open' || task.activity_id === INITIATOR_ACTIVITY_ID || !definition) return [];
  const byId = new Map(definition.activities.map((activity) => [activity.activityId, activity]));
  if (byId.get(task.activity_id)?.properties.allowSendBack === false) return [];
  const targets: Array<{ activityId: string; displayName: string }> = [{ ...INITIATOR_TARGET }];
  const seen = new Set([task.activity_id, INITIATOR_ACTIVITY_ID]);
  for (const activityId of visitedOf(state)) {
    const activity = byId.get(activityId);
    if (seen.has(activityId) || !activity) continue;
    seen.add(activityId);
    targets.push({ activityId, displayName: activity.displayName || activity.name || activityId });
  }
  return targets;
}

/** The names dynamicdatatables accepts as columns: the form's fields outside tables, and table names. */
export function formColumns(definition: Pick<ModuleDefinition, 'fieldGroups'>): Set<string> {
  const names = new Set<string>();
  for (const group of definition.fieldGroups) {
    if (group.isTable) names.add(group.name);
    else for (const field of group.fields ?? []) if (typeof field.name === 'string') names.add(field.name);
  }
  return names;
}

/** 400 naming each requested column the app's form does not have. */
export function requireKnownColumns(columns: readonly string[], known: ReadonlySet<string>): void {
  const errors = columns.flatMap((name, index) =>
    known.has(name) ? [] : [fieldError(`columns.${index}`, msg('records.unknownField'))],
  );
  if (errors.length > 0) throw badRequest(msg('records.unknownField'), errors);
}

/**
 * A task's record values as the list shows them: nothing hidden at the task's activity, no password
 * values, and only the requested columns (all when none are named).
 */
export function taskValues(
  definition: ModuleDefinition,
  activityId: string,
  data: RecordValues,
  columns: readonly string[] | undefined,
): RecordValues {
  const shown = maskPasswordValues(definition, withoutHiddenFields(definition, activityId, data), 'remove');
  if (!columns) return shown;
  return Object.fromEntries(columns.filter((name) => name in shown).map((name) => [name, shown[name]]));
}
