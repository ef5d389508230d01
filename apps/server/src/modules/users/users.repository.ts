import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { UserSortColumn, UserStatusFilter } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import { roles, sessions, teamMembers, teams, tenants, userRoles, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall). Reading and
// locking single users, updating them and revoking their sessions reuse identity.repository.ts.

const inTenant = (tenantId: string) => eq(users.tenantId, tenantId);

/**
 * The tenant's seats per kind, row-locked so two commands that each take a seat cannot both pass
 * the check. NO KEY UPDATE, not UPDATE: inserts elsewhere take KEY SHARE on the tenant for their
 * foreign key and must not wait behind us.
 */
export async function lockLicenceCounts(tx: TenantTx, tenantId: string): Promise<Record<string, number>> {
  const rows = await tx
    .select({ counts: tenants.licenceCounts })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  return rows[0]?.counts ?? {};
}

/** The counts without a lock, for showing them. */
export async function readLicenceCounts(tx: TenantTx, tenantId: string): Promise<Record<string, number>> {
  const rows = await tx
    .select({ counts: tenants.licenceCounts })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return rows[0]?.counts ?? {};
}

/** Active users per kind (only active users hold a seat). */
export async function activeCountsByKind(tx: TenantTx, tenantId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ kind: users.userKind, n: count() })
    .from(users)
    .where(and(inTenant(tenantId), eq(users.isActive, true)))
    .groupBy(users.userKind);
  return new Map(rows.map((row) => [row.kind, row.n]));
}

export async function activeCountOfKind(tx: TenantTx, tenantId: string, kind: UserKind): Promise<number> {
  const rows = await tx
    .select({ n: count() })
    .from(users)
    .where(and(inTenant(tenantId), eq(users.isActive, true), eq(users.userKind, kind)));
  return rows[0]?.n ?? 0;
}

/** Compared like the unique index users_tenant_username_key: lower(username). */
export const usernameTaken = (tx: TenantTx, tenantId: string, username: string) =>
  nameTakenIn(
    tx,
    { table: users, id: users.id, tenantId: users.tenantId, name: users.username },
    tenantId,
    username,
    null,
  );

export async function insertUser(
  tx: TenantTx,
  tenantId: string,
  values: {
    username: string;
    email: string;
    fullname: string;
    userKind: UserKind;
    passwordHash: string;
    securityStamp: string;
  },
) {
  const rows = await tx
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  return rows[0]!;
}

// ---- the list ----

// Names sort by lower(...), which the unique index on (tenant_id, lower(username)) serves directly.
const SORT_COLUMNS: Record<UserSortColumn, SQL | AnyColumn> = {
  username: sql`lower(${users.username})`,
  fullname: sql`lower(${users.fullname})`,
  email: sql`lower(${users.email})`,
  user_kind: users.userKind,
  is_active: users.isActive,
  created_at: users.createdAt,
};

export interface UserListQuery {
  offset: number;
  limit: number;
  orders: Array<{ column: UserSortColumn; dir: 'asc' | 'desc' }>;
  search: string;
  kind: UserKind | undefined;
  status: UserStatusFilter;
}

const listColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullname: users.fullname,
  userKind: users.userKind,
  isActive: users.isActive,
  twoFactorEnabled: users.twoFactorEnabled,
  createdAt: users.createdAt,
};
export type UserListRow = {
  id: string;
  username: string;
  email: string;
  fullname: string;
  userKind: UserKind;
  isActive: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
};

/**
 * One page of the tenant's users. Counts are exact: a tenant's users are licensed seats, far below
 * the 100k rows past which DESIGN.md asks for estimates.
 */
export async function listUsers(tx: TenantTx, tenantId: string, query: UserListQuery) {
  const pattern = query.search === '' ? null : containsPattern(query.search);
  const where = and(
    inTenant(tenantId),
    pattern
      ? or(ilike(users.username, pattern), ilike(users.fullname, pattern), ilike(users.email, pattern))
      : undefined,
    query.kind ? eq(users.userKind, query.kind) : undefined,
    query.status === 'all' ? undefined : eq(users.isActive, query.status === 'active'),
  );
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(SORT_COLUMNS[order.column]) : desc(SORT_COLUMNS[order.column]),
  );
  // The id breaks ties, so equal names or dates never make a row show on two pages.
  const rows: UserListRow[] = await tx
    .select(listColumns)
    .from(users)
    .where(where)
    .orderBy(...orderBy, asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [filtered] = await tx.select({ n: count() }).from(users).where(where);
  const [total] = await tx.select({ n: count() }).from(users).where(inTenant(tenantId));
  return { rows, recordsFiltered: filtered?.n ?? 0, recordsTotal: total?.n ?? 0 };
}

// ---- teams and roles of a user ----

/** Teams the user belongs to or leads. */
export async function teamsOfUser(tx: TenantTx, tenantId: string, userId: string) {
  const memberOf = tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.userId, userId)));
  return tx
    .select({
      id: teams.id,
      teamName: teams.teamName,
      isLead: sql<boolean>`coalesce(${teams.leadUserId} = ${userId}, false)`,
    })
    .from(teams)
    .where(and(eq(teams.tenantId, tenantId), or(eq(teams.leadUserId, userId), inArray(teams.id, memberOf))))
    .orderBy(sql`lower(${teams.teamName})`, asc(teams.id));
}

export async function rolesOfUser(tx: TenantTx, tenantId: string, userId: string) {
  return tx
    .select({ id: roles.id, roleName: roles.roleName })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.tenantId, userRoles.tenantId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
    .orderBy(sql`lower(${roles.roleName})`, asc(roles.id));
}

export async function tenantRoles(tx: TenantTx, tenantId: string) {
  return tx
    .select({ id: roles.id, roleName: roles.roleName })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(sql`lower(${roles.roleName})`, asc(roles.id));
}

/** Those of `ids` that are this tenant's roles. */
export async function findRoles(tx: TenantTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: roles.id, roleName: roles.roleName })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
}

export async function replaceUserRoles(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  roleIds: string[],
): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (roleIds.length === 0) return;
  await tx.insert(userRoles).values(roleIds.map((roleId) => ({ tenantId, userId, roleId })));
}

/** Ends the user's sessions, except (when given) the caller's own one. Returns how many ended. */
export async function revokeSessions(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  exceptSessionId: string | null,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
