import { sql, type SQL } from 'drizzle-orm';
import type { Approver, HistoryEntry, InstanceState } from '@formloop/workflow';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { markAppWritten } from '../../platform/realtime/app-writes.ts';

// Workflow SQL, tenant first: instances (locked per transition), tasks and their assignees, history,
// the record's workflow columns, and the people an assignment expression names.

export interface InstanceRow {
  id: string;
  module_id: string;
  record_id: string;
  module_version: number;
  status: string;
  state: InstanceState;
  initiator_user: string | null;
}

export interface TaskRow {
  id: string;
  module_id: string;
  record_id: string;
  instance_id: string;
  activity_id: string;
  activity_title: string;
  task_type: string;
  status: string;
  actions: string[];
  approvers: Approver[];
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value ?? null)}::jsonb`;
const uuidList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::uuid)`;
const textList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const rows = async <T>(tx: TenantTx, query: SQL): Promise<T[]> =>
  (await tx.execute<T & Record<string, unknown>>(query)).rows as T[];

/** The workflow an app version was published with (version pinning). */
export async function pinnedWorkflow(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  version: number,
): Promise<unknown> {
  const [row] = await rows<{ workflow: unknown }>(
    tx,
    sql`SELECT workflow FROM module_versions
        WHERE tenant_id = ${tenantId} AND module_id = ${moduleId} AND module_version = ${version}`,
  );
  return row?.workflow ?? null;
}

export async function insertInstance(
  tx: TenantTx,
  tenantId: string,
  instance: {
    moduleId: string;
    recordId: string;
    moduleVersion: number;
    state: InstanceState;
    initiator: string;
  },
): Promise<InstanceRow> {
  const [row] = await rows<InstanceRow>(
    tx,
    sql`INSERT INTO workflow_instances (tenant_id, module_id, record_id, module_version, status, state, initiator_user)
        VALUES (${tenantId}, ${instance.moduleId}, ${instance.recordId}, ${instance.moduleVersion},
                ${instance.state.status}, ${json(instance.state)}, ${instance.initiator})
        RETURNING id, module_id, record_id, module_version, status, state, initiator_user`,
  );
  return row!;
}

/**
 * The record's current instance, locked: every action on it waits for the one before. The callers
 * know only the record (withdraw, restart): its app comes from its instances (a record without one
 * has no current instance either), so the statement on records names the app (ADR 0013).
 */
export async function lockInstanceOfRecord(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
): Promise<InstanceRow | null> {
  const [app] = await rows<{ module_id: string }>(
    tx,
    sql`SELECT module_id FROM workflow_instances WHERE tenant_id = ${tenantId} AND record_id = ${recordId} LIMIT 1`,
  );
  if (!app) return null;
  const [row] = await rows<InstanceRow>(
    tx,
    sql`SELECT i.id, i.module_id, i.record_id, i.module_version, i.status, i.state, i.initiator_user
        FROM records r JOIN workflow_instances i ON i.id = r.workflow_instance_id
        WHERE r.tenant_id = ${tenantId} AND r.module_id = ${app.module_id} AND r.id = ${recordId}
          AND i.tenant_id = ${tenantId}
        FOR UPDATE OF i`,
  );
  return row ?? null;
}

export async function lockInstance(tx: TenantTx, tenantId: string, id: string): Promise<InstanceRow | null> {
  const [row] = await rows<InstanceRow>(
    tx,
    sql`SELECT id, module_id, record_id, module_version, status, state, initiator_user
        FROM workflow_instances WHERE tenant_id = ${tenantId} AND id = ${id} FOR UPDATE`,
  );
  return row ?? null;
}

export async function saveInstance(
  tx: TenantTx,
  tenantId: string,
  id: string,
  state: InstanceState,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`
    UPDATE workflow_instances SET status = ${state.status}, state = ${json(state)}, modified_on = ${at},
      finished_on = CASE WHEN ${state.status} IN ('Finished', 'Cancelled') THEN ${at}::timestamptz END,
      faulted_on = CASE WHEN ${state.status} = 'Faulted' THEN ${at}::timestamptz END,
      fault_activity_id = ${state.fault?.activityId ?? null}, fault_message = ${state.fault?.message ?? null}
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** A task (not locked): what an action on it starts from. */
export async function findTask(tx: TenantTx, tenantId: string, id: string): Promise<TaskRow | null> {
  const [row] = await rows<TaskRow>(
    tx,
    sql`SELECT id, module_id, record_id, instance_id, activity_id, activity_title, task_type, status, actions, approvers
        FROM workflow_tasks WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return row ?? null;
}

export async function isAssignee(tx: TenantTx, tenantId: string, taskId: string, userId: string) {
  const found = await rows(
    tx,
    sql`SELECT 1 FROM workflow_task_assignees
        WHERE tenant_id = ${tenantId} AND task_id = ${taskId} AND user_id = ${userId}`,
  );
  return found.length > 0;
}

export async function insertTask(
  tx: TenantTx,
  tenantId: string,
  task: {
    instance: InstanceRow;
    activityId: string;
    activityTitle: string;
    taskType: string;
    actions: string[];
    approvers: Approver[];
    assignedTeamId: string | null;
    assignedFrom: string | null;
    assignees: string[];
    now: Date;
  },
): Promise<string> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`WITH t AS (
          INSERT INTO workflow_tasks (tenant_id, module_id, record_id, instance_id, activity_id, activity_title,
            task_type, actions, approvers, assigned_team_id, assigned_from_user, started_on)
          VALUES (${tenantId}, ${task.instance.module_id}, ${task.instance.record_id}, ${task.instance.id},
            ${task.activityId}, ${task.activityTitle}, ${task.taskType}, ${json(task.actions)},
            ${json(task.approvers)}, ${task.assignedTeamId}, ${task.assignedFrom}, ${task.now.toISOString()})
          RETURNING id
        ), a AS (
          INSERT INTO workflow_task_assignees (task_id, tenant_id, user_id)
          SELECT t.id, ${tenantId}, a.user_id::uuid
          FROM t, jsonb_array_elements_text(${JSON.stringify(task.assignees)}::jsonb) AS a(user_id)
        )
        SELECT id FROM t`,
  );
  return row!.id;
}

/**
 * Closes a task that was acted on; false when it was no longer open (someone else was first) or,
 * with `assignee`, is no longer theirs. Run under the instance's lock, this statement sees every
 * change committed before it: it is the authority, whatever an earlier read saw.
 */
export async function completeTask(
  tx: TenantTx,
  tenantId: string,
  id: string,
  done: { userId: string; outcome: string; description: string | null; now: Date; assignee?: string },
): Promise<boolean> {
  const theirs = done.assignee
    ? sql`AND EXISTS (SELECT 1 FROM workflow_task_assignees a
                      WHERE a.tenant_id = ${tenantId} AND a.task_id = ${id} AND a.user_id = ${done.assignee})`
    : sql``;
  const changed = await rows(
    tx,
    sql`UPDATE workflow_tasks SET status = 'Completed', completed_on = ${done.now.toISOString()},
          completed_by = ${done.userId}, outcome = ${done.outcome}, description = ${done.description}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status = 'Open' ${theirs} RETURNING id`,
  );
  return changed.length === 1;
}

/**
 * A task with its instance locked, in one statement, and whether `userId` is one of its assignees.
 * The task's own columns are as of the statement's start (a concurrent action may have closed it
 * while this waited for the lock): completeTask decides.
 */
export async function lockTaskInstance(
  tx: TenantTx,
  tenantId: string,
  taskId: string,
  userId: string,
): Promise<{ task: TaskRow; instance: InstanceRow; isAssignee: boolean } | null> {
  const [row] = await rows<TaskRow & { i: InstanceRow; is_assignee: boolean }>(
    tx,
    sql`SELECT t.id, t.module_id, t.record_id, t.instance_id, t.activity_id, t.activity_title, t.task_type,
          t.status, t.actions, t.approvers,
          json_build_object('id', i.id, 'module_id', i.module_id, 'record_id', i.record_id,
            'module_version', i.module_version, 'status', i.status, 'state', i.state,
            'initiator_user', i.initiator_user) AS i,
          EXISTS (SELECT 1 FROM workflow_task_assignees a
                  WHERE a.tenant_id = ${tenantId} AND a.task_id = t.id AND a.user_id = ${userId}) AS is_assignee
        FROM workflow_tasks t JOIN workflow_instances i ON i.id = t.instance_id
        WHERE t.tenant_id = ${tenantId} AND t.id = ${taskId} AND i.tenant_id = ${tenantId}
        FOR UPDATE OF i`,
  );
  if (!row) return null;
  const { i, is_assignee, ...task } = row;
  return { task, instance: i, isAssignee: is_assignee };
}

/** Cancels the instance's open tasks (of these activities, or all). */
export async function cancelOpenTasks(
  tx: TenantTx,
  tenantId: string,
  instanceId: string,
  activityIds: string[] | 'all',
  now: Date,
): Promise<void> {
  const which = activityIds === 'all' ? sql`` : sql`AND activity_id IN ${textList(activityIds)}`;
  await tx.execute(sql`
    UPDATE workflow_tasks SET status = 'Cancelled', completed_on = ${now.toISOString()}
    WHERE tenant_id = ${tenantId} AND instance_id = ${instanceId} AND status = 'Open' ${which}`);
}

/** Gives an open task to one user instead of its assignees. */
export async function reassignTask(
  tx: TenantTx,
  tenantId: string,
  taskId: string,
  assignTo: string,
  from: string,
): Promise<void> {
  await tx.execute(sql`
    WITH gone AS (DELETE FROM workflow_task_assignees WHERE tenant_id = ${tenantId} AND task_id = ${taskId})
    INSERT INTO workflow_task_assignees (task_id, tenant_id, user_id) VALUES (${taskId}, ${tenantId}, ${assignTo})
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE workflow_tasks SET assigned_from_user = ${from}, assigned_team_id = NULL
    WHERE tenant_id = ${tenantId} AND id = ${taskId}`);
}

export interface HistoryFacts {
  instance: InstanceRow;
  userId: string | null;
  taskId: string | null;
  message: string | null;
}

/** A history row: the engine's entries, and the server's own (e.g. 'Assigned' with the assignees). */
export type HistoryRow = Omit<HistoryEntry, 'actionType'> & {
  actionType: HistoryEntry['actionType'] | 'Assigned' | 'Reassigned';
  assignee?: string | null;
};

export async function insertHistory(
  tx: TenantTx,
  tenantId: string,
  facts: HistoryFacts,
  entries: HistoryRow[],
): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map(
    (
      entry,
    ) => sql`(${tenantId}, ${facts.instance.module_id}, ${facts.instance.record_id}, ${facts.instance.id},
      ${facts.taskId}, ${entry.activityId}, ${entry.activityType}, ${entry.activityName}, ${entry.actionType},
      ${entry.outcome ?? null}, ${entry.message ?? null}, ${facts.userId}, ${entry.assignee ?? null})`,
  );
  await tx.execute(sql`
    INSERT INTO workflow_history (tenant_id, module_id, record_id, instance_id, task_id, activity_id,
      activity_type, activity_name, action_type, outcome, message, initiated_by, assignee)
    VALUES ${sql.join(values, sql`, `)}`);
}

/** The record's workflow columns from its instance (spec §3 record list columns). */
export async function updateRecordWorkflow(
  tx: TenantTx,
  tenantId: string,
  record: { moduleId: string; recordId: string },
  columns: {
    instanceId: string;
    workflowStatus: string | null;
    activityName: string | null;
    completedOn: Date | null;
    faultedOn: Date | null;
  },
): Promise<void> {
  await tx.execute(sql`
    UPDATE records SET workflow_instance_id = ${columns.instanceId}, workflow_status = ${columns.workflowStatus},
      workflow_activity_name = ${columns.activityName},
      workflow_completed_on = ${columns.completedOn?.toISOString() ?? null},
      workflow_faulted_on = ${columns.faultedOn?.toISOString() ?? null},
      tasks = (SELECT count(*)::int FROM workflow_tasks t
               WHERE t.tenant_id = ${tenantId} AND t.instance_id = ${columns.instanceId} AND t.status = 'Open')
    WHERE tenant_id = ${tenantId} AND module_id = ${record.moduleId} AND id = ${record.recordId}`);
  await markAppWritten(tx, record.moduleId);
}

/** A withdrawn record goes back to its author's drafts (its instance and history stay). */
export async function returnRecordToDraft(
  tx: TenantTx,
  tenantId: string,
  record: { moduleId: string; recordId: string },
): Promise<void> {
  await tx.execute(sql`
    UPDATE records SET is_draft = true, submitted_on = NULL, workflow_status = NULL, workflow_activity_name = NULL,
      workflow_started_on = NULL, workflow_completed_on = NULL, workflow_faulted_on = NULL, tasks = 0
    WHERE tenant_id = ${tenantId} AND module_id = ${record.moduleId} AND id = ${record.recordId}`);
  await markAppWritten(tx, record.moduleId);
}

/** The active users an assignment expression names, with the one team it names (if exactly one). */
export async function resolveApprovers(
  tx: TenantTx,
  tenantId: string,
  approvers: Approver[],
  record: { data: Record<string, unknown>; initiator: string | null },
): Promise<{ userIds: string[]; teamId: string | null }> {
  const ids = (type: Approver['type']) =>
    approvers.filter((approver) => approver.type === type).map((approver) => approver.approver_id);
  const userIds = [...ids('user'), ...ids('field').flatMap((field) => userIdsIn(record.data[field]))];
  if (ids('initiator').length > 0 && record.initiator) userIds.push(record.initiator);
  const valid = (list: string[]) => [...new Set(list.filter(isUuid).map((id) => id.toLowerCase()))];
  const teams = valid(ids('team'));
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT u.id FROM users u
        WHERE u.tenant_id = ${tenantId} AND u.is_active AND (
          u.id IN ${uuidList(valid(userIds))}
          OR u.id IN (SELECT m.user_id FROM team_members m WHERE m.tenant_id = ${tenantId}
                      AND m.team_id IN ${uuidList(teams)})
          OR u.id IN (SELECT ur.user_id FROM user_roles ur WHERE ur.tenant_id = ${tenantId}
                      AND ur.role_id IN ${uuidList(valid(ids('role')))}))
        ORDER BY u.id`,
  );
  return { userIds: found.map((row) => row.id), teamId: teams.length === 1 ? teams[0]! : null };
}

/** User ids in a user field's value: an id, a list of ids, or objects carrying one. */
function userIdsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(userIdsIn);
  if (value && typeof value === 'object') {
    const candidate = value as { id?: unknown; uid?: unknown; value?: unknown };
    return userIdsIn(candidate.id ?? candidate.uid ?? candidate.value);
  }
  return [];
}

export async function userNames(tx: TenantTx, tenantId: string, ids: string[]): Promise<string> {
  if (ids.length === 0) return '';
  const found = await rows<{ fullname: string }>(
    tx,
    sql`SELECT fullname FROM users WHERE tenant_id = ${tenantId} AND id IN ${uuidList(ids)} ORDER BY fullname`,
  );
  return found.map((row) => row.fullname).join(', ');
}

export async function isActiveUser(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
  const found = await rows(
    tx,
    sql`SELECT 1 FROM users WHERE tenant_id = ${tenantId} AND id = ${id} AND is_active`,
  );
  return found.length > 0;
}

/** The app forbids reassigning its tasks (setmodulereassignment). */
export async function reassignmentDisabled(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
): Promise<boolean> {
  const [row] = await rows<{ disabled: boolean }>(
    tx,
    sql`SELECT is_reassignment_disabled AS disabled FROM modules WHERE tenant_id = ${tenantId} AND id = ${moduleId}`,
  );
  return row?.disabled === true;
}

export interface HistoryRecordRow {
  activity_id: string;
  activity_type: string;
  activity_name: string;
  action_type: string;
  outcome: string | null;
  message: string | null;
  assignee: string | null;
  initiated_by_name: string | null;
  created_on: Date | string;
}

/** A record's history across its instances (a withdrawn and resubmitted record has several), oldest first. */
export async function recordHistory(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
): Promise<HistoryRecordRow[]> {
  return rows<HistoryRecordRow>(
    tx,
    sql`SELECT h.activity_id, h.activity_type, h.activity_name, h.action_type, h.outcome, h.message, h.assignee,
          u.fullname AS initiated_by_name, h.created_on
        FROM workflow_history h LEFT JOIN users u ON u.id = h.initiated_by
        WHERE h.tenant_id = ${tenantId} AND h.record_id = ${recordId}
        ORDER BY h.seq`,
  );
}
