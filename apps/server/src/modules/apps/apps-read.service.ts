import type {
  AppDataTable,
  AppDataTableQuery,
  AppDetail,
  AppSummary,
  DataEntryApp,
  MostUsedApp,
} from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import {
  appOr404,
  enterableScope,
  maySee,
  usableScope,
  visibleAppOr404,
  visibleScope,
} from './app-access.ts';
import { toAppDetail, toAppSummary, toMostUsed } from './app-views.ts';
import * as lists from './apps-list.repository.ts';
import type { AppScope } from './apps-list.repository.ts';
import * as repo from './apps.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// Reading apps: the builder's lists, one app for the editor, and each user's own lists (the apps they
// may use, favourites, most used). Favourites and usage are personal, so they are not audited.

export const MOST_USED_LIMIT = 10;

const ALL_APPS: AppScope = { publishedOnly: false, ids: null };

function pageQuery(query: AppDataTableQuery): lists.SummaryPageQuery {
  const status = query.filters.find((filter) => filter.field === 'status')?.value;
  const category = query.filters.find((filter) => filter.field === 'application_module_category_id')?.value;
  return {
    offset: (query.page - 1) * query.length,
    limit: query.length,
    search: query.search,
    orders: query.orders,
    status,
    // A malformed group id matches no app rather than failing the query.
    categoryId:
      category === undefined || category === '' || isUuid(category)
        ? category?.toLowerCase()
        : '00000000-0000-0000-0000-000000000000',
  };
}

export function createAppReadService(db: TenantDb) {
  const table = (
    ctx: CallContext,
    auth: RequestAuth,
    scopeOf: (tx: TenantTx) => Promise<AppScope>,
    query: AppDataTableQuery,
  ) =>
    db.inTenant(ctx.tenantId, async (tx): Promise<AppDataTable> => {
      const scope = await scopeOf(tx);
      const page = await lists.pageSummaries(tx, ctx.tenantId, auth.userId, scope, pageQuery(query));
      return {
        data: page.rows.map(toAppSummary),
        recordsTotal: page.recordsTotal,
        recordsFiltered: page.recordsFiltered,
      };
    });

  return {
    /** ListForms (builders): every app of the tenant by name, optionally searched. */
    async listForms(ctx: CallContext, auth: RequestAuth, searchTerm = ''): Promise<AppSummary[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) =>
        lists.listSummaries(tx, ctx.tenantId, auth.userId, ALL_APPS, searchTerm),
      );
      return rows.map(toAppSummary);
    },

    /**
     * GetForm: builders get any app of the tenant; other users only published apps a role lets them
     * view (403 otherwise). Another tenant's id or a malformed one is a 404.
     */
    async getForm(ctx: CallContext, auth: RequestAuth, id: string): Promise<AppDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await appOr404(tx, ctx.tenantId, id);
        if (!(await maySee(tx, ctx.tenantId, auth, app))) throw forbidden();
        const summary = await lists.findSummary(tx, ctx.tenantId, auth.userId, app.id);
        return toAppDetail(toAppSummary(summary!), app, {
          emailTemplates: await repo.listEmailTemplates(tx, ctx.tenantId, app.id),
          versions: await repo.listVersions(tx, ctx.tenantId, app.id),
        });
      });
    },

    /** ListApplications: the published apps the caller may use, by name. */
    async listApplications(ctx: CallContext, auth: RequestAuth): Promise<AppSummary[]> {
      const rows = await db.inTenant(ctx.tenantId, async (tx) =>
        lists.listSummaries(tx, ctx.tenantId, auth.userId, await usableScope(tx, ctx.tenantId, auth)),
      );
      return rows.map(toAppSummary);
    },

    /** dataentrylookup: the published apps the caller may create entries in, by name, optionally searched. */
    async dataEntryLookup(ctx: CallContext, auth: RequestAuth, search = ''): Promise<DataEntryApp[]> {
      const rows = await db.inTenant(ctx.tenantId, async (tx) =>
        lists.listSummaries(
          tx,
          ctx.tenantId,
          auth.userId,
          await enterableScope(tx, ctx.tenantId, auth),
          search,
        ),
      );
      return rows.map((row) => ({
        module_id: row.id,
        display_name: row.displayName,
        app_icon: row.appIcon,
        category_name: row.categoryName,
      }));
    },

    /** POST applications/datatables: a page of the apps the caller may use. */
    applicationsTable: (ctx: CallContext, auth: RequestAuth, query: AppDataTableQuery) =>
      table(ctx, auth, (tx) => usableScope(tx, ctx.tenantId, auth), query),

    /** POST modules/datatables (builders): a page of every app of the tenant. */
    modulesTable: (ctx: CallContext, auth: RequestAuth, query: AppDataTableQuery) =>
      table(ctx, auth, async () => ALL_APPS, query),

    /** Favourite/list: spec §3 favourite modules (id, display_name, title, category_icon). */
    async favourites(ctx: CallContext, auth: RequestAuth) {
      const rows = await db.inTenant(ctx.tenantId, async (tx) =>
        lists.listFavourites(tx, ctx.tenantId, auth.userId, await visibleScope(tx, ctx.tenantId, auth)),
      );
      return rows.map((row) => ({
        id: row.id,
        display_name: row.displayName,
        title: row.displayName,
        // The app's own icon, else its group's.
        category_icon: row.appIcon ?? row.categoryIcon,
      }));
    },

    /** Favourite/add and /remove: idempotent; an app the caller may not see is a 404. */
    async setFavourite(ctx: CallContext, auth: RequestAuth, moduleId: string, isAdd: boolean) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await visibleAppOr404(tx, ctx.tenantId, auth, moduleId);
        if (isAdd) await lists.addFavourite(tx, ctx.tenantId, auth.userId, app.id);
        else await lists.removeFavourite(tx, ctx.tenantId, auth.userId, app.id);
        return { id: app.id, is_favourite: isAdd };
      });
    },

    /** ListMostUsed: the caller's top apps by uses, then by last use. */
    async mostUsed(ctx: CallContext, auth: RequestAuth): Promise<MostUsedApp[]> {
      const rows = await db.inTenant(ctx.tenantId, async (tx) =>
        lists.listMostUsed(
          tx,
          ctx.tenantId,
          auth.userId,
          await visibleScope(tx, ctx.tenantId, auth),
          MOST_USED_LIMIT,
        ),
      );
      return rows.map(toMostUsed);
    },

    /** usage: one more use of the app by the caller. */
    async recordUsage(ctx: CallContext, auth: RequestAuth, moduleId: string) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await visibleAppOr404(tx, ctx.tenantId, auth, moduleId);
        return { id: app.id, use_count: await lists.recordUsage(tx, ctx.tenantId, auth.userId, app.id) };
      });
    },
  };
}
