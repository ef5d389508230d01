// Approvers of task activities: how the picker names them, which ids the designer must ask
// LookupAssignee about, and which activities have no approver left (spec §5 'Workflow assignee').
import {
  TASK_ACTIVITY_TYPES,
  type Approver,
  type WorkflowActivity,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { readApprovers } from './properties.ts';

/** Approver kinds that live in the directory (and so may disappear); fields and the initiator cannot. */
export const DIRECTORY_TYPES = ['user', 'team', 'role'] as const satisfies readonly Approver['type'][];
export type DirectoryType = (typeof DIRECTORY_TYPES)[number];

export const isDirectoryApprover = (approver: Approver): boolean =>
  (DIRECTORY_TYPES as readonly string[]).includes(approver.type);

export const isTaskActivity = (activity: WorkflowActivity): boolean =>
  (TASK_ACTIVITY_TYPES as readonly string[]).includes(activity.type);

/** The initiator as an approver: the person who submitted the record. */
export const INITIATOR_APPROVER: Approver = { approver_id: 'initiator', type: 'initiator' };

/** One select value per approver. The type comes first: ids of different kinds may collide. */
export const approverKey = (approver: Pick<Approver, 'type' | 'approver_id'>): string =>
  `${approver.type}:${approver.approver_id}`;

/** Every user, team and role id the workflow's task activities name, sorted and unique. */
export function directoryApproverIds(definition: WorkflowDefinition): string[] {
  const ids = new Set<string>();
  for (const activity of definition.activities) {
    if (!isTaskActivity(activity)) continue;
    for (const approver of readApprovers(activity))
      if (isDirectoryApprover(approver)) ids.add(approver.approver_id);
  }
  return [...ids].sort();
}

/**
 * The task activities none of whose approvers would hold the task: every user, team and role it
 * names is missing from `available` (what LookupAssignee ?ids= answered: inactive users are left
 * out) or is a team or role without an active member, and it names no field or initiator. An
 * activity without approvers is a validation issue (missing-assignees), not this message.
 */
export function unavailableActivities(
  definition: WorkflowDefinition,
  available: ReadonlyArray<Pick<Approver, 'type' | 'approver_id'> & { members?: number }>,
): Set<string> {
  const present = new Set(available.filter((item) => item.members !== 0).map(approverKey));
  const result = new Set<string>();
  for (const activity of definition.activities) {
    if (!isTaskActivity(activity)) continue;
    const approvers = readApprovers(activity);
    if (approvers.length === 0) continue;
    const anyLeft = approvers.some(
      (approver) => !isDirectoryApprover(approver) || present.has(approverKey(approver)),
    );
    if (!anyLeft) result.add(activity.activityId);
  }
  return result;
}
