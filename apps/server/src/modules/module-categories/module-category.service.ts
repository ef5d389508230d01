import {
  msg,
  type ModuleCategory,
  type OrderModuleCategoriesBody,
  type SaveModuleCategoryCommand,
} from '@formloop/contracts';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import * as repo from './module-category.repository.ts';
import type { CategoryView } from './module-category.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';

const ENTITY = 'module_category';

export const toModuleCategory = (row: CategoryView): ModuleCategory => ({
  id: row.id,
  category_name: row.categoryName,
  category_icon: row.categoryIcon,
  order_index: row.orderIndex,
});

const duplicate = () => conflict(msg('moduleCategories.duplicateName'));
const missing = () => notFound(msg('moduleCategories.notFound'));

/** App groups: list for everyone signed in; create, rename, delete and order for settings roles. */
export function createModuleCategoryService(db: TenantDb) {
  /** Another tenant's id, a deleted one and a malformed one all look the same: not here. */
  const lockExisting = async (tx: TenantTx, tenantId: string, id: string) => {
    const row = isUuid(id) ? await repo.lockCategory(tx, tenantId, id) : null;
    if (!row) throw missing();
    return row;
  };

  const audit = auditorFor(ENTITY);

  return {
    async list(ctx: CallContext): Promise<ModuleCategory[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.listCategories(tx, ctx.tenantId));
      return rows.map(toModuleCategory);
    },

    async save(
      ctx: CallContext,
      auth: RequestAuth,
      body: SaveModuleCategoryCommand,
    ): Promise<ModuleCategory> {
      const name = body.category_name;
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          if (body.id !== undefined) {
            const current = await lockExisting(tx, ctx.tenantId, body.id);
            if (await repo.nameTaken(tx, ctx.tenantId, name, current.id)) throw duplicate();
            // Left out, the icon stays; null or '' clears it.
            const icon = body.category_icon === undefined ? current.categoryIcon : body.category_icon || null;
            const next = { ...current, categoryName: name, categoryIcon: icon };
            if (next.categoryName === current.categoryName && next.categoryIcon === current.categoryIcon) {
              return toModuleCategory(current);
            }
            await repo.updateCategory(
              tx,
              ctx.tenantId,
              current.id,
              { categoryName: name, categoryIcon: icon },
              auth.userId,
            );
            await audit(tx, ctx, auth, {
              entityId: current.id,
              action: 'updated',
              before: toModuleCategory(current),
              after: toModuleCategory(next),
            });
            return toModuleCategory(next);
          }
          if (await repo.nameTaken(tx, ctx.tenantId, name, null)) throw duplicate();
          const created = await repo.insertCategory(tx, ctx.tenantId, {
            categoryName: name,
            categoryIcon: body.category_icon || null,
            orderIndex: await repo.nextOrderIndex(tx, ctx.tenantId),
            userId: auth.userId,
          });
          await audit(tx, ctx, auth, {
            entityId: created.id,
            action: 'created',
            before: null,
            after: toModuleCategory(created),
          });
          return toModuleCategory(created);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await lockExisting(tx, ctx.tenantId, id);
        await repo.deleteCategory(tx, ctx.tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'deleted',
          before: toModuleCategory(current),
          after: null,
        });
      });
    },

    /**
     * The listed groups take positions 0..n-1 in the given order; groups left out (created
     * meanwhile in another tab, say) follow in their current order. One audit row holds the whole
     * order before and after, since that is the change people look for.
     */
    async order(
      ctx: CallContext,
      auth: RequestAuth,
      body: OrderModuleCategoriesBody,
    ): Promise<ModuleCategory[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const rows = await repo.listCategories(tx, ctx.tenantId, true);
        const byId = new Map(rows.map((row) => [row.id, row]));
        if (body.ids.some((id) => !byId.has(id))) throw missing();
        const listed = new Set(body.ids);
        const ordered = [
          ...body.ids.map((id) => byId.get(id)!),
          ...rows.filter((row) => !listed.has(row.id)),
        ];
        const next = ordered.map((row, index) => ({ ...row, orderIndex: index }));
        const changed = next.filter((row) => byId.get(row.id)!.orderIndex !== row.orderIndex);
        if (changed.length === 0) return next.map(toModuleCategory);
        for (const row of changed) {
          await repo.updateCategory(tx, ctx.tenantId, row.id, { orderIndex: row.orderIndex }, auth.userId);
        }
        await audit(tx, ctx, auth, {
          entityId: 'order',
          action: 'reordered',
          before: rows.map((row) => ({
            id: row.id,
            category_name: row.categoryName,
            order_index: row.orderIndex,
          })),
          after: next.map((row) => ({
            id: row.id,
            category_name: row.categoryName,
            order_index: row.orderIndex,
          })),
        });
        return next.map(toModuleCategory);
      });
    },
  };
}
