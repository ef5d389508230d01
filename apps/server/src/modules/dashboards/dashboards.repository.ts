import { sql, type SQL } from 'drizzle-orm';
import type { ReportSharing } from '@formloop/contracts';
import { readRows, type TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';
import { sharedWithSql } from '../reports/index.ts';

// Dashboards as stored (migration 0017), with the caller's own state. Tenant first, and filtered on
// it (RLS is the second wall). Who may open one: its owner, and as with reports everyone, the
// members of its teams or the holders of its roles when it is shared so.

export interface DashboardRow {
  id: string;
  name: string;
  description: string;
  sharing: ReportSharing;
  team_ids: string[];
  role_ids: string[];
  cards: unknown[];
  filters: unknown[];
  refresh_seconds: number;
  owner_id: string;
  owner_name: string;
  filter_values: Record<string, unknown> | null;
  is_default: boolean | null;
  created_on: Date | string;
  modified_on: Date | string;
}

export interface DashboardValues {
  name: string;
  description: string;
  sharing: ReportSharing;
  teamIds: string[];
  roleIds: string[];
  cards: unknown[];
  filters: unknown[];
  refreshSeconds: number;
}

const SELECT = (
  userId: string,
) => sql`SELECT d.id, d.name, d.description, d.sharing, d.team_ids::text[] AS team_ids,
  d.role_ids::text[] AS role_ids, d.cards, d.filters, d.refresh_seconds, d.owner_id, coalesce(o.fullname, '') AS owner_name,
  s.filter_values, s.is_default, d.created_on, d.modified_on
FROM dashboards d
LEFT JOIN users o ON o.id = d.owner_id AND o.tenant_id = d.tenant_id
LEFT JOIN dashboard_user_state s ON s.dashboard_id = d.id AND s.user_id = ${userId}::uuid AND s.tenant_id = d.tenant_id`;

/** The dashboards this user may open: shared as reports are (reports' sharedWithSql). */
const visibleTo = (tenantId: string, userId: string): SQL => sharedWithSql('d', tenantId, userId);

export async function findVisibleDashboard(tx: TenantTx, tenantId: string, userId: string, id: string) {
  const rows = await readRows<DashboardRow>(
    tx,
    sql`${SELECT(userId)} WHERE ${visibleTo(tenantId, userId)} AND d.id = ${id}::uuid`,
  );
  return rows[0] ?? null;
}

export async function listDashboards(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  query: { offset: number; limit: number; search: string; scope: 'all' | 'mine' | 'shared' },
) {
  const parts: SQL[] = [visibleTo(tenantId, userId)];
  if (query.scope === 'mine') parts.push(sql`d.owner_id = ${userId}::uuid`);
  if (query.scope === 'shared') parts.push(sql`d.owner_id <> ${userId}::uuid`);
  if (query.search !== '') {
    const pattern = containsPattern(query.search);
    parts.push(sql`(d.name ILIKE ${pattern} OR d.description ILIKE ${pattern})`);
  }
  const where = sql.join(parts, sql.raw(' AND '));
  const rows = await readRows<DashboardRow>(
    tx,
    sql`${SELECT(userId)} WHERE ${where}
        ORDER BY coalesce(s.is_default, false) DESC, coalesce(s.order_index, 0), lower(d.name), d.id
        LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [counts] = await readRows<{ filtered: number; total: number }>(
    tx,
    sql`SELECT (SELECT count(*)::int FROM dashboards d WHERE ${where}) AS filtered,
               (SELECT count(*)::int FROM dashboards d WHERE ${visibleTo(tenantId, userId)}) AS total`,
  );
  return { rows, filtered: counts?.filtered ?? 0, total: counts?.total ?? 0 };
}

export async function insertDashboard(tx: TenantTx, tenantId: string, ownerId: string, v: DashboardValues) {
  const [row] = await readRows<{ id: string }>(
    tx,
    sql`INSERT INTO dashboards (tenant_id, name, description, sharing, team_ids, role_ids, cards, filters, refresh_seconds, owner_id)
        VALUES (${tenantId}::uuid, ${v.name}, ${v.description}, ${v.sharing}, ${sql.param(v.teamIds)}::uuid[],
                ${sql.param(v.roleIds)}::uuid[], ${JSON.stringify(v.cards)}::jsonb, ${JSON.stringify(v.filters)}::jsonb,
                ${v.refreshSeconds}, ${ownerId}::uuid)
        RETURNING id`,
  );
  return row!.id;
}

export async function updateDashboard(tx: TenantTx, tenantId: string, id: string, v: DashboardValues) {
  await readRows(
    tx,
    sql`UPDATE dashboards SET name = ${v.name}, description = ${v.description}, sharing = ${v.sharing},
          team_ids = ${sql.param(v.teamIds)}::uuid[], role_ids = ${sql.param(v.roleIds)}::uuid[],
          cards = ${JSON.stringify(v.cards)}::jsonb, filters = ${JSON.stringify(v.filters)}::jsonb,
          refresh_seconds = ${v.refreshSeconds}, modified_on = now()
        WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`,
  );
}

export async function deleteDashboard(tx: TenantTx, tenantId: string, id: string) {
  await readRows(tx, sql`DELETE FROM dashboards WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
}

export async function nameTaken(
  tx: TenantTx,
  tenantId: string,
  ownerId: string,
  name: string,
  exceptId: string | null,
) {
  const rows = await readRows<{ id: string }>(
    tx,
    sql`SELECT id FROM dashboards WHERE tenant_id = ${tenantId}::uuid AND owner_id = ${ownerId}::uuid
          AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}::uuid LIMIT 1`,
  );
  return rows.length > 0;
}

/** Saves the caller's filter values and/or default flag (one default per user: the others are cleared). */
export async function saveState(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  dashboardId: string,
  state: { filterValues?: Record<string, unknown> | undefined; isDefault?: boolean | undefined },
) {
  if (state.isDefault === true) {
    await readRows(
      tx,
      sql`UPDATE dashboard_user_state SET is_default = false
          WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND is_default AND dashboard_id <> ${dashboardId}::uuid`,
    );
  }
  await readRows(
    tx,
    sql`INSERT INTO dashboard_user_state (tenant_id, user_id, dashboard_id, filter_values, is_default)
        VALUES (${tenantId}::uuid, ${userId}::uuid, ${dashboardId}::uuid, ${JSON.stringify(state.filterValues ?? {})}::jsonb,
                ${state.isDefault ?? false})
        ON CONFLICT (user_id, dashboard_id) DO UPDATE SET
          filter_values = CASE WHEN ${state.filterValues !== undefined} THEN EXCLUDED.filter_values ELSE dashboard_user_state.filter_values END,
          is_default = CASE WHEN ${state.isDefault !== undefined} THEN EXCLUDED.is_default ELSE dashboard_user_state.is_default END`,
  );
}

/** The caller's default dashboard, when they still may open it. */
export async function defaultDashboardId(
  tx: TenantTx,
  tenantId: string,
  userId: string,
): Promise<string | null> {
  const rows = await readRows<{ id: string }>(
    tx,
    sql`SELECT d.id FROM dashboards d
        JOIN dashboard_user_state s ON s.dashboard_id = d.id AND s.user_id = ${userId}::uuid AND s.is_default
        WHERE ${visibleTo(tenantId, userId)} LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

/** The app's newest submitted record's creation time: new records change it (the create path sends no NOTIFY). */
export async function newestRecordStamp(tx: TenantTx, tenantId: string, moduleId: string): Promise<string> {
  const rows = await readRows<{ stamp: string | null }>(
    tx,
    sql`SELECT max(r.created_on)::text AS stamp FROM record_list_source r
        WHERE r.tenant_id = ${tenantId}::uuid AND r.module_id = ${moduleId}::uuid AND r.is_draft = false`,
  );
  return rows[0]?.stamp ?? '';
}
