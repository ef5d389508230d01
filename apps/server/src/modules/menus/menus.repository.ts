import { and, asc, eq, sql } from 'drizzle-orm';
import { menus } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import type { MenuView } from './menu-tree.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).

const columns = {
  id: menus.id,
  parentId: menus.parentId,
  menuName: menus.menuName,
  actionUrl: menus.actionUrl,
  iconClass: menus.iconClass,
  description: menus.description,
  isGroup: menus.isGroup,
  showOnSeed: menus.showOnSeed,
  orderIndex: menus.orderIndex,
};

const inTenant = (tenantId: string) => eq(menus.tenantId, tenantId);

/**
 * Every stored menu of the tenant, siblings in display order (ties on order_index fall back to the
 * name). `lock` row-locks them all: moves and saves check the whole tree, so they serialise on it.
 */
export async function listMenus(tx: TenantTx, tenantId: string, lock = false): Promise<MenuView[]> {
  const query = tx
    .select(columns)
    .from(menus)
    .where(inTenant(tenantId))
    .orderBy(asc(menus.orderIndex), sql`lower(${menus.menuName})`, asc(menus.id));
  return lock ? await query.for('update') : await query;
}

export async function insertMenu(
  tx: TenantTx,
  tenantId: string,
  values: Omit<MenuView, 'id'>,
  userId: string,
): Promise<MenuView> {
  const rows = await tx
    .insert(menus)
    .values({ tenantId, ...values, createdBy: userId, modifiedBy: userId })
    .returning(columns);
  return rows[0]!;
}

export async function updateMenu(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: Partial<Omit<MenuView, 'id'>>,
  userId: string,
): Promise<void> {
  await tx
    .update(menus)
    .set({ ...changes, modifiedBy: userId, modifiedAt: new Date() })
    .where(and(inTenant(tenantId), eq(menus.id, id)));
}

/** Deletes one entry; the foreign key's ON DELETE CASCADE takes everything below it along. */
export async function deleteMenu(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(menus).where(and(inTenant(tenantId), eq(menus.id, id)));
}
