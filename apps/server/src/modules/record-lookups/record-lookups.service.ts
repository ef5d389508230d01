import { sql } from 'drizzle-orm';
import { msg, type LookupRecord } from '@formloop/contracts';
import type { RecordFilter } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { recordAppOr404, type RecordApp } from '../records/index.ts';
import { lookupModel, type LookupModel } from './lookup-fields.ts';
import { filterPredicate, holdsSeveral, orderOf, whereOf } from './lookup-sql.ts';
import * as repo from './record-lookups.repository.ts';

const DISTINCT_LIMIT = 50;

export interface LookupPageQuery {
  moduleId: string;
  fields: string[];
  filters: RecordFilter[];
  search: string;
  searchField?: string | undefined;
  sortValuesBy?: string | undefined;
  sortType: 'asc' | 'desc';
  page: number;
  length: number;
}

export interface AggregateQuery {
  moduleId: string;
  field: string;
  aggregate: 'count' | 'sum' | 'avg' | 'min' | 'max';
  filters: RecordFilter[];
}

/**
 * The looked-up app, when the caller may see it and it is published: every other case (another
 * tenant's, malformed, not visible, never published) is the lookups' one 404.
 */
async function lookedUpApp(tx: TenantTx, ctx: CallContext, auth: RequestAuth, moduleId: string) {
  let found: RecordApp;
  try {
    found = await recordAppOr404(tx, ctx.tenantId, auth, moduleId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw notFound(msg('recordLookups.appNotFound'));
    throw error;
  }
  return { app: found.app, model: lookupModel(found.definition) };
}

const toNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

function labelOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && 'label' in value) {
    return String((value as { label: unknown }).label ?? '');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** RecordModuleLookup, recordModuleLookup2 and AggregateLookup over another app's submitted records. */
export function createRecordLookupsService(db: TenantDb) {
  /** The keys to return: the asked-for fields (each must be readable), or every readable one. */
  const keysOf = (model: LookupModel, fields: string[]) =>
    fields.length ? [...new Set(fields.map((name) => model.returnable(name)))] : model.readable;

  return {
    async page(
      ctx: CallContext,
      auth: RequestAuth,
      query: LookupPageQuery,
    ): Promise<{ data: LookupRecord[]; hasMore: boolean }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { app, model } = await lookedUpApp(tx, ctx, auth, query.moduleId);
        const keys = keysOf(model, query.fields);
        const rows = await repo.lookupPage(tx, ctx.tenantId, app.id, {
          where: whereOf(model, query.filters, { text: query.search, field: query.searchField }),
          order: orderOf(model, query.sortValuesBy, query.sortType),
          keys,
          // One more than the page tells whether there is a next one, without counting.
          limit: query.length + 1,
          offset: (query.page - 1) * query.length,
        });
        return {
          data: rows.slice(0, query.length).map((row) => ({ id: row.id, data: row.data ?? {} })),
          hasMore: rows.length > query.length,
        };
      });
    },

    async distinct(
      ctx: CallContext,
      auth: RequestAuth,
      query: { moduleId: string; field: string; search: string },
    ): Promise<Array<{ value: unknown; label: string; recordId: string }>> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { app, model } = await lookedUpApp(tx, ctx, auth, query.moduleId);
        const column = model.column(query.field);
        if (column.fieldType === null) throw badRequest(msg('recordLookups.unknownField'));
        const text = query.search.trim().toLowerCase();
        const pattern = text ? containsPattern(text) : null;
        const rows = await repo.distinctValues(tx, ctx.tenantId, app.id, {
          name: column.name,
          several: holdsSeveral(column.kind),
          pattern,
          limit: DISTINCT_LIMIT,
        });
        return rows.map((row) => ({ value: row.value, label: labelOf(row.value), recordId: row.record_id }));
      });
    },

    async aggregate(
      ctx: CallContext,
      auth: RequestAuth,
      query: AggregateQuery,
    ): Promise<{ value: number | null }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { app, model } = await lookedUpApp(tx, ctx, auth, query.moduleId);
        const where = whereOf(model, query.filters, { text: '' });
        if (query.aggregate === 'count') {
          // count of records, or of records where the field has a value.
          const counted = query.field
            ? sql`count(*) FILTER (WHERE ${filterPredicate(model, { field: query.field, operator: 'isnotempty' })})`
            : sql`count(*)`;
          return { value: toNumber(await repo.aggregate(tx, ctx.tenantId, app.id, counted, where)) };
        }
        if (!query.field) throw badRequest(msg('recordLookups.unknownField'));
        const column = model.column(query.field);
        if (column.kind !== 'number') throw badRequest(msg('recordLookups.notNumberField'));
        const value = column.value;
        const expression =
          query.aggregate === 'sum'
            ? sql`coalesce(sum(${value}), 0)`
            : sql`${sql.raw(query.aggregate)}(${value})`;
        return { value: toNumber(await repo.aggregate(tx, ctx.tenantId, app.id, expression, where)) };
      });
    },
  };
}

export type RecordLookupsService = ReturnType<typeof createRecordLookupsService>;
