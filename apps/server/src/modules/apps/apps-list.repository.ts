import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppSortColumn } from '@formloop/contracts';
import {
  DEMO_CONTENT_MARK,
  auditLog,
  moduleCategories,
  moduleFavourites,
  moduleUsage,
  modules,
  users,
} from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// The app lists: ListForms, ListApplications, the data tables, favourites and most used. Every list
// reads the same summary columns; who may see what arrives as an AppScope (app-access.ts).

/** Which apps a list may show: published ones only, and only these ids (null: no id limit). */
export interface AppScope {
  publishedOnly: boolean;
  ids: readonly string[] | null;
}

const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');

const summaryColumns = (tenantId: string, userId: string) => ({
  id: modules.id,
  displayName: modules.displayName,
  moduleDescription: modules.moduleDescription,
  categoryId: modules.applicationModuleCategoryId,
  categoryName: moduleCategories.categoryName,
  categoryIcon: moduleCategories.categoryIcon,
  appIcon: modules.appIcon,
  addToQuickLaunch: modules.addToQuickLaunch,
  moduleVersion: modules.moduleVersion,
  isPublished: sql<boolean>`(${modules.modulePublished} is not null)`,
  isFavourite: sql<boolean>`exists (select 1 from ${moduleFavourites}
    where ${moduleFavourites.moduleId} = ${modules.id} and ${moduleFavourites.userId} = ${userId}
      and ${moduleFavourites.tenantId} = ${tenantId})`,
  createdBy: modules.createdBy,
  createdByName: creator.fullname,
  createdOn: modules.createdOn,
  modifiedOn: modules.modifiedOn,
  modifiedByName: modifier.fullname,
});
export type SummaryRow = {
  id: string;
  displayName: string;
  moduleDescription: string;
  categoryId: string | null;
  categoryName: string | null;
  categoryIcon: string | null;
  appIcon: string | null;
  addToQuickLaunch: boolean;
  moduleVersion: number;
  isPublished: boolean;
  isFavourite: boolean;
  createdBy: string | null;
  createdByName: string | null;
  createdOn: Date;
  modifiedOn: Date;
  modifiedByName: string | null;
};

const categoryJoin = (tenantId: string) =>
  and(eq(moduleCategories.id, modules.applicationModuleCategoryId), eq(moduleCategories.tenantId, tenantId));

/** The summary select with its joins; callers add the where, order and limits. */
function selectSummaries(tx: TenantTx, tenantId: string, userId: string) {
  return tx
    .select(summaryColumns(tenantId, userId))
    .from(modules)
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .leftJoin(creator, and(eq(creator.id, modules.createdBy), eq(creator.tenantId, tenantId)))
    .leftJoin(modifier, and(eq(modifier.id, modules.modifiedBy), eq(modifier.tenantId, tenantId)));
}

/** One app's summary as the caller sees it (is_favourite is the caller's). */
export async function findSummary(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  id: string,
): Promise<SummaryRow | null> {
  const rows = await selectSummaries(tx, tenantId, userId)
    .where(and(eq(modules.tenantId, tenantId), eq(modules.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The condition of a scope; false when the scope allows nothing (a user without grants). */
export function scopeWhere(tenantId: string, scope: AppScope): SQL | undefined | false {
  if (scope.ids !== null && scope.ids.length === 0) return false;
  return and(
    eq(modules.tenantId, tenantId),
    scope.publishedOnly ? isNotNull(modules.modulePublished) : undefined,
    scope.ids !== null ? inArray(modules.id, [...scope.ids]) : undefined,
  );
}

const searchWhere = (search: string) => {
  if (search === '') return undefined;
  const pattern = containsPattern(search);
  return or(ilike(modules.displayName, pattern), ilike(modules.moduleDescription, pattern));
};

const byName = [sql`lower(${modules.displayName})`, asc(modules.id)];

/** Apps in a scope, by name; `search` matches name or description anywhere, ignoring case. */
export async function listSummaries(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  scope: AppScope,
  search = '',
): Promise<SummaryRow[]> {
  const where = scopeWhere(tenantId, scope);
  if (where === false) return [];
  return selectSummaries(tx, tenantId, userId)
    .where(and(where, searchWhere(search)))
    .orderBy(...byName);
}

// Status sorts like its text: Draft (nothing published) before Published.
const SORT_COLUMNS: Record<AppSortColumn, SQL | AnyColumn> = {
  display_name: sql`lower(${modules.displayName})`,
  modified_on: modules.modifiedOn,
  created_on: modules.createdOn,
  status: sql`(${modules.modulePublished} is not null)`,
  category_name: sql`lower(${moduleCategories.categoryName})`,
};

export interface SummaryPageQuery {
  offset: number;
  limit: number;
  search: string;
  orders: Array<{ column: AppSortColumn; dir: 'asc' | 'desc' }>;
  status: 'Draft' | 'Published' | undefined;
  /** A group id, '' for apps without a group, undefined for any. */
  categoryId: string | undefined;
}

/** One page of a data table. A tenant's apps are few, so the counts are exact. */
export async function pageSummaries(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  scope: AppScope,
  query: SummaryPageQuery,
): Promise<{ rows: SummaryRow[]; recordsTotal: number; recordsFiltered: number }> {
  const base = scopeWhere(tenantId, scope);
  if (base === false) return { rows: [], recordsTotal: 0, recordsFiltered: 0 };
  const where = and(
    base,
    searchWhere(query.search),
    query.status === undefined
      ? undefined
      : query.status === 'Draft'
        ? isNull(modules.modulePublished)
        : isNotNull(modules.modulePublished),
    query.categoryId === undefined
      ? undefined
      : query.categoryId === ''
        ? isNull(modules.applicationModuleCategoryId)
        : eq(modules.applicationModuleCategoryId, query.categoryId),
  );
  const orderBy = query.orders.map((order) =>
    order.dir === 'asc' ? asc(SORT_COLUMNS[order.column]) : desc(SORT_COLUMNS[order.column]),
  );
  // The id breaks ties, so equal names or dates never make a row show on two pages.
  const rows = await selectSummaries(tx, tenantId, userId)
    .where(where)
    .orderBy(...orderBy, asc(modules.id))
    .limit(query.limit)
    .offset(query.offset);
  const [filtered] = await tx
    .select({ n: count() })
    .from(modules)
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .where(where);
  const [total] = await tx.select({ n: count() }).from(modules).where(base);
  return { rows, recordsFiltered: filtered?.n ?? 0, recordsTotal: total?.n ?? 0 };
}

// ---- personal lists: favourites and most used ----

/** The caller's favourite apps within the scope, in the order they were added. */
export async function listFavourites(tx: TenantTx, tenantId: string, userId: string, scope: AppScope) {
  const where = scopeWhere(tenantId, scope);
  if (where === false) return [];
  return tx
    .select({
      id: modules.id,
      displayName: modules.displayName,
      appIcon: modules.appIcon,
      categoryIcon: moduleCategories.categoryIcon,
    })
    .from(moduleFavourites)
    .innerJoin(modules, and(eq(modules.id, moduleFavourites.moduleId), eq(modules.tenantId, tenantId)))
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .where(and(where, eq(moduleFavourites.tenantId, tenantId), eq(moduleFavourites.userId, userId)))
    .orderBy(asc(moduleFavourites.addedAt), asc(modules.id));
}

export async function addFavourite(tx: TenantTx, tenantId: string, userId: string, moduleId: string) {
  await tx.insert(moduleFavourites).values({ tenantId, userId, moduleId }).onConflictDoNothing();
}

export async function removeFavourite(tx: TenantTx, tenantId: string, userId: string, moduleId: string) {
  await tx
    .delete(moduleFavourites)
    .where(
      and(
        eq(moduleFavourites.tenantId, tenantId),
        eq(moduleFavourites.userId, userId),
        eq(moduleFavourites.moduleId, moduleId),
      ),
    );
}

/** Counts one more use of the app by the user (first use: 1); answers the new count. */
export async function recordUsage(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  moduleId: string,
): Promise<number> {
  const rows = await tx
    .insert(moduleUsage)
    .values({ tenantId, userId, moduleId, useCount: 1, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [moduleUsage.userId, moduleUsage.moduleId],
      set: { useCount: sql`${moduleUsage.useCount} + 1`, lastUsedAt: new Date() },
    })
    .returning({ useCount: moduleUsage.useCount });
  return rows[0]!.useCount;
}

/** The caller's most used apps within the scope: most uses first, then most recent. */
export async function listMostUsed(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  scope: AppScope,
  limit: number,
): Promise<Array<SummaryRow & { useCount: number; lastUsedAt: Date }>> {
  const where = scopeWhere(tenantId, scope);
  if (where === false) return [];
  return tx
    .select({
      ...summaryColumns(tenantId, userId),
      useCount: moduleUsage.useCount,
      lastUsedAt: moduleUsage.lastUsedAt,
    })
    .from(moduleUsage)
    .innerJoin(modules, eq(modules.id, moduleUsage.moduleId))
    .leftJoin(moduleCategories, categoryJoin(tenantId))
    .leftJoin(creator, and(eq(creator.id, modules.createdBy), eq(creator.tenantId, tenantId)))
    .leftJoin(modifier, and(eq(modifier.id, modules.modifiedBy), eq(modifier.tenantId, tenantId)))
    .where(and(where, eq(moduleUsage.tenantId, tenantId), eq(moduleUsage.userId, userId)))
    .orderBy(desc(moduleUsage.useCount), desc(moduleUsage.lastUsedAt), asc(modules.id))
    .limit(limit);
}

/** The tenant's published apps with their published definitions, by name (ModuleLookup). */
export async function listPublishedDefinitions(tx: TenantTx, tenantId: string) {
  return tx
    .select({ id: modules.id, displayName: modules.displayName, published: modules.modulePublished })
    .from(modules)
    .where(and(eq(modules.tenantId, tenantId), isNotNull(modules.modulePublished)))
    .orderBy(...byName);
}

/**
 * The example apps of the tenant: those the demo content made (its audit row names them by key)
 * that still exist, by name. None in a tenant without the demo content.
 */
export async function listExampleApps(tx: TenantTx, tenantId: string) {
  const made = tx
    .select({ id: sql`(jsonb_each_text(${auditLog.after} -> 'apps')).value::uuid` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        eq(auditLog.entity, DEMO_CONTENT_MARK.entity),
        eq(auditLog.action, DEMO_CONTENT_MARK.action),
      ),
    );
  return tx
    .select({
      id: modules.id,
      display_name: modules.displayName,
      module_description: modules.moduleDescription,
      app_icon: modules.appIcon,
    })
    .from(modules)
    .where(and(eq(modules.tenantId, tenantId), inArray(modules.id, made)))
    .orderBy(...byName);
}
