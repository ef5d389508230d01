import {
  dashboardCardSchema,
  dashboardFilterSchema,
  msg,
  type Dashboard,
  type DashboardCard,
  type DashboardCardResult,
  type DashboardFilterValues,
  type DashboardListItem,
  type dashboardDataTableRequestSchema,
  type saveDashboardBodySchema,
} from '@formloop/contracts';
import { z } from 'zod';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { AppError, badField, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AppWriteClock } from '../../platform/realtime/app-writes.ts';
import type { ReportService } from '../reports/index.ts';
import { CardCache } from './card-cache.ts';
import { previousValues, wiredFilters } from './dashboard-filters.ts';
import * as repo from './dashboards.repository.ts';

// Dashboards (issue 24 item 5): CRUD and sharing as reports, the caller's filter values and default,
// and each card's data read as the viewer (reports' run), with the dashboard's filters wired in and
// cached until the card's app is written (card-cache.ts).

const ENTITY = 'dashboard';
type SaveBody = z.output<typeof saveDashboardBodySchema>;
type ListBody = z.output<typeof dashboardDataTableRequestSchema>;

const cardsSchema = z.array(dashboardCardSchema);
const filtersSchema = z.array(dashboardFilterSchema);
const missing = () => notFound(msg('dashboards.notFound'));

function toDashboard(row: repo.DashboardRow, userId: string): Dashboard {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sharing: row.sharing,
    teamIds: row.team_ids,
    roleIds: row.role_ids,
    cards: cardsSchema.parse(row.cards),
    filters: filtersSchema.parse(row.filters),
    refreshSeconds: row.refresh_seconds,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    isMine: row.owner_id === userId,
    filterValues: (row.filter_values ?? {}) as DashboardFilterValues,
    isDefault: row.is_default === true,
    createdOn: new Date(row.created_on).toISOString(),
    modifiedOn: new Date(row.modified_on).toISOString(),
  };
}

/** Cards and filters checked as a whole: ids unique, a query where a card needs one. */
function checkLayout(body: SaveBody) {
  const cardIds = new Set<string>();
  for (const card of body.cards) {
    if (cardIds.has(card.id)) throw badField('cards', msg('dashboards.duplicateCard'));
    cardIds.add(card.id);
    const needsQuery = card.type === 'chart' || card.type === 'number' || card.type === 'table';
    if (
      (needsQuery && !card.definition) ||
      (card.type === 'workflow' && !card.workflow) ||
      (card.type === 'report' && !card.reportId)
    )
      throw badField('cards', msg('dashboards.cardNeedsQuery', { card: card.title || card.id }));
  }
  const filterIds = new Set<string>();
  for (const filter of body.filters) {
    if (filterIds.has(filter.id)) throw badField('filters', msg('dashboards.duplicateFilter'));
    filterIds.add(filter.id);
  }
}

/** The single figure of a card whose report has no groups (a number card). */
function figureOf(result: Awaited<ReturnType<ReportService['run']>>): number | null {
  if (result.kind !== 'grouped' || result.columns.some((column) => column.key.startsWith('group:')))
    return null;
  const value = result.rows[0]?.measures[0];
  return typeof value === 'number' ? value : null;
}

export function createDashboardService(db: TenantDb, reports: ReportService, clock: AppWriteClock | null) {
  const audit = auditorFor(ENTITY);
  const cache = new CardCache();

  async function visibleOr404(tx: TenantTx, ctx: CallContext, auth: RequestAuth, id: string) {
    const row = isUuid(id)
      ? await repo.findVisibleDashboard(tx, ctx.tenantId, auth.userId, id.toLowerCase())
      : null;
    if (!row) throw missing();
    return row;
  }

  /** What a cached card result depends on: its app's writes (NOTIFY) and newest record. */
  async function stampOf(ctx: CallContext, moduleId: string): Promise<string> {
    const newest = await db.readInTenant(ctx.tenantId, (tx) =>
      repo.newestRecordStamp(tx, ctx.tenantId, moduleId),
    );
    return `${clock?.stampOf(moduleId) ?? 'no-clock'}|${newest}`;
  }

  async function reportCard(
    ctx: CallContext,
    auth: RequestAuth,
    dashboard: Dashboard,
    card: DashboardCard,
    values: DashboardFilterValues,
    refresh: boolean,
  ): Promise<DashboardCardResult> {
    const definition = card.definition!;
    const context = await reports.exportContext(ctx, auth, definition.moduleId);
    const filters = wiredFilters(dashboard.filters, values, card, context.kindOf, context.timeZone);
    const stamp = await stampOf(ctx, definition.moduleId);
    // Builders see every row of a published app; what they may read of it changes only by publishing.
    const key = JSON.stringify([ctx.tenantId, dashboard.id, card, filters, context.moduleVersion]);
    const hit = refresh ? null : cache.get(key, stamp);
    if (hit) return { ...hit, cached: true } as DashboardCardResult;
    const result = await reports.run(ctx, auth, { definition, filters, page: 1, length: 10, search: '' });
    let previous: number | null = null;
    if (card.type === 'number' && card.compare) {
      const before = previousValues(dashboard.filters, values);
      if (before) {
        const shifted = wiredFilters(dashboard.filters, before, card, context.kindOf, context.timeZone);
        previous = figureOf(
          await reports.run(ctx, auth, { definition, filters: shifted, page: 1, length: 10, search: '' }),
        );
      }
    }
    const answer: DashboardCardResult = {
      kind: 'report',
      result,
      previous,
      target: card.target ?? null,
      moduleId: definition.moduleId,
      filters: [...definition.filters, ...filters],
      cached: false,
      computedOn: new Date().toISOString(),
    };
    cache.set(key, stamp, answer);
    return answer;
  }

  async function workflowCard(
    ctx: CallContext,
    auth: RequestAuth,
    dashboard: Dashboard,
    card: DashboardCard,
    refresh: boolean,
  ) {
    const moduleId = card.workflow!.moduleId;
    const stamp = await stampOf(ctx, moduleId);
    const key = JSON.stringify([ctx.tenantId, dashboard.id, card.id, card.workflow, 'workflow']);
    const hit = refresh ? null : cache.get(key, stamp);
    if (hit) return { ...hit, cached: true } as DashboardCardResult;
    const metrics = await reports.workflowMetrics(ctx, auth, { moduleId, weeks: 12 });
    const answer: DashboardCardResult = {
      kind: 'workflow',
      metrics,
      cached: false,
      computedOn: new Date().toISOString(),
    };
    cache.set(key, stamp, answer);
    return answer;
  }

  return {
    async list(ctx: CallContext, auth: RequestAuth, body: ListBody) {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const result = await repo.listDashboards(tx, ctx.tenantId, auth.userId, {
          offset: (body.page - 1) * body.length,
          limit: body.length,
          search: body.search,
          scope: body.scope,
        });
        const data: DashboardListItem[] = result.rows.map((row) => {
          const { cards, filters: _filters, filterValues: _values, ...rest } = toDashboard(row, auth.userId);
          return { ...rest, cardCount: cards.length };
        });
        return { data, recordsTotal: result.total, recordsFiltered: result.filtered };
      });
    },

    detail: (ctx: CallContext, auth: RequestAuth, id: string) =>
      db.readInTenant(ctx.tenantId, async (tx) =>
        toDashboard(await visibleOr404(tx, ctx, auth, id), auth.userId),
      ),

    defaultId: (ctx: CallContext, auth: RequestAuth) =>
      db.readInTenant(ctx.tenantId, (tx) => repo.defaultDashboardId(tx, ctx.tenantId, auth.userId)),

    async save(ctx: CallContext, auth: RequestAuth, body: SaveBody): Promise<Dashboard> {
      checkLayout(body);
      // Every card's query is checked as the owner sees its app (a hidden field is refused now, not later).
      for (const card of body.cards) {
        if (card.definition) await reports.check(ctx, auth, card.definition);
      }
      const values: repo.DashboardValues = {
        name: body.name,
        description: body.description,
        sharing: body.sharing,
        teamIds: body.sharing === 'teams' ? body.teamIds : [],
        roleIds: body.sharing === 'roles' ? body.roleIds : [],
        cards: body.cards,
        filters: body.filters,
        refreshSeconds: body.refreshSeconds,
      };
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          let id: string;
          let before: repo.DashboardRow | null = null;
          if (body.id) {
            before = await visibleOr404(tx, ctx, auth, body.id);
            if (before.owner_id !== auth.userId) throw forbidden(msg('dashboards.notOwner'));
            if (await repo.nameTaken(tx, ctx.tenantId, auth.userId, body.name, before.id))
              throw conflict(msg('dashboards.duplicateName'));
            id = before.id;
            await repo.updateDashboard(tx, ctx.tenantId, id, values);
          } else {
            if (await repo.nameTaken(tx, ctx.tenantId, auth.userId, body.name, null))
              throw conflict(msg('dashboards.duplicateName'));
            id = await repo.insertDashboard(tx, ctx.tenantId, auth.userId, values);
          }
          await audit(tx, ctx, auth, {
            entityId: id,
            action: before ? 'update' : 'create',
            before: before ? { name: before.name, cards: before.cards, filters: before.filters } : null,
            after: { name: values.name, cards: values.cards, filters: values.filters },
          });
          return toDashboard(
            (await repo.findVisibleDashboard(tx, ctx.tenantId, auth.userId, id))!,
            auth.userId,
          );
        });
      } catch (error) {
        if (!(error instanceof AppError) && isUniqueViolation(error))
          throw conflict(msg('dashboards.duplicateName'));
        throw error;
      }
    },

    remove: (ctx: CallContext, auth: RequestAuth, id: string) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const row = await visibleOr404(tx, ctx, auth, id);
        if (row.owner_id !== auth.userId) throw forbidden(msg('dashboards.notOwner'));
        await repo.deleteDashboard(tx, ctx.tenantId, row.id);
        await audit(tx, ctx, auth, {
          entityId: row.id,
          action: 'delete',
          before: { name: row.name },
          after: null,
        });
        return { id: row.id };
      }),

    /** The caller's own filter values and default flag (anyone who may open the dashboard). */
    saveState: (
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
      state: { filterValues?: DashboardFilterValues | undefined; isDefault?: boolean | undefined },
    ) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const row = await visibleOr404(tx, ctx, auth, id);
        await repo.saveState(tx, ctx.tenantId, auth.userId, row.id, state);
        return toDashboard(
          (await repo.findVisibleDashboard(tx, ctx.tenantId, auth.userId, row.id))!,
          auth.userId,
        );
      }),

    /** One card's data as the caller sees it, with the dashboard's filters (given, or the caller's saved ones). */
    async card(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
      cardId: string,
      filterValues: DashboardFilterValues | undefined,
      refresh = false,
    ): Promise<DashboardCardResult> {
      const dashboard = await db.readInTenant(ctx.tenantId, async (tx) =>
        toDashboard(await visibleOr404(tx, ctx, auth, id), auth.userId),
      );
      const card = dashboard.cards.find((entry) => entry.id === cardId);
      if (!card) throw notFound(msg('dashboards.cardNotFound'));
      if (card.type === 'workflow') return workflowCard(ctx, auth, dashboard, card, refresh);
      if (!card.definition) return { kind: 'static' };
      const values = filterValues ?? dashboard.filterValues;
      for (const [filterId, value] of Object.entries(values)) {
        const filter = dashboard.filters.find((entry) => entry.id === filterId);
        if (
          filter?.kind === 'dateRange' &&
          value !== null &&
          (typeof value !== 'object' || Array.isArray(value))
        )
          throw badRequest(msg('dashboards.badFilterValue', { filter: filter.label || filter.id }));
      }
      return reportCard(ctx, auth, dashboard, card, values, refresh);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
