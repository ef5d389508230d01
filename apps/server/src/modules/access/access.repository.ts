import { and, eq, inArray, like, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { rolePermissions, userRoles } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { escapeLike } from '../../platform/database/sql-helpers.ts';

// The server side of the permission matrix (/settings/roles-permissions): what a user's roles grant.
// Read inside the request's own transaction on purpose, never cached: a role change made by an
// administrator applies to the user's very next request.

/** Every resource (optionally only those starting with `prefix`, e.g. 'menu:') on which one of the user's roles grants `action`. */
export async function grantedResources(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  action: string,
  prefix = '',
): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ resource: rolePermissions.resource })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(
      and(
        eq(rolePermissions.tenantId, tenantId),
        eq(userRoles.tenantId, tenantId),
        eq(userRoles.userId, userId),
        eq(rolePermissions.action, action),
        prefix ? like(rolePermissions.resource, `${escapeLike(prefix)}%`) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.resource));
}

type SqlValue = string | Placeholder;

/**
 * Whether one of the user's roles grants `action` on `resource`, as a condition for a larger
 * statement. Each value may be a placeholder of a statement compiled once (compileStatement).
 */
export const grantedSql = (tenantId: SqlValue, userId: SqlValue, resource: SqlValue, action: SqlValue): SQL =>
  sql`EXISTS (SELECT 1 FROM ${rolePermissions} JOIN ${userRoles} ON ${userRoles.roleId} = ${rolePermissions.roleId}
    WHERE ${rolePermissions.tenantId} = ${tenantId}::uuid AND ${userRoles.userId} = ${userId}::uuid
      AND ${userRoles.tenantId} = ${tenantId}::uuid AND ${rolePermissions.resource} = ${resource}::text
      AND ${rolePermissions.action} = ${action}::text)`;

/** Whether one of the user's roles grants `action` on `resource`. */
export async function isGranted(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  resource: string,
  action: string,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`SELECT ${grantedSql(tenantId, userId, resource, action)} AS granted`);
  return rows[0]?.['granted'] === true;
}

/** Drops every grant on resources that no longer exist (a deleted menu), so no role keeps a dangling row. */
export async function revokeResources(tx: TenantTx, tenantId: string, resources: string[]): Promise<void> {
  if (resources.length === 0) return;
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.resource, resources)));
}
