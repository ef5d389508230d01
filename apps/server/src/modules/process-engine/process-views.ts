import type { ActivityRef, EmailLogRow, InstanceHistoryEntry, ProcessInstanceRow } from '@formloop/contracts';
import { INITIATOR_ACTIVITY_ID, type PinnedDefinition } from '@formloop/workflow';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { pinnedDefinitionOf } from '../workflow/index.ts';
import type { InstanceHistoryRow, InstanceListRow } from './process-engine.repository.ts';
import type { EmailLogDbRow } from './process-stats.repository.ts';

// Database rows as the API answers them (contracts/process-engine.ts): ISO times, activity ids
// named from the definition the instance runs.

export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** An activity id with its display name in the pinned definition (the id itself when it is gone). */
export function activityRef(pinned: PinnedDefinition | null, activityId: string): ActivityRef {
  if (activityId === INITIATOR_ACTIVITY_ID) return { activityId, activityName: 'Initiator' };
  const activity = pinned?.definition.activities.find((candidate) => candidate.activityId === activityId);
  return { activityId, activityName: activity?.displayName || activity?.name || activityId };
}

/** The definitions the rows run, read once per app version (pinnedDefinitionOf caches them too). */
export async function definitionsOf(
  tx: TenantTx,
  tenantId: string,
  rows: ReadonlyArray<Pick<InstanceListRow, 'module_id' | 'module_version'>>,
): Promise<(row: Pick<InstanceListRow, 'module_id' | 'module_version'>) => PinnedDefinition | null> {
  const key = (row: Pick<InstanceListRow, 'module_id' | 'module_version'>) =>
    `${row.module_id}/${row.module_version}`;
  const found = new Map<string, PinnedDefinition | null>();
  for (const row of rows) {
    if (!found.has(key(row))) found.set(key(row), await pinnedDefinitionOf(tx, tenantId, row));
  }
  return (row) => found.get(key(row)) ?? null;
}

/** Where an instance is: the activities it waits at, or the one that faulted. */
function currentActivities(row: InstanceListRow, pinned: PinnedDefinition | null): ActivityRef[] {
  if (row.status === 'Faulted' && row.fault_activity_id) return [activityRef(pinned, row.fault_activity_id)];
  return (row.state.blocking ?? []).map((blocking) => activityRef(pinned, blocking.activityId));
}

export function toInstanceRow(row: InstanceListRow, pinned: PinnedDefinition | null): ProcessInstanceRow {
  return {
    id: row.id,
    module_id: row.module_id,
    display_name: row.display_name,
    record_id: row.record_id,
    module_version: row.module_version,
    status: row.status,
    current_activities: currentActivities(row, pinned),
    initiator_name: row.initiator_name,
    started_on: iso(row.started_on),
    finished_on: isoOrNull(row.finished_on),
    faulted_on: isoOrNull(row.faulted_on),
    fault_message: row.fault_message,
  };
}

export const toHistoryEntry = (row: InstanceHistoryRow): InstanceHistoryEntry => ({
  activityId: row.activity_id,
  activityName: row.activity_name,
  activityType: row.activity_type,
  actionType: row.action_type,
  outcome: row.outcome,
  message: row.message,
  assignee: row.assignee,
  initiatedBy: row.initiated_by_name,
  createdOn: iso(row.created_on),
});

export const toEmailLogRow = (row: EmailLogDbRow): EmailLogRow => ({
  id: row.id,
  created_on: iso(row.created_on),
  event: row.event,
  recipients: row.recipients,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  error: row.error,
  sent_on: isoOrNull(row.sent_on),
  module_id: row.module_id,
  display_name: row.display_name,
  record_id: row.record_id,
});
