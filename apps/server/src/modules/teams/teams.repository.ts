import { and, asc, count, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TeamSortColumn } from '@formloop/contracts';
import { teamMembers, teams, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).

const teamInTenant = (tenantId: string) => eq(teams.tenantId, tenantId);
// The lead is joined within the tenant, so an id naming another tenant's user never lends its name.
const leadJoin = and(eq(users.id, teams.leadUserId), eq(users.tenantId, teams.tenantId));

const memberCount = sql<number>`(select count(*) from ${teamMembers}
  where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.tenantId} = ${teams.tenantId})`.mapWith(Number);

const teamColumns = {
  id: teams.id,
  teamName: teams.teamName,
  description: teams.description,
  leadUserId: teams.leadUserId,
  leadFullname: users.fullname,
  memberCount,
  createdAt: teams.createdAt,
  modifiedAt: teams.modifiedAt,
};
export type TeamRow = {
  id: string;
  teamName: string;
  description: string;
  leadUserId: string | null;
  leadFullname: string | null;
  memberCount: number;
  createdAt: Date;
  modifiedAt: Date;
};

export interface ListQuery {
  offset: number;
  limit: number;
  orders: Array<{ column: TeamSortColumn; dir: 'asc' | 'desc' }>;
  search: string;
}

const SORT_COLUMNS: Record<TeamSortColumn, SQL | AnyColumn> = {
  team_name: sql`lower(${teams.teamName})`,
  member_count: memberCount,
  created_at: teams.createdAt,
};

function searchCondition(search: string): SQL | undefined {
  if (search === '') return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(teams.teamName, pattern),
    ilike(teams.description, pattern),
    ilike(users.fullname, pattern),
  );
}

export async function listPage(tx: TenantTx, tenantId: string, query: ListQuery) {
  const where = and(teamInTenant(tenantId), searchCondition(query.search));
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(SORT_COLUMNS[order.column]) : desc(SORT_COLUMNS[order.column]),
  );
  // The id breaks ties so pages never overlap.
  const rows: TeamRow[] = await tx
    .select(teamColumns)
    .from(teams)
    .leftJoin(users, leadJoin)
    .where(where)
    .orderBy(...orderBy, asc(teams.id))
    .limit(query.limit)
    .offset(query.offset);
  // Teams per tenant are few (people, not records): exact counts are cheap here.
  const [filtered] = await tx.select({ n: count() }).from(teams).leftJoin(users, leadJoin).where(where);
  const [total] = await tx.select({ n: count() }).from(teams).where(teamInTenant(tenantId));
  return { rows, recordsFiltered: filtered?.n ?? 0, recordsTotal: total?.n ?? 0 };
}

/** One team; with `lock`, row-locked for the rest of the transaction (concurrent edits queue up). */
export async function findTeam(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<TeamRow | null> {
  const query = tx
    .select(teamColumns)
    .from(teams)
    .leftJoin(users, leadJoin)
    .where(and(teamInTenant(tenantId), eq(teams.id, id)))
    .limit(1);
  const rows = lock ? await query.for('update', { of: teams }) : await query;
  return rows[0] ?? null;
}

export interface MemberRow {
  id: string;
  username: string;
  fullname: string;
  email: string;
  isActive: boolean;
}

const userColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  isActive: users.isActive,
};

/** The team's members by name. */
export async function listMembers(tx: TenantTx, tenantId: string, teamId: string): Promise<MemberRow[]> {
  return tx
    .select(userColumns)
    .from(teamMembers)
    .innerJoin(users, and(eq(users.id, teamMembers.userId), eq(users.tenantId, teamMembers.tenantId)))
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId)))
    .orderBy(sql`lower(${users.fullname})`, sql`lower(${users.username})`, asc(users.id));
}

/** The tenant's users among `ids` (another tenant's ids simply do not come back). */
export async function findUsers(
  tx: TenantTx,
  tenantId: string,
  ids: readonly string[],
): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
}

/** Whether another team of the tenant has this name, compared case-insensitively like the unique index. */
export const nameTaken = (tx: TenantTx, tenantId: string, name: string, exceptId: string | null) =>
  nameTakenIn(
    tx,
    { table: teams, id: teams.id, tenantId: teams.tenantId, name: teams.teamName },
    tenantId,
    name,
    exceptId,
  );

export async function insertTeam(
  tx: TenantTx,
  tenantId: string,
  values: { teamName: string; description: string; leadUserId: string | null; userId: string },
): Promise<string> {
  const rows = await tx
    .insert(teams)
    .values({
      tenantId,
      teamName: values.teamName,
      description: values.description,
      leadUserId: values.leadUserId,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .returning({ id: teams.id });
  return rows[0]!.id;
}

export async function updateTeam(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: { teamName?: string; description?: string; leadUserId?: string | null },
  userId: string,
): Promise<void> {
  await tx
    .update(teams)
    .set({ ...changes, modifiedBy: userId, modifiedAt: new Date() })
    .where(and(teamInTenant(tenantId), eq(teams.id, id)));
}

export async function deleteTeam(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(teams).where(and(teamInTenant(tenantId), eq(teams.id, id)));
}

export async function addMembers(
  tx: TenantTx,
  tenantId: string,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(teamMembers)
    .values(userIds.map((userId) => ({ tenantId, teamId, userId })))
    .onConflictDoNothing();
}

export async function removeMembers(
  tx: TenantTx,
  tenantId: string,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, tenantId),
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.userId, [...userIds]),
      ),
    );
}

/** A page of the tenant's active users matching `search` in username, full name or e-mail. */
export async function searchActiveUsers(
  tx: TenantTx,
  tenantId: string,
  query: { search: string; offset: number; limit: number },
) {
  const pattern = containsPattern(query.search);
  const where = and(
    eq(users.tenantId, tenantId),
    eq(users.isActive, true),
    query.search === ''
      ? undefined
      : or(ilike(users.username, pattern), ilike(users.fullname, pattern), ilike(users.email, pattern)),
  );
  const rows = await tx
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.fullname})`, sql`lower(${users.username})`, asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every team of the tenant by name, for pickers (workflow assignment to a team). */
export async function lookupTeams(tx: TenantTx, tenantId: string) {
  return tx
    .select({ id: teams.id, teamName: teams.teamName })
    .from(teams)
    .where(teamInTenant(tenantId))
    .orderBy(sql`lower(${teams.teamName})`, asc(teams.id));
}
