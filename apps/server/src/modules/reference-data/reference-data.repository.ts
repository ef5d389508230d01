import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { referenceCategories, referenceLists } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// Lists and categories. Tenant first, and filtered on it, like every repository (RLS is the second wall).

const listInTenant = (tenantId: string) => eq(referenceLists.tenantId, tenantId);

const listColumns = {
  id: referenceLists.id,
  keyName: referenceLists.keyName,
  categories: referenceLists.categories,
  description: referenceLists.description,
  columns: referenceLists.columns,
  createdAt: referenceLists.createdAt,
  modifiedAt: referenceLists.modifiedAt,
};
export type ListRow = {
  id: string;
  keyName: string;
  categories: string[];
  description: string;
  columns: string[];
  createdAt: Date;
  modifiedAt: Date;
};

// Spelled out: drizzle leaves columns of a one-table select unqualified, which inside this subquery
// would name the rows' own columns.
const valueCount = sql<number>`(select count(*) from reference_list_rows r
  where r.list_id = "reference_lists"."id" and r.tenant_id = "reference_lists"."tenant_id")`.mapWith(Number);

/** The tenant's lists by key name with their value counts; search and category narrow them. */
export async function listSummaries(
  tx: TenantTx,
  tenantId: string,
  filter: { search: string; category: string },
): Promise<Array<ListRow & { valueCount: number }>> {
  const pattern = containsPattern(filter.search);
  return tx
    .select({ ...listColumns, valueCount })
    .from(referenceLists)
    .where(
      and(
        listInTenant(tenantId),
        filter.search
          ? or(ilike(referenceLists.keyName, pattern), ilike(referenceLists.description, pattern))
          : undefined,
        filter.category
          ? sql`exists (select 1 from jsonb_array_elements_text(${referenceLists.categories}) as c(name)
              where lower(c.name) = lower(${filter.category}))`
          : undefined,
      ),
    )
    .orderBy(sql`lower(${referenceLists.keyName})`, asc(referenceLists.id));
}

/** Every list as a permissible-list entry (id, key_name), by key name. */
export async function listEntries(tx: TenantTx, tenantId: string) {
  return tx
    .select({ id: referenceLists.id, keyName: referenceLists.keyName })
    .from(referenceLists)
    .where(listInTenant(tenantId))
    .orderBy(sql`lower(${referenceLists.keyName})`, asc(referenceLists.id));
}

/** One list; with `lock`, row-locked so concurrent edits of its values queue up. */
export async function findList(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<ListRow | null> {
  const query = tx
    .select(listColumns)
    .from(referenceLists)
    .where(and(listInTenant(tenantId), eq(referenceLists.id, id)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findListByKeyName(tx: TenantTx, tenantId: string, keyName: string) {
  const rows = await tx
    .select(listColumns)
    .from(referenceLists)
    .where(and(listInTenant(tenantId), sql`lower(${referenceLists.keyName}) = lower(${keyName})`))
    .limit(1);
  return rows[0] ?? null;
}

export const keyNameTaken = (tx: TenantTx, tenantId: string, keyName: string, exceptId: string | null) =>
  nameTakenIn(
    tx,
    {
      table: referenceLists,
      id: referenceLists.id,
      tenantId: referenceLists.tenantId,
      name: referenceLists.keyName,
    },
    tenantId,
    keyName,
    exceptId,
  );

export interface ListFields {
  keyName: string;
  categories: string[];
  description: string;
  columns: string[];
}

export async function insertList(
  tx: TenantTx,
  tenantId: string,
  fields: ListFields,
  userId: string,
): Promise<ListRow> {
  const rows = await tx
    .insert(referenceLists)
    .values({ tenantId, ...fields, createdBy: userId, modifiedBy: userId })
    .returning(listColumns);
  return rows[0]!;
}

/** Changes the list's fields (any left out stay) and marks it modified now. */
export async function touchList(
  tx: TenantTx,
  tenantId: string,
  id: string,
  fields: Partial<ListFields>,
  userId: string,
): Promise<ListRow> {
  const rows = await tx
    .update(referenceLists)
    .set({ ...fields, modifiedBy: userId, modifiedAt: new Date() })
    .where(and(listInTenant(tenantId), eq(referenceLists.id, id)))
    .returning(listColumns);
  return rows[0]!;
}

export async function deleteList(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(referenceLists).where(and(listInTenant(tenantId), eq(referenceLists.id, id)));
}

// ---- categories ----

const categoryInTenant = (tenantId: string) => eq(referenceCategories.tenantId, tenantId);
const categoryColumns = { id: referenceCategories.id, categoryName: referenceCategories.categoryName };
export type CategoryRow = { id: string; categoryName: string };

export async function listCategories(tx: TenantTx, tenantId: string): Promise<CategoryRow[]> {
  return tx
    .select(categoryColumns)
    .from(referenceCategories)
    .where(categoryInTenant(tenantId))
    .orderBy(sql`lower(${referenceCategories.categoryName})`, asc(referenceCategories.id));
}

/** The categories among `names`, compared ignoring case like the unique index. */
export async function findCategories(
  tx: TenantTx,
  tenantId: string,
  names: readonly string[],
): Promise<CategoryRow[]> {
  if (names.length === 0) return [];
  return tx
    .select(categoryColumns)
    .from(referenceCategories)
    .where(
      and(
        categoryInTenant(tenantId),
        // Lowered by PostgreSQL on both sides, so the comparison is exactly the unique index's.
        sql`lower(${referenceCategories.categoryName}) in (select lower(n) from unnest(${sql.param([...names])}::text[]) as n)`,
      ),
    );
}

export const categoryNameTaken = (tx: TenantTx, tenantId: string, name: string) =>
  nameTakenIn(
    tx,
    {
      table: referenceCategories,
      id: referenceCategories.id,
      tenantId: referenceCategories.tenantId,
      name: referenceCategories.categoryName,
    },
    tenantId,
    name,
    null,
  );

export async function insertCategory(
  tx: TenantTx,
  tenantId: string,
  categoryName: string,
  userId: string,
): Promise<CategoryRow> {
  const rows = await tx
    .insert(referenceCategories)
    .values({ tenantId, categoryName, createdBy: userId })
    .returning(categoryColumns);
  return rows[0]!;
}

/**
 * The category of this name, created when missing. A save filing a list under a new category may race
 * another doing the same: the loser's insert does nothing and it reads the winner's row instead.
 */
export async function ensureCategory(
  tx: TenantTx,
  tenantId: string,
  categoryName: string,
  userId: string,
): Promise<{ row: CategoryRow; created: boolean }> {
  const inserted = await tx
    .insert(referenceCategories)
    .values({ tenantId, categoryName, createdBy: userId })
    .onConflictDoNothing()
    .returning(categoryColumns);
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await findCategories(tx, tenantId, [categoryName]);
  return { row: row!, created: false };
}
