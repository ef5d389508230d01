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

/** Teams of the tenant whose name matches, by name. */
export async function lookupTeams(
  tx: TenantTx,
  tenantId: string,
  filter: DirectoryFilter,
): Promise<Array<{ id: string; name: string }>> {
  const search = filter.search === '' ? sql`` : sql` AND team_name ILIKE ${containsPattern(filter.search)}`;
  return rowsOf(
    tx,
    sql`SELECT id, team_name AS name FROM teams
        WHERE tenant_id = ${tenantId}${search}${idsSql(sql`id`, filter.ids)}
        ORDER BY lower(team_name), id LIMIT ${filter.limit}`,
  );
}

/** Roles of the tenant whose name matches, by name. */
export async function lookupRoles(
  tx: TenantTx,
  tenantId: string,
  filter: DirectoryFilter,
): Promise<Array<{ id: string; name: string }>> {
  const search = filter.search === '' ? sql`` : sql` AND role_name ILIKE ${containsPattern(filter.search)}`;
  return rowsOf(
    tx,
    sql`SELECT id, role_name AS name FROM roles
        WHERE tenant_id = ${tenantId}${search}${idsSql(sql`id`, filter.ids)}
        ORDER BY lower(role_name), id LIMIT ${filter.limit}`,
  );
}

/**
 * Active users who can see an app: those of the builder kinds (they see every app) and those a role
 * grants `resource` (app:{id}) with `view` — the rule of apps/app-access.ts maySee, as one query over
 * the directory instead of one check per user.
 */
export async function activeUsersSeeingApp(
  tx: TenantTx,
  tenantId: string,
  app: { resource: string; builderKinds: readonly string[] },
  filter: { search: string; limit: number },
): Promise<Array<{ id: string; fullname: string; email: string }>> {
  const pattern = containsPattern(filter.search);
  const search =
    filter.search === ''
      ? sql``
      : sql` AND (u.fullname ILIKE ${pattern} OR u.username ILIKE ${pattern} OR u.email ILIKE ${pattern})`;
  return rowsOf(
    tx,
    sql`SELECT u.id, u.fullname, u.email FROM users u
        WHERE u.tenant_id = ${tenantId} AND u.is_active${search}
          AND (u.user_kind = ANY(${sql.param([...app.builderKinds])}::text[])
               OR EXISTS (SELECT 1 FROM user_roles ur
                          JOIN role_permissions rp ON rp.role_id = ur.role_id AND rp.tenant_id = ur.tenant_id
                          WHERE ur.tenant_id = ${tenantId} AND ur.user_id = u.id
                            AND rp.resource = ${app.resource} AND rp.action = 'view'))
        ORDER BY lower(u.fullname), lower(u.username), u.id LIMIT ${filter.limit}`,
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

/** A record's app and draft state, or null. */
export async function findRecordStub(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
): Promise<RecordStub | null> {
  const [row] = await rowsOf<RecordStub>(
    tx,
    sql`SELECT id, module_id, is_draft, created_by FROM records WHERE tenant_id = ${tenantId} AND id = ${recordId}`,
  );
  return row ?? null;
}

/** Whether the user takes part in the record's workflow: its initiator, or an assignee of one of its tasks. */
export async function takesPartIn(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
  userId: string,
): Promise<boolean> {
  const found = await rowsOf(
    tx,
    sql`SELECT 1 FROM records r
        WHERE r.tenant_id = ${tenantId} AND r.id = ${recordId}
          AND (r.workflow_initiator_user = ${userId}
               OR EXISTS (SELECT 1 FROM workflow_tasks t
                          JOIN workflow_task_assignees a ON a.task_id = t.id AND a.tenant_id = t.tenant_id
                          WHERE t.tenant_id = ${tenantId} AND t.record_id = r.id AND a.user_id = ${userId}))`,
  );
  return found.length > 0;
}
