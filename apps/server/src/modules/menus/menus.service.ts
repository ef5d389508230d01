import {
  msg,
  MENU_MAX_DEPTH,
  menuActionUrlMessage,
  type AppMenuEntry,
  type MenuItem,
  type MenuPlacement,
  type MenuTreeNode,
  type OrderMenusBody,
  type SaveMenuCommand,
} from '@formloop/contracts';
import { menuResource } from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { badField, badRequest, notFound } from '../../platform/http/errors.ts';
import { keyOfText } from '../../platform/http/message-text.ts';
import { revokeResources } from '../access/index.ts';
import { appMenuFor } from './app-menu.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import {
  arrangementProblem,
  buildMenuTree,
  childrenByParent,
  normalisePlacements,
  placementsOf,
  toMenuItem,
  type ArrangementProblem,
  type MenuView,
} from './menu-tree.ts';
import * as repo from './menus.repository.ts';

const ENTITY = 'menu';
const missing = () => notFound(msg('menus.notFound'));
const fail = (problem: ArrangementProblem) =>
  problem.status === 404 ? notFound(msg(`menus.${problem.key}`)) : badRequest(msg(`menus.${problem.key}`));

/** The arrangement people read in the audit trail: names beside ids. */
const arrangementOf = (rows: readonly MenuView[]) =>
  rows.map((row) => ({
    id: row.id,
    menu_name: row.menuName,
    parent_id: row.parentId,
    order_index: row.orderIndex,
  }));

/** Every id below `id` (children, their children, ...), nearest first. */
function descendantsOf(rows: readonly MenuView[], id: string): MenuView[] {
  const byParent = childrenByParent(rows);
  const out: MenuView[] = [];
  const queue = [...(byParent.get(id) ?? [])];
  const seen = new Set([id]);
  while (queue.length > 0) {
    const row = queue.shift()!;
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(row);
    queue.push(...(byParent.get(row.id) ?? []));
  }
  return out;
}

/** Where a new or moved entry goes: after its new siblings. */
const nextIndexUnder = (rows: readonly MenuView[], parentId: string | null, exceptId?: string) =>
  rows
    .filter((row) => row.parentId === parentId && row.id !== exceptId)
    .reduce((top, row) => Math.max(top, row.orderIndex + 1), 0);

/** Stored application menus: the sidebar list for everyone; tree, save, delete and order for settings roles. */
export function createMenuService(db: TenantDb) {
  const audit = auditorFor(ENTITY);

  /** A parent for a new entry, or the new parent of a moved one: one of this tenant's groups. */
  const checkParent = (rows: readonly MenuView[], parentId: string | null) => {
    if (parentId === null) return null;
    const parent = rows.find((row) => row.id === parentId);
    if (!parent) throw notFound(msg('menus.parentNotFound'));
    if (!parent.isGroup) throw badRequest(msg('menus.parentNotGroup'));
    return parent;
  };

  const depthOf = (rows: readonly MenuView[], id: string | null): number => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    let depth = 0;
    for (let at = id; at !== null && depth <= rows.length; at = byId.get(at)?.parentId ?? null) depth += 1;
    return depth;
  };

  async function create(tx: TenantTx, ctx: CallContext, auth: RequestAuth, body: SaveMenuCommand) {
    const rows = await repo.listMenus(tx, ctx.tenantId, true);
    const parentId = body.parent_id ?? null;
    checkParent(rows, parentId);
    if (depthOf(rows, parentId) + 1 > MENU_MAX_DEPTH) throw badRequest(msg('menus.tooDeep'));
    const created = await repo.insertMenu(
      tx,
      ctx.tenantId,
      {
        parentId,
        menuName: body.menu_name,
        actionUrl: body.is_group ? '' : (body.action_url ?? ''),
        iconClass: body.icon_class ?? '',
        description: body.description ?? '',
        isGroup: body.is_group ?? false,
        showOnSeed: body.show_on_seed ?? false,
        orderIndex: nextIndexUnder(rows, parentId),
      },
      auth.userId,
    );
    await audit(tx, ctx, auth, {
      entityId: created.id,
      action: 'created',
      before: null,
      after: toMenuItem(created),
    });
    return toMenuItem(created);
  }

  async function edit(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    id: string,
    body: SaveMenuCommand,
  ): Promise<MenuItem> {
    const rows = await repo.listMenus(tx, ctx.tenantId, true);
    const current = rows.find((row) => row.id === id);
    if (!current) throw missing();
    const isGroup = body.is_group ?? current.isGroup;
    if (current.isGroup && !isGroup && rows.some((row) => row.parentId === current.id)) {
      throw badRequest(msg('menus.groupHasEntries'));
    }
    // The schema checked what it could; here the address meets the kind the entry ends up with.
    const actionUrl = isGroup ? (body.action_url ?? '') : (body.action_url ?? current.actionUrl);
    const urlProblem = menuActionUrlMessage(actionUrl, isGroup);
    if (urlProblem) throw badField('action_url', keyOfText(urlProblem));
    // Left out, the parent stays; given, the entry moves there (last among its new siblings).
    const parentId = body.parent_id === undefined ? current.parentId : body.parent_id;
    let orderIndex = current.orderIndex;
    if (parentId !== current.parentId) {
      checkParent(rows, parentId);
      const moved = placementsOf(rows).map((item) =>
        item.id === id ? { ...item, parent_id: parentId } : item,
      );
      const problem = arrangementProblem(rows, moved);
      if (problem) throw fail(problem);
      orderIndex = nextIndexUnder(rows, parentId, id);
    }
    const next: MenuView = {
      ...current,
      parentId,
      menuName: body.menu_name,
      actionUrl,
      iconClass: body.icon_class ?? current.iconClass,
      description: body.description ?? current.description,
      isGroup,
      showOnSeed: body.show_on_seed ?? current.showOnSeed,
      orderIndex,
    };
    const before = toMenuItem(current);
    const after = toMenuItem(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    const { id: _id, ...changes } = next;
    await repo.updateMenu(tx, ctx.tenantId, id, changes, auth.userId);
    await audit(tx, ctx, auth, { entityId: id, action: 'updated', before, after });
    return after;
  }

  return {
    /** GET sidebar: the same list the session token carries in config.appMenu. */
    async sidebar(ctx: CallContext, auth: RequestAuth): Promise<AppMenuEntry[]> {
      return db.inTenant(ctx.tenantId, (tx) => appMenuFor(tx, ctx.tenantId, auth.userId, auth.flags));
    },

    async tree(ctx: CallContext): Promise<MenuTreeNode[]> {
      return buildMenuTree(await db.inTenant(ctx.tenantId, (tx) => repo.listMenus(tx, ctx.tenantId)));
    },

    async save(ctx: CallContext, auth: RequestAuth, body: SaveMenuCommand): Promise<MenuItem> {
      return db.inTenant(ctx.tenantId, (tx) =>
        body.id === undefined ? create(tx, ctx, auth, body) : edit(tx, ctx, auth, body.id, body),
      );
    },

    /** Deletes an entry and everything below it; one audit row per removed entry (the trail is per entity). */
    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<string[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const rows = await repo.listMenus(tx, ctx.tenantId, true);
        const current = rows.find((row) => row.id === id);
        if (!current) throw missing();
        const removed = [current, ...descendantsOf(rows, id)];
        await repo.deleteMenu(tx, ctx.tenantId, id);
        // Roles lose their grants on the removed entries with them (the matrix lists existing menus only).
        await revokeResources(
          tx,
          ctx.tenantId,
          removed.map((row) => menuResource(row.id)),
        );
        for (const row of removed) {
          await audit(tx, ctx, auth, {
            entityId: row.id,
            action: 'deleted',
            before: toMenuItem(row),
            after: null,
          });
        }
        return removed.map((row) => row.id);
      });
    },

    /**
     * The whole arrangement at once: every menu exactly once, with its parent and its place among its
     * siblings. Nothing is written unless all of it is sound; one audit row holds before and after.
     */
    async order(ctx: CallContext, auth: RequestAuth, body: OrderMenusBody): Promise<MenuTreeNode[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const rows = await repo.listMenus(tx, ctx.tenantId, true);
        const problem = arrangementProblem(rows, body.items);
        if (problem) throw fail(problem);
        const placements = new Map<string, MenuPlacement>(
          normalisePlacements(body.items).map((item) => [item.id, item]),
        );
        const next = rows.map((row) => {
          const place = placements.get(row.id)!;
          return { ...row, parentId: place.parent_id, orderIndex: place.order_index };
        });
        const changed = next.filter((row, index) => {
          const old = rows[index]!;
          return old.parentId !== row.parentId || old.orderIndex !== row.orderIndex;
        });
        if (changed.length === 0) return buildMenuTree(rows);
        for (const row of changed) {
          await repo.updateMenu(
            tx,
            ctx.tenantId,
            row.id,
            { parentId: row.parentId, orderIndex: row.orderIndex },
            auth.userId,
          );
        }
        await audit(tx, ctx, auth, {
          entityId: 'order',
          action: 'reordered',
          before: arrangementOf(rows),
          after: arrangementOf(next),
        });
        return buildMenuTree(next);
      });
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
