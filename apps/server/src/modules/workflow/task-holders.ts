import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Access through a task (ADR 0003, "Assignee access"): a task's assignees — named directly, or
// through a team or a role, all resolved to users when the task was made (workflow_task_assignees) —
// reach that task and its record without any grant on the app, at the task's activity. These are
// the facts the other modules ask; they never read the workflow tables themselves.

/** Whether `userId` is one of the assignees of the task `t` (an alias of workflow_tasks in the caller's SQL). */
export const assigneeOfTaskSql = (tenantId: string, userId: string): SQL =>
  sql`EXISTS (SELECT 1 FROM workflow_task_assignees a
              WHERE a.task_id = t.id AND a.tenant_id = ${tenantId} AND a.user_id = ${userId})`;

const found = async (tx: TenantTx, query: SQL): Promise<boolean> => (await tx.execute(query)).rows.length > 0;

/**
 * Whether the user is an assignee of a task of this record (open or closed: the one who approved
 * still reads what they approved). A reassigned task's former assignees are no longer its assignees.
 */
export function holdsTaskOfRecord(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  recordId: string,
): Promise<boolean> {
  return found(
    tx,
    sql`SELECT 1 FROM workflow_tasks t
        WHERE t.tenant_id = ${tenantId} AND t.record_id = ${recordId} AND ${assigneeOfTaskSql(tenantId, userId)}
        LIMIT 1`,
  );
}

/** Whether the user is an assignee of an open task of this app (what the form's own calls need). */
export function holdsOpenTaskInApp(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  moduleId: string,
): Promise<boolean> {
  return found(
    tx,
    sql`SELECT 1 FROM workflow_tasks t
        WHERE t.tenant_id = ${tenantId} AND t.module_id = ${moduleId} AND t.status = 'Open'
          AND ${assigneeOfTaskSql(tenantId, userId)}
        LIMIT 1`,
  );
}
