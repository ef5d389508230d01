import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { QuickLaunchAppSortColumn } from '@formloop/contracts';
import { moduleCategories, modules, userQuickLaunch } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';
import type { AppScope } from '../apps/index.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall). Who may see which
// app arrives as the apps module's AppScope; this file only turns it into a condition.

/**
 * The apps quick launch may show within a scope: offered for quick launch (add_to_quick_launch) and
 * visible; false when the scope allows nothing (a user without grants).
 */
function offeredIn(tenantId: string, scope: AppScope): SQL | false {
  if (scope.ids !== null && scope.ids.length === 0) return false;
  return and(
    eq(modules.tenantId, tenantId),
    eq(modules.addToQuickLaunch, true),
    scope.publishedOnly ? isNotNull(modules.modulePublished) : undefined,
    scope.ids !== null ? inArray(modules.id, [...scope.ids]) : undefined,
  )!;
}

const categoryJoin = (tenantId: string) =>
  and(eq(moduleCategories.id, modules.applicationModuleCategoryId), eq(moduleCategories.tenantId, tenantId));

const mine = (tenantId: string, userId: string) =>
  and(eq(userQuickLaunch.tenantId, tenantId), eq(userQuickLaunch.userId, userId));

export interface TileRow {
  id: string;
  displayName: string;
  appIcon: string | null;
  categoryIcon: string | null;
  orderIndex: number;
  isPublished: boolean;
}

/** The user's tiles whose apps are in the scope and offered, in the user's order. */
export async function listTiles(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  scope: AppScope,
): Promise<TileRow[]> {
  const where = offeredIn(tenantId, scope);
  if (where === false) return [];
  return tx
    .select({
      id: modules.id,
      displayName: modules.displayName,
      appIcon: modules.appIcon,
      categoryIcon: moduleCategories.categoryIcon,
      orderIndex: userQuickLaunch.orderIndex,
      isPublished: sql<boolean>`(${modules.modulePublished} is not null)`,
    })
    .from(userQuickLaunch)
    .innerJoin(modules, and(eq(modules.id, userQuickLaunch.moduleId), eq(modules.tenantId, tenantId)))
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .where(and(mine(tenantId, userId), where))
    .orderBy(asc(userQuickLaunch.orderIndex), asc(modules.id));
}

/** Which of `ids` name apps of the tenant in the scope and offered for quick launch. */
export async function offeredIds(
  tx: TenantTx,
  tenantId: string,
  scope: AppScope,
  ids: readonly string[],
): Promise<Set<string>> {
  const where = offeredIn(tenantId, scope);
  if (where === false || ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: modules.id })
    .from(modules)
    .where(and(where, inArray(modules.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Every stored tile of the user (shown or not), in order, after taking the user's quick-launch lock
 * for the rest of the transaction: concurrent changes of one user's tiles queue up instead of
 * racing (row locks would not cover a user without tiles yet, whose two first inserts would collide).
 */
export async function lockStoredIds(tx: TenantTx, tenantId: string, userId: string): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`user_quick_launch:${userId}`}, 0))`);
  const rows = await tx
    .select({ moduleId: userQuickLaunch.moduleId })
    .from(userQuickLaunch)
    .where(mine(tenantId, userId))
    .orderBy(asc(userQuickLaunch.orderIndex), asc(userQuickLaunch.moduleId));
  return rows.map((row) => row.moduleId);
}

/** Replaces the user's tiles with `ids`, numbered 0, 1, 2 ... in this order. */
export async function replaceTiles(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  await tx.delete(userQuickLaunch).where(mine(tenantId, userId));
  if (ids.length === 0) return;
  await tx
    .insert(userQuickLaunch)
    .values(ids.map((moduleId, orderIndex) => ({ tenantId, userId, moduleId, orderIndex })));
}

/**
 * Adds one tile after the user's last, unless the user already has it or holds `max` tiles
 * (answers whether it was added). The user's lock is taken first, so two adds never share a place.
 */
export async function appendTile(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  moduleId: string,
  max: number,
): Promise<boolean> {
  const stored = await lockStoredIds(tx, tenantId, userId);
  if (stored.includes(moduleId) || stored.length >= max) return false;
  const [last] = await tx
    .select({ n: sql<number | null>`max(${userQuickLaunch.orderIndex})` })
    .from(userQuickLaunch)
    .where(mine(tenantId, userId));
  const orderIndex = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
  await tx.insert(userQuickLaunch).values({ tenantId, userId, moduleId, orderIndex }).onConflictDoNothing();
  return true;
}

// ---- the apps a user may add ----

export interface AppPageQuery {
  offset: number;
  limit: number;
  search: string;
  orders: Array<{ column: QuickLaunchAppSortColumn; dir: 'asc' | 'desc' }>;
}

export interface OfferedAppRow {
  id: string;
  displayName: string;
  moduleDescription: string;
  appIcon: string | null;
  categoryName: string | null;
  categoryIcon: string | null;
  modifiedOn: Date;
  inQuickLaunch: boolean;
}

const SORT_COLUMNS: Record<QuickLaunchAppSortColumn, SQL | AnyColumn> = {
  display_name: sql`lower(${modules.displayName})`,
  category_name: sql`lower(${moduleCategories.categoryName})`,
  modified_on: modules.modifiedOn,
};

const searchWhere = (search: string) => {
  if (search === '') return undefined;
  const pattern = containsPattern(search);
  return or(ilike(modules.displayName, pattern), ilike(modules.moduleDescription, pattern));
};

/** A page of the apps offered for quick launch within the scope. A tenant's apps are few: exact counts. */
export async function pageOfferedApps(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  scope: AppScope,
  query: AppPageQuery,
): Promise<{ rows: OfferedAppRow[]; recordsTotal: number; recordsFiltered: number }> {
  const base = offeredIn(tenantId, scope);
  if (base === false) return { rows: [], recordsTotal: 0, recordsFiltered: 0 };
  const where = and(base, searchWhere(query.search));
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(SORT_COLUMNS[order.column]) : desc(SORT_COLUMNS[order.column]),
  );
  // The id breaks ties, so equal names never make a row show on two pages.
  const rows = await tx
    .select({
      id: modules.id,
      displayName: modules.displayName,
      moduleDescription: modules.moduleDescription,
      appIcon: modules.appIcon,
      categoryName: moduleCategories.categoryName,
      categoryIcon: moduleCategories.categoryIcon,
      modifiedOn: modules.modifiedOn,
      inQuickLaunch: sql<boolean>`exists (select 1 from ${userQuickLaunch}
        where ${userQuickLaunch.moduleId} = ${modules.id} and ${userQuickLaunch.userId} = ${userId}
          and ${userQuickLaunch.tenantId} = ${tenantId})`,
    })
    .from(modules)
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .where(where)
    .orderBy(...orderBy, asc(modules.id))
    .limit(query.limit)
    .offset(query.offset);
  const [filtered] = await tx.select({ n: count() }).from(modules).where(where);
  const [total] = await tx.select({ n: count() }).from(modules).where(base);
  return { rows, recordsFiltered: filtered?.n ?? 0, recordsTotal: total?.n ?? 0 };
}
