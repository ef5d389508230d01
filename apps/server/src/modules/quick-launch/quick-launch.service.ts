import {
  msg,
  QUICK_LAUNCH_MAX,
  type QuickLaunchApp,
  type QuickLaunchAppsPage,
  type QuickLaunchAppsQuery,
  type QuickLaunchTile,
  type SortUpdateBody,
} from '@formloop/contracts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { badField } from '../../platform/http/errors.ts';
import { visibleScope, type AppCaller, type AppScope } from '../apps/index.ts';
import * as repo from './quick-launch.repository.ts';
import type { OfferedAppRow, TileRow } from './quick-launch.repository.ts';

// Quick launch: the apps a user pinned as tiles on /dashboard. Every signed-in user may keep tiles
// of the apps they may see (spec §6: apps are everyone's; /dashboard itself is for builders).
//
// A tile shows while its app is offered for quick launch (add_to_quick_launch) and visible to the
// user (the apps module's visibleScope: builders every app, drafts included; others the published
// apps a role grants view on). A stored tile that stops showing stays stored, so it comes back when
// the app does; the next PUT set, which replaces the list, drops it. The dialog of apps to add lists
// published apps only (a draft opens no records). Tiles are personal, like favourites, and so not
// audited.

const toTile = (row: TileRow): QuickLaunchTile => ({
  id: row.id,
  display_name: row.displayName,
  app_icon: row.appIcon,
  category_icon: row.categoryIcon,
  order_index: row.orderIndex,
  is_published: row.isPublished,
});

const toApp = (row: OfferedAppRow): QuickLaunchApp => ({
  id: row.id,
  display_name: row.displayName,
  module_description: row.moduleDescription,
  app_icon: row.appIcon,
  category_name: row.categoryName,
  category_icon: row.categoryIcon,
  modified_on: row.modifiedOn.toISOString(),
  in_quick_launch: row.inQuickLaunch,
});

/** Ids compared in lower case, as PostgreSQL prints uuids. */
const normalised = (ids: readonly string[]) => ids.map((id) => id.toLowerCase());

function refuseRepeats(field: string, ids: readonly string[]): void {
  if (new Set(ids).size !== ids.length) throw badField(field, msg('quickLaunch.duplicateApp'));
}

/** The app a new app's creator gets as a tile, when it was created with addToQuickLaunch. */
export interface CreatedApp {
  id: string;
  addToQuickLaunch: boolean;
}

export function createQuickLaunchService(db: TenantDb) {
  const tilesOf = async (tx: TenantTx, tenantId: string, caller: AppCaller) =>
    (await repo.listTiles(tx, tenantId, caller.userId, await visibleScope(tx, tenantId, caller))).map(toTile);

  return {
    /** GET userpreference/get/quicklaunch: the caller's tiles in order. */
    async tiles(ctx: CallContext, caller: AppCaller): Promise<QuickLaunchTile[]> {
      return db.inTenant(ctx.tenantId, (tx) => tilesOf(tx, ctx.tenantId, caller));
    },

    /**
     * PUT userpreference/set/quicklaunch: the complete new list, in order. Every id must be an app
     * the caller may see and that is offered for quick launch; any other id (unknown, another
     * tenant's, hidden from the caller, not offered, not a uuid) is the same 400, so nothing is
     * learnt about apps the caller may not see.
     */
    async set(ctx: CallContext, caller: AppCaller, moduleIds: readonly string[]): Promise<QuickLaunchTile[]> {
      const ids = normalised(moduleIds);
      refuseRepeats('moduleIds', ids);
      if (ids.length > QUICK_LAUNCH_MAX) throw badField('moduleIds', msg('quickLaunch.tooMany'));
      const refused = () => badField('moduleIds', msg('quickLaunch.appNotAvailable'));
      if (!ids.every(isUuid)) throw refused();
      return db.inTenant(ctx.tenantId, async (tx) => {
        const scope = await visibleScope(tx, ctx.tenantId, caller);
        const offered = await repo.offeredIds(tx, ctx.tenantId, scope, ids);
        if (ids.some((id) => !offered.has(id))) throw refused();
        await repo.lockStoredIds(tx, ctx.tenantId, caller.userId);
        await repo.replaceTiles(tx, ctx.tenantId, caller.userId, ids);
        return tilesOf(tx, ctx.tenantId, caller);
      });
    },

    /**
     * PATCH sortupdate (kind quicklaunch): the named tiles first, in this order; the others keep
     * their order after them (so tiles hidden from the caller for now keep their place among
     * themselves). Each id must be one of the caller's shown tiles.
     */
    async sortUpdate(ctx: CallContext, caller: AppCaller, body: SortUpdateBody): Promise<QuickLaunchTile[]> {
      const ids = normalised(body.ids);
      refuseRepeats('ids', ids);
      return db.inTenant(ctx.tenantId, async (tx) => {
        const stored = await repo.lockStoredIds(tx, ctx.tenantId, caller.userId);
        const shown = new Set((await tilesOf(tx, ctx.tenantId, caller)).map((tile) => tile.id));
        if (ids.some((id) => !shown.has(id))) throw badField('ids', msg('quickLaunch.notInQuickLaunch'));
        const named = new Set(ids);
        await repo.replaceTiles(tx, ctx.tenantId, caller.userId, [
          ...ids,
          ...stored.filter((id) => !named.has(id)),
        ]);
        return tilesOf(tx, ctx.tenantId, caller);
      });
    },

    /** POST quicklaunchapps/datatables: a page of the published, visible apps offered for quick launch. */
    async apps(
      ctx: CallContext,
      caller: AppCaller,
      query: QuickLaunchAppsQuery,
    ): Promise<QuickLaunchAppsPage> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const visible = await visibleScope(tx, ctx.tenantId, caller);
        const scope: AppScope = { ...visible, publishedOnly: true };
        const page = await repo.pageOfferedApps(tx, ctx.tenantId, caller.userId, scope, {
          offset: (query.page - 1) * query.length,
          limit: query.length,
          search: query.search,
          orders: query.orders.length > 0 ? query.orders : [{ column: 'display_name', dir: 'asc' }],
        });
        return {
          records: page.rows.map(toApp),
          recordsTotal: page.recordsTotal,
          recordsFiltered: page.recordsFiltered,
        };
      });
    },

    /**
     * The apps module's creation hook, in the creating transaction: an app created with
     * addToQuickLaunch becomes its creator's last tile (unless the creator already holds the most
     * tiles; the app is then in the dialog to add instead).
     */
    async onAppCreated(tx: TenantTx, tenantId: string, userId: string, app: CreatedApp): Promise<void> {
      if (!app.addToQuickLaunch) return;
      await repo.appendTile(tx, tenantId, userId, app.id, QUICK_LAUNCH_MAX);
    },
  };
}
export type QuickLaunchService = ReturnType<typeof createQuickLaunchService>;
