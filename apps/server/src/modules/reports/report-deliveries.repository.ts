import { sql } from 'drizzle-orm';
import { readRows, type Db, type TenantTx } from '../../platform/database/tenant-db.ts';

// Scheduled deliveries of reports (migration 0018). Tenant first (RLS is the second wall); the tick's
// look across tenants goes through app_due_report_deliveries (ids only).

export interface DeliveryRow {
  id: string;
  tenant_id: string;
  report_id: string;
  owner_id: string;
  recipient_ids: string[];
  format: 'pdf' | 'xlsx' | 'csv';
  language: 'en' | 'de' | 'es' | 'fr' | 'ja' | 'zh';
  cron: string;
  time_zone: string;
  status: 'active' | 'paused';
  next_run_at: Date | string | null;
  last_run_at: Date | string | null;
  last_outcome: string;
}

const COLUMNS =
  sql.raw(`id, tenant_id, report_id, owner_id, recipient_ids::text[] AS recipient_ids, format, language,
  cron, time_zone, status, next_run_at, last_run_at, last_outcome`);

export const deliveriesOf = (tx: TenantTx, tenantId: string, reportId: string) =>
  readRows<DeliveryRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM report_deliveries WHERE tenant_id = ${tenantId}::uuid AND report_id = ${reportId}::uuid ORDER BY created_on`,
  );

export async function findDelivery(tx: TenantTx, tenantId: string, id: string): Promise<DeliveryRow | null> {
  const rows = await readRows<DeliveryRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM report_deliveries WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`,
  );
  return rows[0] ?? null;
}

export interface DeliveryValues {
  reportId: string;
  recipientIds: string[];
  format: string;
  language: string;
  cron: string;
  timeZone: string;
  status: string;
  nextRunAt: Date | null;
}

export async function saveDelivery(
  tx: TenantTx,
  tenantId: string,
  ownerId: string,
  id: string | null,
  v: DeliveryValues,
): Promise<string> {
  const next = v.nextRunAt?.toISOString() ?? null;
  const [row] = id
    ? await readRows<{ id: string }>(
        tx,
        sql`UPDATE report_deliveries SET recipient_ids = ${sql.param(v.recipientIds)}::uuid[], format = ${v.format},
              language = ${v.language}, cron = ${v.cron}, time_zone = ${v.timeZone}, status = ${v.status},
              next_run_at = ${next}::timestamptz
            WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid RETURNING id`,
      )
    : await readRows<{ id: string }>(
        tx,
        sql`INSERT INTO report_deliveries (tenant_id, report_id, owner_id, recipient_ids, format, language, cron, time_zone, status, next_run_at)
            VALUES (${tenantId}::uuid, ${v.reportId}::uuid, ${ownerId}::uuid, ${sql.param(v.recipientIds)}::uuid[], ${v.format},
                    ${v.language}, ${v.cron}, ${v.timeZone}, ${v.status}, ${next}::timestamptz)
            RETURNING id`,
      );
  return row!.id;
}

export const deleteDelivery = (tx: TenantTx, tenantId: string, id: string) =>
  readRows(tx, sql`DELETE FROM report_deliveries WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);

/** Active builders (full users, consultants) of the tenant among these ids, with their e-mail and kind. */
export const recipientsAmong = (tx: TenantTx, tenantId: string, ids: string[]) =>
  readRows<{ id: string; email: string; user_kind: string; is_active: boolean }>(
    tx,
    sql`SELECT id, email, user_kind, is_active FROM users
        WHERE tenant_id = ${tenantId}::uuid AND id = ANY (${sql.param(ids)}::uuid[])`,
  );

/** Due deliveries across tenants (ids only), oldest first. */
export async function dueDeliveries(global: Db, now: Date, max: number) {
  const result = await global.execute<{ id: string; tenant_id: string }>(
    sql`SELECT id, tenant_id FROM app_due_report_deliveries(${now.toISOString()}::timestamptz, ${max})`,
  );
  return result.rows;
}

/** The delivery, locked, when it is still active and due (another node skips it while this one works). */
export async function lockDue(
  tx: TenantTx,
  tenantId: string,
  id: string,
  now: Date,
): Promise<DeliveryRow | null> {
  const rows = await readRows<DeliveryRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM report_deliveries
        WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND status = 'active' AND next_run_at <= ${now.toISOString()}::timestamptz
        FOR UPDATE SKIP LOCKED`,
  );
  return rows[0] ?? null;
}

export const recordDeliveryRun = (
  tx: TenantTx,
  tenantId: string,
  id: string,
  run: { lastRunAt: Date; nextRunAt: Date | null; status?: string },
) =>
  readRows(
    tx,
    sql`UPDATE report_deliveries SET last_run_at = ${run.lastRunAt.toISOString()}::timestamptz,
          next_run_at = ${run.nextRunAt?.toISOString() ?? null}::timestamptz, status = coalesce(${run.status ?? null}, status)
        WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`,
  );

export const setDeliveryOutcome = (tx: TenantTx, tenantId: string, id: string, outcome: string) =>
  readRows(
    tx,
    sql`UPDATE report_deliveries SET last_outcome = ${outcome} WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`,
  );
