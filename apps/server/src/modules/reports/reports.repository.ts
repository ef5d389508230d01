import { sql, type SQL } from 'drizzle-orm';
import type { ReportListScope, ReportSharing } from '@formloop/contracts';
import { readRows, type TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// Reports as stored (migration 0015). Tenant first, and filtered on it, like every repository (RLS is
// the second wall). Who may see a report: its owner, and with sharing everyone every builder of the
// tenant, with teams the members of its teams, with roles the holders of its roles.

export interface ReportRow {
  id: string;
  module_id: string;
  name: string;
  description: string;
  category: string;
  sharing: ReportSharing;
  team_ids: string[];
  role_ids: string[];
  definition: Record<string, unknown>;
  owner_id: string;
  owner_name: string;
  module_name: string;
  is_favourite: boolean;
  /** Timestamps as the driver answers them (text or Date). */
  created_on: Date | string;
  modified_on: Date | string;
}

export interface ReportValues {
  moduleId: string;
  name: string;
  description: string;
  category: string;
  sharing: ReportSharing;
  teamIds: string[];
  roleIds: string[];
  definition: Record<string, unknown>;
}

const SELECT = (userId: string) => sql`SELECT r.id, r.module_id, r.name, r.description, r.category, r.sharing,
  r.team_ids::text[] AS team_ids, r.role_ids::text[] AS role_ids, r.definition, r.owner_id,
  coalesce(o.fullname, '') AS owner_name, coalesce(m.display_name, '') AS module_name,
  EXISTS (SELECT 1 FROM report_favourites f WHERE f.report_id = r.id AND f.user_id = ${userId}::uuid) AS is_favourite,
  r.created_on, r.modified_on
FROM reports r
LEFT JOIN users o ON o.id = r.owner_id AND o.tenant_id = r.tenant_id
LEFT JOIN modules m ON m.id = r.module_id AND m.tenant_id = r.tenant_id`;

/**
 * Rows of a shared table (reports, dashboards: tenant_id, owner_id, sharing, team_ids, role_ids)
 * under `alias` that this user may open: their own, and those shared with everyone, one of their
 * teams or one of their roles.
 */
export const sharedWithSql = (alias: 'r' | 'd', tenantId: string, userId: string): SQL => {
  const t = sql.raw(alias);
  return sql`${t}.tenant_id = ${tenantId}::uuid AND (
  ${t}.owner_id = ${userId}::uuid
  OR ${t}.sharing = 'everyone'
  OR (${t}.sharing = 'teams' AND ${t}.team_ids && ARRAY(SELECT tm.team_id FROM team_members tm WHERE tm.tenant_id = ${tenantId}::uuid AND tm.user_id = ${userId}::uuid))
  OR (${t}.sharing = 'roles' AND ${t}.role_ids && ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.tenant_id = ${tenantId}::uuid AND ur.user_id = ${userId}::uuid)))`;
};

/** The reports this user may open: their own and those shared with them. */
const visibleTo = (tenantId: string, userId: string): SQL => sharedWithSql('r', tenantId, userId);

export async function findVisibleReport(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  id: string,
): Promise<ReportRow | null> {
  const rows = await readRows<ReportRow>(
    tx,
    sql`${SELECT(userId)} WHERE ${visibleTo(tenantId, userId)} AND r.id = ${id}::uuid`,
  );
  return rows[0] ?? null;
}

export interface ReportListQuery {
  offset: number;
  limit: number;
  orders: Array<{ column: 'name' | 'category' | 'modified_on' | 'module_name'; dir: 'asc' | 'desc' }>;
  search: string;
  scope: ReportListScope;
  category?: string | undefined;
  bi?: boolean | undefined;
  collection?: string | undefined;
}

const COLLECTION = sql.raw("coalesce(r.definition->>'collection', '')");
const IS_BI = sql`(jsonb_array_length(coalesce(r.definition->'joins', '[]'::jsonb)) > 0 OR ${COLLECTION} <> '')`;

const ORDER_COLUMNS = {
  name: 'lower(r.name)',
  category: 'lower(r.category)',
  modified_on: 'r.modified_on',
  module_name: 'lower(m.display_name)',
} as const;

function listConditions(tenantId: string, userId: string, query: ReportListQuery): SQL {
  const parts: SQL[] = [visibleTo(tenantId, userId)];
  if (query.scope === 'mine') parts.push(sql`r.owner_id = ${userId}::uuid`);
  if (query.scope === 'shared') parts.push(sql`r.owner_id <> ${userId}::uuid`);
  if (query.scope === 'favourites')
    parts.push(
      sql`EXISTS (SELECT 1 FROM report_favourites f WHERE f.report_id = r.id AND f.user_id = ${userId}::uuid)`,
    );
  if (query.bi) parts.push(IS_BI);
  if (query.collection !== undefined && query.collection !== '')
    parts.push(sql`lower(${COLLECTION}) = lower(${query.collection})`);
  if (query.category !== undefined && query.category !== '')
    parts.push(sql`lower(r.category) = lower(${query.category})`);
  if (query.search !== '') {
    const pattern = containsPattern(query.search);
    parts.push(
      sql`(r.name ILIKE ${pattern} OR r.description ILIKE ${pattern} OR r.category ILIKE ${pattern} OR m.display_name ILIKE ${pattern})`,
    );
  }
  return sql.join(parts, sql.raw(' AND '));
}

export async function listReports(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  query: ReportListQuery,
): Promise<{
  rows: ReportRow[];
  filtered: number;
  total: number;
  categories: string[];
  collections: string[];
}> {
  const order = sql.raw(
    [
      ...query.orders.map((o) => `${ORDER_COLUMNS[o.column]} ${o.dir === 'desc' ? 'DESC' : 'ASC'}`),
      'r.id',
    ].join(', '),
  );
  const where = listConditions(tenantId, userId, query);
  const rows = await readRows<ReportRow>(
    tx,
    sql`${SELECT(userId)} WHERE ${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [counts] = await readRows<{ filtered: number; total: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM reports r LEFT JOIN modules m ON m.id = r.module_id AND m.tenant_id = r.tenant_id WHERE ${where}) AS filtered,
               (SELECT count(*)::int FROM reports r WHERE ${visibleTo(tenantId, userId)}) AS total`,
  );
  const categories = await readRows<{ category: string }>(
    tx,
    sql`SELECT DISTINCT r.category FROM reports r WHERE ${visibleTo(tenantId, userId)} AND r.category <> '' ORDER BY r.category`,
  );
  const collections = await readRows<{ collection: string }>(
    tx,
    sql`SELECT DISTINCT ${COLLECTION} AS collection FROM reports r
        WHERE ${visibleTo(tenantId, userId)} AND ${COLLECTION} <> '' ORDER BY 1`,
  );
  return {
    rows,
    filtered: counts?.filtered ?? 0,
    total: counts?.total ?? 0,
    categories: categories.map((row) => row.category),
    collections: collections.map((row) => row.collection),
  };
}

export async function insertReport(
  tx: TenantTx,
  tenantId: string,
  ownerId: string,
  values: ReportValues,
): Promise<string> {
  const [row] = await readRows<{ id: string }>(
    tx,
    sql`INSERT INTO reports (tenant_id, module_id, name, description, category, sharing, team_ids, role_ids, definition, owner_id)
        VALUES (${tenantId}::uuid, ${values.moduleId}::uuid, ${values.name}, ${values.description}, ${values.category},
                ${values.sharing}, ${sql.param(values.teamIds)}::uuid[], ${sql.param(values.roleIds)}::uuid[],
                ${JSON.stringify(values.definition)}::jsonb, ${ownerId}::uuid)
        RETURNING id`,
  );
  return row!.id;
}

export async function updateReport(
  tx: TenantTx,
  tenantId: string,
  id: string,
  values: ReportValues,
): Promise<void> {
  await readRows(
    tx,
    sql`UPDATE reports SET module_id = ${values.moduleId}::uuid, name = ${values.name}, description = ${values.description},
          category = ${values.category}, sharing = ${values.sharing}, team_ids = ${sql.param(values.teamIds)}::uuid[],
          role_ids = ${sql.param(values.roleIds)}::uuid[], definition = ${JSON.stringify(values.definition)}::jsonb,
          modified_on = now()
        WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`,
  );
}

export async function deleteReport(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await readRows(tx, sql`DELETE FROM reports WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
}

/** Whether the owner already has a report with this name (case-insensitive, like the unique index). */
export async function nameTaken(
  tx: TenantTx,
  tenantId: string,
  ownerId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await readRows<{ id: string }>(
    tx,
    sql`SELECT id FROM reports WHERE tenant_id = ${tenantId}::uuid AND owner_id = ${ownerId}::uuid
          AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}::uuid LIMIT 1`,
  );
  return rows.length > 0;
}

export async function setFavourite(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  reportId: string,
  favourite: boolean,
): Promise<void> {
  await readRows(
    tx,
    favourite
      ? sql`INSERT INTO report_favourites (tenant_id, user_id, report_id) VALUES (${tenantId}::uuid, ${userId}::uuid, ${reportId}::uuid) ON CONFLICT DO NOTHING`
      : sql`DELETE FROM report_favourites WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND report_id = ${reportId}::uuid`,
  );
}

/** Sets a transaction-local statement timeout (a report never hangs a page). */
export async function limitStatementTime(tx: TenantTx, ms: number): Promise<void> {
  await readRows(
    tx,
    sql`SELECT set_config('statement_timeout', ${String(Math.max(1, Math.round(ms)))}, true)`,
  );
}
