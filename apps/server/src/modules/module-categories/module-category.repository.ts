import { and, asc, eq, max, sql } from 'drizzle-orm';
import { moduleCategories } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).

export type CategoryRow = typeof moduleCategories.$inferSelect;

const columns = {
  id: moduleCategories.id,
  categoryName: moduleCategories.categoryName,
  categoryIcon: moduleCategories.categoryIcon,
  orderIndex: moduleCategories.orderIndex,
};
export type CategoryView = {
  id: string;
  categoryName: string;
  categoryIcon: string | null;
  orderIndex: number;
};

const inTenant = (tenantId: string) => eq(moduleCategories.tenantId, tenantId);

/** The tenant's groups in their display order; ties (equal order_index) fall back to the name. */
export async function listCategories(tx: TenantTx, tenantId: string, lock = false): Promise<CategoryView[]> {
  const query = tx
    .select(columns)
    .from(moduleCategories)
    .where(inTenant(tenantId))
    .orderBy(
      asc(moduleCategories.orderIndex),
      sql`lower(${moduleCategories.categoryName})`,
      asc(moduleCategories.id),
    );
  return lock ? await query.for('update') : await query;
}

/** One group, row-locked for the rest of the transaction (rename and delete race otherwise). */
export async function lockCategory(tx: TenantTx, tenantId: string, id: string): Promise<CategoryView | null> {
  const rows = await tx
    .select(columns)
    .from(moduleCategories)
    .where(and(inTenant(tenantId), eq(moduleCategories.id, id)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Whether another group of the tenant has this name, compared case-insensitively like the unique index. */
export const nameTaken = (tx: TenantTx, tenantId: string, name: string, exceptId: string | null) =>
  nameTakenIn(
    tx,
    {
      table: moduleCategories,
      id: moduleCategories.id,
      tenantId: moduleCategories.tenantId,
      name: moduleCategories.categoryName,
    },
    tenantId,
    name,
    exceptId,
  );

export async function nextOrderIndex(tx: TenantTx, tenantId: string): Promise<number> {
  const rows = await tx
    .select({ top: max(moduleCategories.orderIndex) })
    .from(moduleCategories)
    .where(inTenant(tenantId));
  const top = rows[0]?.top;
  return top === null || top === undefined ? 0 : top + 1;
}

export async function insertCategory(
  tx: TenantTx,
  tenantId: string,
  values: { categoryName: string; categoryIcon: string | null; orderIndex: number; userId: string },
): Promise<CategoryView> {
  const rows = await tx
    .insert(moduleCategories)
    .values({
      tenantId,
      categoryName: values.categoryName,
      categoryIcon: values.categoryIcon,
      orderIndex: values.orderIndex,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .returning(columns);
  return rows[0]!;
}

export async function updateCategory(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: { categoryName?: string; categoryIcon?: string | null; orderIndex?: number },
  userId: string,
): Promise<void> {
  await tx
    .update(moduleCategories)
    .set({ ...changes, modifiedBy: userId, modifiedAt: new Date() })
    .where(and(inTenant(tenantId), eq(moduleCategories.id, id)));
}

export async function deleteCategory(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(moduleCategories).where(and(inTenant(tenantId), eq(moduleCategories.id, id)));
}
