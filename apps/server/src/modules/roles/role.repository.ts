import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { menus, modules, rolePermissions, roles, userRoles, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).

export type RoleView = { id: string; roleName: string; description: string };
export type RoleCounts = RoleView & { userCount: number; grantCount: number };
export type GrantRow = { resource: string; action: string };
export type MemberRow = { id: string; username: string; fullname: string };
export type MenuNode = {
  id: string;
  parentId: string | null;
  menuName: string;
  isGroup: boolean;
  orderIndex: number;
};
export type AppNode = { id: string; displayName: string };

const roleColumns = { id: roles.id, roleName: roles.roleName, description: roles.description };
const inTenant = (tenantId: string) => eq(roles.tenantId, tenantId);

/** Every role of the tenant with how many users hold it and how many cells it grants, by name. */
export async function listRoles(tx: TenantTx, tenantId: string): Promise<RoleCounts[]> {
  // Correlated counts: joining both tables at once would multiply one count by the other.
  const userCount = sql<number>`(select count(*)::int from ${userRoles}
    where ${userRoles.roleId} = ${roles.id} and ${userRoles.tenantId} = ${tenantId})`;
  const grantCount = sql<number>`(select count(*)::int from ${rolePermissions}
    where ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.tenantId} = ${tenantId})`;
  return tx
    .select({ ...roleColumns, userCount, grantCount })
    .from(roles)
    .where(inTenant(tenantId))
    .orderBy(sql`lower(${roles.roleName})`, asc(roles.id));
}

/** One role, optionally row-locked for the rest of the transaction (rename, delete and matrix race otherwise). */
export async function findRole(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<RoleView | null> {
  const query = tx
    .select(roleColumns)
    .from(roles)
    .where(and(inTenant(tenantId), eq(roles.id, id)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Whether another role of the tenant has this name, compared case-insensitively like the unique index. */
export const nameTaken = (tx: TenantTx, tenantId: string, name: string, exceptId: string | null) =>
  nameTakenIn(
    tx,
    { table: roles, id: roles.id, tenantId: roles.tenantId, name: roles.roleName },
    tenantId,
    name,
    exceptId,
  );

export async function insertRole(
  tx: TenantTx,
  tenantId: string,
  values: { roleName: string; description: string; userId: string },
): Promise<RoleView> {
  const rows = await tx
    .insert(roles)
    .values({
      tenantId,
      roleName: values.roleName,
      description: values.description,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .returning(roleColumns);
  return rows[0]!;
}

/** Renames or re-describes a role; also stamps it when only its matrix changed (no changes given). */
export async function touchRole(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: { roleName?: string; description?: string },
  userId: string,
): Promise<void> {
  await tx
    .update(roles)
    .set({ ...changes, modifiedBy: userId, modifiedAt: new Date() })
    .where(and(inTenant(tenantId), eq(roles.id, id)));
}

/** Deletes the role; its grants and user_roles rows go with it (ON DELETE CASCADE). */
export async function deleteRole(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(roles).where(and(inTenant(tenantId), eq(roles.id, id)));
}

/** The role's granted cells, sorted by resource then action. */
export async function listGrants(tx: TenantTx, tenantId: string, roleId: string): Promise<GrantRow[]> {
  return tx
    .select({ resource: rolePermissions.resource, action: rolePermissions.action })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)))
    .orderBy(asc(rolePermissions.resource), asc(rolePermissions.action));
}

/** Replaces every grant of the role with `grants` (already checked and free of duplicates). */
export async function replaceGrants(
  tx: TenantTx,
  tenantId: string,
  roleId: string,
  grants: readonly GrantRow[],
): Promise<void> {
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  // One statement per chunk keeps a large matrix well under PostgreSQL's 65535 bind parameters.
  for (let start = 0; start < grants.length; start += 1000) {
    await tx
      .insert(rolePermissions)
      .values(grants.slice(start, start + 1000).map((grant) => ({ tenantId, roleId, ...grant })));
  }
}

/** The users holding the role, by username. */
export async function listMembers(tx: TenantTx, tenantId: string, roleId: string): Promise<MemberRow[]> {
  return tx
    .select({ id: users.id, username: users.username, fullname: users.fullname })
    .from(userRoles)
    .innerJoin(users, and(eq(users.id, userRoles.userId), eq(users.tenantId, tenantId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId)))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
}

/** Every stored menu entry of the tenant (the matrix shows the whole tree). */
export async function listMenus(tx: TenantTx, tenantId: string): Promise<MenuNode[]> {
  return tx
    .select({
      id: menus.id,
      parentId: menus.parentId,
      menuName: menus.menuName,
      isGroup: menus.isGroup,
      orderIndex: menus.orderIndex,
    })
    .from(menus)
    .where(eq(menus.tenantId, tenantId));
}

/** Which of `ids` are menus of this tenant. */
export async function existingMenuIds(
  tx: TenantTx,
  tenantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), inArray(menus.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Every app of the tenant (the matrix grants view/create/edit/delete on each). */
export async function listApps(tx: TenantTx, tenantId: string): Promise<AppNode[]> {
  return tx
    .select({ id: modules.id, displayName: modules.displayName })
    .from(modules)
    .where(eq(modules.tenantId, tenantId));
}

/** Which of `ids` are apps of this tenant. */
export async function existingAppIds(
  tx: TenantTx,
  tenantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: modules.id })
    .from(modules)
    .where(and(eq(modules.tenantId, tenantId), inArray(modules.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
