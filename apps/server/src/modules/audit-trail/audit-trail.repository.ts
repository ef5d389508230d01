import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  lt,
  lte,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AuditFilter, AuditSortColumn } from '@formloop/contracts';
import { auditLog, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function userCondition(filter: AuditFilter): SQL | undefined {
  const value = filter.value;
  // The user is named by id or by username; a name that is not a uuid never equals a user id.
  const byName = sql`lower(${users.username}) = lower(${value})`;
  const same = isUuid(value) ? or(eq(auditLog.userId, value), byName) : byName;
  switch (filter.operator) {
    case 'eq':
      return same;
    case 'neq':
      // Entries with no user (system actions) are "not this user" too.
      return or(sql`${auditLog.userId} is null`, sql`not (${same})`);
    case 'contains':
      return or(ilike(users.username, containsPattern(value)), ilike(users.fullname, containsPattern(value)));
    case 'gte':
      return sql`lower(${users.username}) >= lower(${value})`;
    case 'lte':
      return sql`lower(${users.username}) <= lower(${value})`;
  }
}

function textCondition(column: typeof auditLog.entity | typeof auditLog.action, filter: AuditFilter) {
  const value = filter.value;
  switch (filter.operator) {
    case 'eq':
      return sql`lower(${column}) = lower(${value})`;
    case 'neq':
      return sql`lower(${column}) <> lower(${value})`;
    case 'contains':
      return ilike(column, containsPattern(value));
    case 'gte':
      return sql`lower(${column}) >= lower(${value})`;
    case 'lte':
      return sql`lower(${column}) <= lower(${value})`;
  }
}

/** A bare date (YYYY-MM-DD) means that whole UTC day; a timestamp means that instant. */
function dateCondition(filter: AuditFilter): SQL | undefined {
  const start = new Date(filter.value);
  const wholeDay = DATE_ONLY.test(filter.value);
  const end = new Date(start.getTime() + DAY_MS);
  switch (filter.operator) {
    case 'eq':
      return wholeDay
        ? and(gte(auditLog.createdAt, start), lt(auditLog.createdAt, end))
        : eq(auditLog.createdAt, start);
    case 'neq':
      return wholeDay
        ? or(lt(auditLog.createdAt, start), gte(auditLog.createdAt, end))
        : ne(auditLog.createdAt, start);
    case 'gte':
      return gte(auditLog.createdAt, start);
    case 'lte':
      return wholeDay ? lt(auditLog.createdAt, end) : lte(auditLog.createdAt, start);
    case 'contains':
      return undefined; // refused by the contract
  }
}

function filterCondition(filter: AuditFilter): SQL | undefined {
  switch (filter.field) {
    case 'user':
      return userCondition(filter);
    case 'entity':
      return textCondition(auditLog.entity, filter);
    case 'action':
      return textCondition(auditLog.action, filter);
    case 'created_at':
      return dateCondition(filter);
  }
}

function searchCondition(search: string): SQL | undefined {
  if (search === '') return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(auditLog.entity, pattern),
    ilike(auditLog.action, pattern),
    ilike(auditLog.entityId, pattern),
    ilike(users.username, pattern),
    ilike(users.fullname, pattern),
  );
}

const SORT_COLUMNS: Record<AuditSortColumn, SQL | AnyColumn> = {
  created_at: auditLog.createdAt,
  entity: auditLog.entity,
  action: auditLog.action,
  user: sql`lower(${users.username})`,
};

export interface ListQuery {
  offset: number;
  limit: number;
  orders: Array<{ column: AuditSortColumn; dir: 'asc' | 'desc' }>;
  search: string;
  filters: AuditFilter[];
}

const selection = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  username: users.username,
  fullname: users.fullname,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  requestId: auditLog.requestId,
};

// Users are joined within the tenant, so an id that names another tenant's user never lends its name.
const userJoin = and(eq(users.id, auditLog.userId), eq(users.tenantId, auditLog.tenantId));

export async function listPage(tx: TenantTx, tenantId: string, query: ListQuery) {
  const where = and(
    eq(auditLog.tenantId, tenantId),
    searchCondition(query.search),
    ...query.filters.map(filterCondition),
  );
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(SORT_COLUMNS[order.column]) : desc(SORT_COLUMNS[order.column]),
  );
  // The id breaks ties (and keeps entries of one timestamp in insertion order) so pages never overlap.
  const last = query.orders.at(-1)?.dir === 'asc' ? asc(auditLog.id) : desc(auditLog.id);
  const rows = await tx
    .select(selection)
    .from(auditLog)
    .leftJoin(users, userJoin)
    .where(where)
    .orderBy(...orderBy, last)
    .limit(query.limit)
    .offset(query.offset);
  const filtered = await countRows(tx, where);
  const total = await countRows(tx, eq(auditLog.tenantId, tenantId));
  return {
    rows,
    recordsFiltered: filtered.n,
    recordsTotal: total.n,
    estimated: filtered.estimated || total.estimated,
  };
}

/** Counts are exact up to this many rows; past it the planner's estimate stands in (DESIGN.md). */
export const EXACT_COUNT_LIMIT = 100_000;

const matchingRows = (tx: TenantTx, where: SQL | undefined) =>
  tx
    .select({ one: sql<number>`1`.as('one') })
    .from(auditLog)
    .leftJoin(users, userJoin)
    .where(where);

async function countRows(tx: TenantTx, where: SQL | undefined): Promise<{ n: number; estimated: boolean }> {
  const capped = matchingRows(tx, where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await tx.select({ n: count() }).from(capped);
  const n = row?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { n, estimated: false };
  const plan = await tx.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    sql`explain (format json) ${matchingRows(tx, where)}`,
  );
  const planned = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  // The estimate may trail a burst of fresh rows; never report fewer than were actually counted.
  return { n: Math.max(n, planned), estimated: true };
}

export type AuditListRow = Awaited<ReturnType<typeof listPage>>['rows'][number];

export async function findOne(tx: TenantTx, tenantId: string, id: number) {
  const rows = await tx
    .select({ ...selection, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, userJoin)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
