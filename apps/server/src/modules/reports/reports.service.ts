import {
  msg,
  reportDefinitionSchema,
  type Report,
  type ReportDefinition,
  type ReportListItem,
  type ReportResult,
  type reportDataTableRequestSchema,
  type runReportBodySchema,
  type drillReportBodySchema,
  type workflowMetricsBodySchema,
  type WorkflowMetrics,
  type ReportDrill,
  type saveReportBodySchema,
} from '@formloop/contracts';
import { COMPLETE_ACTIVITY_ID } from '@formloop/domain';
import type { z } from 'zod';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import { readRows, type TenantDb, type TenantTx } from '../../platform/database/tenant-db.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { AppError, badField, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { organizationZone } from '../organization/index.ts';
import { ListColumns, recordAppOr404 } from '../records/index.ts';
import { createRecordListService } from '../record-lists/index.ts';
import {
  groupedReportSql,
  pivotReportSql,
  reportWhere,
  resolveGroup,
  type ReportScope,
  type ReportSources,
} from './report-query/report-sql.ts';
import { reportSources } from './report-sources.ts';
import { groupedResult, pivotResult } from './report-query/report-results.ts';
import { drillFilters } from './report-query/drill.ts';
import { workflowMetricsOf } from './workflow-metrics.ts';
import * as repo from './reports.repository.ts';

// Reports (issue 24): saved queries over one app's records, owned by a builder and shared with
// teams, roles or everyone. A run always reads as the viewer: the app must be one they can open,
// the columns are their record list's (hidden fields refused), the rows their list's rows. A plain
// report is their record list itself (record-lists' service); grouped and pivoted reports are
// aggregated by PostgreSQL on the app's partition (report-sql.ts), within REPORT_TIMEOUT_MS.

const ENTITY = 'report';

/** A report that runs longer is stopped and answered with reports.timedOut (never a hung page). */
export const REPORT_TIMEOUT_MS = 30_000;
const QUERY_CANCELED = '57014';

type SaveBody = z.output<typeof saveReportBodySchema>;
type ListBody = z.output<typeof reportDataTableRequestSchema>;
type RunBody = z.output<typeof runReportBodySchema>;
type DrillBody = z.output<typeof drillReportBodySchema>;
type MetricsBody = z.output<typeof workflowMetricsBodySchema>;

const missing = () => notFound(msg('reports.notFound'));

const toReport = (row: repo.ReportRow, userId: string): Report => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  sharing: row.sharing,
  teamIds: row.team_ids,
  roleIds: row.role_ids,
  definition: reportDefinitionSchema.parse(row.definition),
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  moduleName: row.module_name,
  isMine: row.owner_id === userId,
  isFavourite: row.is_favourite,
  createdOn: new Date(row.created_on).toISOString(),
  modifiedOn: new Date(row.modified_on).toISOString(),
});

const toListItem = (row: repo.ReportRow, userId: string): ReportListItem => {
  const { definition, ...rest } = toReport(row, userId);
  return { ...rest, chartType: definition.chart?.type ?? null };
};

const caller = (auth: RequestAuth) => ({ userId: auth.userId, flags: auth.flags });

export function createReportService(db: TenantDb) {
  const lists = createRecordListService(db);
  const audit = auditorFor(ENTITY);

  async function visibleOr404(tx: TenantTx, ctx: CallContext, auth: RequestAuth, id: string) {
    const row = isUuid(id)
      ? await repo.findVisibleReport(tx, ctx.tenantId, auth.userId, id.toLowerCase())
      : null;
    if (!row) throw missing();
    return row;
  }

  /** Runs aggregate statements within REPORT_TIMEOUT_MS; a statement stopped by it is reports.timedOut. */
  async function timed<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === QUERY_CANCELED)
        throw new AppError(503, 'TIMED_OUT', msg('reports.timedOut'));
      throw error;
    }
  }

  async function runGrouped(
    tx: TenantTx,
    sources: ReportSources,
    definition: ReportDefinition,
    scope: ReportScope,
    filters: ReportDefinition['filters'],
  ): Promise<ReportResult> {
    const where = reportWhere(sources.base, scope, filters);
    const built = groupedReportSql(sources, definition, scope, where);
    return groupedResult(
      await readRows<Record<string, unknown>>(tx, built.statement),
      built,
      definition.limit,
    );
  }

  async function runPivot(
    tx: TenantTx,
    sources: ReportSources,
    definition: ReportDefinition,
    scope: ReportScope,
    filters: ReportDefinition['filters'],
  ): Promise<ReportResult> {
    const pivot = definition.pivot!;
    const where = reportWhere(sources.base, scope, filters);
    const built = pivotReportSql(sources, pivot, scope, where, definition.limit);
    const raw = await readRows<Record<string, unknown>>(tx, built.statement);
    return pivotResult(raw, built, pivot, definition.limit);
  }

  /** Runs a definition as the caller: their app, their columns, their rows. */
  async function run(ctx: CallContext, auth: RequestAuth, body: RunBody): Promise<ReportResult> {
    const { definition } = body;
    const filters = [...definition.filters, ...body.filters];
    const grouped = definition.groupBy.length > 0 || definition.measures.length > 0;
    if (!grouped && !definition.pivot) {
      if ((definition.joins ?? []).length > 0) throw badField('joins', msg('reports.joinsNeedGroups'));
      const table = await lists.datatables(ctx, auth, {
        moduleId: definition.moduleId,
        page: body.page,
        length: body.length,
        search: body.search,
        columns: definition.columns.length ? definition.columns : undefined,
        orders: definition.orders,
        filters,
      });
      const columnsOut = await db.readInTenant(ctx.tenantId, async (tx) => {
        const app = await recordAppOr404(tx, ctx.tenantId, caller(auth), definition.moduleId);
        const columns = new ListColumns(app.definition, COMPLETE_ACTIVITY_ID);
        const names = definition.columns.length ? definition.columns : columns.fields().map((c) => c.name);
        return names.map((name) => {
          const column = columns.get(name);
          return { key: name, label: column.label, kind: column.kind };
        });
      });
      return {
        kind: 'table',
        columns: columnsOut,
        rows: table.data as unknown as Record<string, unknown>[],
        recordsTotal: table.recordsTotal,
        recordsFiltered: table.recordsFiltered,
        countIsEstimate: table.countIsEstimate ?? false,
      };
    }
    return db.inTenant(ctx.tenantId, async (tx) => {
      const app = await recordAppOr404(tx, ctx.tenantId, caller(auth), definition.moduleId);
      const columns = new ListColumns(app.definition, COMPLETE_ACTIVITY_ID);
      const sources = await reportSources(tx, ctx.tenantId, caller(auth), app, columns, definition);
      const scope = {
        tenantId: ctx.tenantId,
        moduleId: app.app.id,
        timeZone: await organizationZone(tx, ctx.tenantId),
      };
      await repo.limitStatementTime(tx, REPORT_TIMEOUT_MS);
      return timed(() =>
        definition.pivot
          ? runPivot(tx, sources, definition, scope, filters)
          : runGrouped(tx, sources, definition, scope, filters),
      );
    });
  }

  /** The definition checked against the app as the caller sees it (every field theirs to read). */
  async function checkDefinition(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    definition: ReportDefinition,
  ) {
    const app = await recordAppOr404(tx, ctx.tenantId, caller(auth), definition.moduleId);
    const columns = new ListColumns(app.definition, COMPLETE_ACTIVITY_ID);
    const scope = { tenantId: ctx.tenantId, moduleId: app.app.id, timeZone: 'UTC' };
    for (const name of definition.columns) columns.get(name);
    for (const order of definition.orders) columns.get(order.column);
    const where = reportWhere(columns, scope, definition.filters);
    const sources = await reportSources(tx, ctx.tenantId, caller(auth), app, columns, definition);
    if (definition.pivot) pivotReportSql(sources, definition.pivot, scope, where, definition.limit);
    else groupedReportSql(sources, definition, scope, where);
    return app;
  }

  return {
    run,

    /** Checks a definition against the app as the caller sees it (400 / 404 as a run would answer). */
    check: (ctx: CallContext, auth: RequestAuth, definition: ReportDefinition) =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        await checkDefinition(tx, ctx, auth, definition);
      }),

    /** The record list filters that select one group's rows, as the caller sees the app. */
    async drill(ctx: CallContext, auth: RequestAuth, body: DrillBody): Promise<ReportDrill> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { definition } = body;
        const app = await recordAppOr404(tx, ctx.tenantId, caller(auth), definition.moduleId);
        const columns = new ListColumns(app.definition, COMPLETE_ACTIVITY_ID);
        const levels = definition.pivot
          ? [...definition.pivot.rows, definition.pivot.column]
          : definition.groupBy;
        // Records of the report's own app are opened: a level of a joined app cannot select them.
        if (levels.some((group) => (group.source ?? 'base') !== 'base'))
          throw badRequest(msg('reports.drillJoined'));
        const groups = levels.map((group) => resolveGroup(columns, group));
        const filters = [...definition.filters, ...body.filters];
        // Checked as a run would check them: a hidden or unknown field is refused here too.
        for (const filter of filters) columns.get(filter.field);
        const timeZone = await organizationZone(tx, ctx.tenantId);
        // A pivot's column total selects by the column's key alone.
        const selected =
          definition.pivot && body.column !== undefined
            ? drillFilters(groups.slice(-1), [body.column], timeZone)
            : drillFilters(groups, body.keys, timeZone);
        return { moduleId: app.app.id, filters: [...filters, ...selected] };
      });
    },

    /** The ready-made workflow cards of an app the caller may open (issue 24 item 9). */
    async workflowMetrics(ctx: CallContext, auth: RequestAuth, body: MetricsBody): Promise<WorkflowMetrics> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { app } = await recordAppOr404(tx, ctx.tenantId, caller(auth), body.moduleId);
        const timeZone = await organizationZone(tx, ctx.tenantId);
        return workflowMetricsOf(tx, ctx.tenantId, app.id, timeZone, body.weeks);
      });
    },

    /** A saved report the caller may open: its name and definition (exports). */
    async opened(ctx: CallContext, auth: RequestAuth, id: string) {
      const row = await db.readInTenant(ctx.tenantId, (tx) => visibleOr404(tx, ctx, auth, id));
      return { name: row.name, definition: reportDefinitionSchema.parse(row.definition) };
    },

    /** What an export's heading and a dashboard card's filters need: the app, the viewer's columns, the zone. */
    async exportContext(ctx: CallContext, auth: RequestAuth, moduleId: string) {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const app = await recordAppOr404(tx, ctx.tenantId, caller(auth), moduleId);
        const columns = new ListColumns(app.definition, COMPLETE_ACTIVITY_ID);
        return {
          appName: app.app.displayName,
          moduleVersion: app.app.moduleVersion,
          labelOf: (field: string) => columns.get(field).label,
          /** The kind of a field or system column the viewer's list has; null for none. */
          kindOf: (field: string) =>
            columns.isSystem(field) || columns.hasField(field) ? columns.get(field).kind : null,
          timeZone: await organizationZone(tx, ctx.tenantId),
        };
      });
    },

    async runSaved(ctx: CallContext, auth: RequestAuth, id: string, body: Omit<RunBody, 'definition'>) {
      const row = await db.readInTenant(ctx.tenantId, (tx) => visibleOr404(tx, ctx, auth, id));
      return run(ctx, auth, { ...body, definition: reportDefinitionSchema.parse(row.definition) });
    },

    async list(ctx: CallContext, auth: RequestAuth, body: ListBody) {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const result = await repo.listReports(tx, ctx.tenantId, auth.userId, {
          offset: (body.page - 1) * body.length,
          limit: body.length,
          orders: body.orders,
          search: body.search,
          scope: body.scope,
          category: body.category,
          bi: body.bi,
          collection: body.collection,
        });
        return {
          data: result.rows.map((row) => toListItem(row, auth.userId)),
          recordsTotal: result.total,
          recordsFiltered: result.filtered,
          categories: result.categories,
          collections: result.collections,
        };
      });
    },

    async detail(ctx: CallContext, auth: RequestAuth, id: string): Promise<Report> {
      return db.readInTenant(ctx.tenantId, async (tx) =>
        toReport(await visibleOr404(tx, ctx, auth, id), auth.userId),
      );
    },

    async save(ctx: CallContext, auth: RequestAuth, body: SaveBody): Promise<Report> {
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          await checkDefinition(tx, ctx, auth, body.definition);
          const values: repo.ReportValues = {
            moduleId: body.definition.moduleId.toLowerCase(),
            name: body.name,
            description: body.description,
            category: body.category,
            sharing: body.sharing,
            teamIds: body.sharing === 'teams' ? body.teamIds : [],
            roleIds: body.sharing === 'roles' ? body.roleIds : [],
            definition: body.definition,
          };
          let id: string;
          let before: repo.ReportRow | null = null;
          if (body.id) {
            before = await visibleOr404(tx, ctx, auth, body.id);
            if (before.owner_id !== auth.userId) throw forbidden(msg('reports.notOwner'));
            if (await repo.nameTaken(tx, ctx.tenantId, auth.userId, body.name, before.id))
              throw conflict(msg('reports.duplicateName'));
            id = before.id;
            await repo.updateReport(tx, ctx.tenantId, id, values);
          } else {
            if (await repo.nameTaken(tx, ctx.tenantId, auth.userId, body.name, null))
              throw conflict(msg('reports.duplicateName'));
            id = await repo.insertReport(tx, ctx.tenantId, auth.userId, values);
          }
          const after = (await repo.findVisibleReport(tx, ctx.tenantId, auth.userId, id))!;
          await audit(tx, ctx, auth, {
            entityId: id,
            action: before ? 'update' : 'create',
            before: before
              ? { name: before.name, definition: before.definition, sharing: before.sharing }
              : null,
            after: { name: after.name, definition: after.definition, sharing: after.sharing },
          });
          return toReport(after, auth.userId);
        });
      } catch (error) {
        if (!(error instanceof AppError) && isUniqueViolation(error))
          throw conflict(msg('reports.duplicateName'));
        throw error;
      }
    },

    /** A copy owned by the caller, private, named "<name> (copy)" (numbered while taken). */
    async copy(ctx: CallContext, auth: RequestAuth, id: string): Promise<Report> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const source = await visibleOr404(tx, ctx, auth, id);
        const definition = reportDefinitionSchema.parse(source.definition);
        await checkDefinition(tx, ctx, auth, definition);
        let name = `${source.name} (copy)`;
        for (let n = 2; await repo.nameTaken(tx, ctx.tenantId, auth.userId, name, null); n++)
          name = `${source.name} (copy ${n})`;
        const newId = await repo.insertReport(tx, ctx.tenantId, auth.userId, {
          moduleId: source.module_id,
          name,
          description: source.description,
          category: source.category,
          sharing: 'private',
          teamIds: [],
          roleIds: [],
          definition,
        });
        await audit(tx, ctx, auth, {
          entityId: newId,
          action: 'copy',
          before: { from: source.id },
          after: { name },
        });
        return toReport((await repo.findVisibleReport(tx, ctx.tenantId, auth.userId, newId))!, auth.userId);
      });
    },

    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<{ id: string }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const row = await visibleOr404(tx, ctx, auth, id);
        if (row.owner_id !== auth.userId) throw forbidden(msg('reports.notOwner'));
        await repo.deleteReport(tx, ctx.tenantId, row.id);
        await audit(tx, ctx, auth, {
          entityId: row.id,
          action: 'delete',
          before: { name: row.name },
          after: null,
        });
        return { id: row.id };
      });
    },

    async favourite(ctx: CallContext, auth: RequestAuth, id: string, isFavourite: boolean): Promise<Report> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const row = await visibleOr404(tx, ctx, auth, id);
        await repo.setFavourite(tx, ctx.tenantId, auth.userId, row.id, isFavourite);
        return toReport({ ...row, is_favourite: isFavourite }, auth.userId);
      });
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
