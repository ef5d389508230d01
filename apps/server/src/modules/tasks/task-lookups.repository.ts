import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern, rowsOf } from '../../platform/database/sql-helpers.ts';

// The directory reads of the task lookups (LookupAssignee, LookupAssigneeByRecord) and the facts the
// task lists check (a user, a record). Tenant first, and filtered on it (RLS is the second wall).

export interface DirectoryFilter {
  search: string;
  /** Only these ids (already checked to be UUIDs); undefined: any. */
  ids: readonly string[] | undefined;
  limit: number;
}

const idsSql = (column: SQL, ids: DirectoryFilter['ids']) =>
  ids === undefined ? sql`` : sql` AND ${column} = ANY(${sql.param([...ids])}::uuid[])`;

/**
 * How many active users a membership table gives a team or role (`owner`: its id column) — who a
 * task assigned to it would go to (workflow resolveApprovers counts the same people).
 */
const activeMembersSql = (tenantId: string, table: SQL, owner: SQL) =>
  sql`(SELECT count(*)::int FROM ${table} m JOIN users u ON u.id = m.user_id AND u.tenant_id = m.tenant_id
       WHERE m.tenant_id = ${tenantId} AND ${owner} AND u.is_active) AS members`;

/** Teams of the tenant whose name matches, by name, with their active members. */
export async function lookupTeams(
  tx: TenantTx,
  tenantId: string,
  filter: DirectoryFilter,
): Promise<Array<{ id: string; name: string; members: number }>> {
  const search = filter.search === '' ? sql`` : sql` AND team_name ILIKE ${containsPattern(filter.search)}`;
  return rowsOf(
    tx,
    sql`SELECT id, team_name AS name, ${activeMembersSql(tenantId, sql`team_members`, sql`m.team_id = teams.id`)}
        FROM teams
        WHERE tenant_id = ${tenantId}${search}${idsSql(sql`id`, filter.ids)}
        ORDER BY lower(team_name), id LIMIT ${filter.limit}`,
  );
}

/** Roles of the tenant whose name matches, by name, with the active users holding them. */
export async function lookupRoles(
  tx: TenantTx,
  tenantId: string,
  filter: DirectoryFilter,
): Promise<Array<{ id: string; name: string; members: number }>> {
  const search = filter.search === '' ? sql`` : sql` AND role_name ILIKE ${containsPattern(filter.search)}`;
  return rowsOf(
    tx,
    sql`SELECT id, role_name AS name, ${activeMembersSql(tenantId, sql`user_roles`, sql`m.role_id = roles.id`)}
        FROM roles
        WHERE tenant_id = ${tenantId}${search}${idsSql(sql`id`, filter.ids)}
        ORDER BY lower(role_name), id LIMIT ${filter.limit}`,
  );
}

/** Whether the id names a user of the tenant (active or not: their open tasks still count). */
export async function userExists(tx: TenantTx, tenantId: string, userId: string): Promise<boolean> {
  const found = await rowsOf(tx, sql`SELECT 1 FROM users WHERE tenant_id = ${tenantId} AND id = ${userId}`);
  return found.length > 0;
}

export interface RecordStub {
  id: string;
  module_id: string;
  is_draft: boolean;
  created_by: string | null;
}

/** A record of the app with its draft state, or null. */
export async function findRecordStub(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  recordId: string,
): Promise<RecordStub | null> {
  const [row] = await rowsOf<RecordStub>(
    tx,
    sql`SELECT id, module_id, is_draft, created_by FROM records
        WHERE tenant_id = ${tenantId} AND module_id = ${moduleId} AND id = ${recordId}`,
  );
  return row ?? null;
}

/** Whether the user takes part in the record's workflow: its initiator, or an assignee of one of its tasks. */
export async function takesPartIn(
  tx: TenantTx,
  tenantId: string,
  record: { module_id: string; id: string },
  userId: string,
): Promise<boolean> {
  const found = await rowsOf(
    tx,
    sql`SELECT 1 FROM records r
        WHERE r.tenant_id = ${tenantId} AND r.module_id = ${record.module_id} AND r.id = ${record.id}
          AND (r.workflow_initiator_user = ${userId}
               OR EXISTS (SELECT 1 FROM workflow_tasks t
                          JOIN workflow_task_assignees a ON a.task_id = t.id AND a.tenant_id = t.tenant_id
                          WHERE t.tenant_id = ${tenantId} AND t.record_id = r.id AND a.user_id = ${userId}))`,
  );
  return found.length > 0;
}
