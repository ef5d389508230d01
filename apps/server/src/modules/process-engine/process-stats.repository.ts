import { sql, type SQL } from 'drizzle-orm';
import { EMAIL_LOG_STATUSES, type EmailLogStatus } from '@formloop/contracts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern, rowsOf } from '../../platform/database/sql-helpers.ts';
import { countRows, type Counted } from './process-counts.ts';

// The dashboard's throughput and the e-mail send log, tenant first.

export interface ThroughputRow {
  day: string;
  started: number;
  completed: number;
  faulted: number;
}

/**
 * Per day of the last `days` days (today included), cut in `timeZone`: instances started, instances
 * finished (Finished, not Cancelled), and faults (from history, so a fault that was retried since
 * still counts on its day). Every day is present: generate_series makes the days, the events join in.
 * A zone PostgreSQL does not know falls back to UTC, and the zone used is answered.
 */
export async function throughput(
  tx: TenantTx,
  tenantId: string,
  days: number,
  timeZone: string,
): Promise<{ rows: ThroughputRow[]; timeZone: string }> {
  const [zone] = await rowsOf<{ tz: string }>(
    tx,
    sql`SELECT coalesce((SELECT name FROM pg_timezone_names WHERE name = ${timeZone} LIMIT 1), 'UTC') AS tz`,
  );
  const tz = zone?.tz ?? 'UTC';
  const perDay = (table: SQL, column: SQL, extra: SQL) => sql`
    SELECT (${column} AT TIME ZONE ${tz})::date AS day, count(*)::int AS n
    FROM ${table}
    WHERE tenant_id = ${tenantId} AND ${column} >= (SELECT since FROM bounds) ${extra}
    GROUP BY 1`;
  const rows = await rowsOf<ThroughputRow>(
    tx,
    sql`WITH bounds AS (
          SELECT (now() AT TIME ZONE ${tz})::date - ${days - 1}::int AS first_day,
                 (now() AT TIME ZONE ${tz})::date AS last_day,
                 (((now() AT TIME ZONE ${tz})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${tz}) AS since
        ),
        started AS (${perDay(sql`workflow_instances`, sql`started_on`, sql``)}),
        completed AS (${perDay(sql`workflow_instances`, sql`finished_on`, sql`AND status = 'Finished'`)}),
        faulted AS (${perDay(sql`workflow_history`, sql`created_on`, sql`AND action_type = 'Faulted'`)})
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
          coalesce(s.n, 0) AS started, coalesce(c.n, 0) AS completed, coalesce(f.n, 0) AS faulted
        FROM (SELECT g.at::date AS day
              FROM bounds b, generate_series(b.first_day::timestamp, b.last_day::timestamp, interval '1 day') AS g(at)
             ) d
        LEFT JOIN started s ON s.day = d.day
        LEFT JOIN completed c ON c.day = d.day
        LEFT JOIN faulted f ON f.day = d.day
        ORDER BY d.day`,
  );
  return { rows, timeZone: tz };
}

export interface EmailLogFilter {
  status?: EmailLogStatus | undefined;
  search: string;
}

export interface EmailLogDbRow {
  id: string;
  created_on: Date | string;
  event: string;
  recipients: string[];
  subject: string;
  status: string;
  attempts: number;
  error: string | null;
  sent_on: Date | string | null;
  module_id: string | null;
  display_name: string | null;
  record_id: string | null;
}

function emailLogWhere(tenantId: string, filter: EmailLogFilter): SQL {
  const parts: SQL[] = [sql`e.tenant_id = ${tenantId}`];
  if (filter.status && EMAIL_LOG_STATUSES.includes(filter.status))
    parts.push(sql`e.status = ${filter.status}`);
  if (filter.search !== '') {
    const pattern = containsPattern(filter.search);
    parts.push(sql`(e.subject ILIKE ${pattern} OR e.event ILIKE ${pattern}
      OR array_to_string(e.recipients, ' ') ILIKE ${pattern} OR e.error ILIKE ${pattern})`);
  }
  return sql.join(parts, sql` AND `);
}

/** A page of the send log, newest first, with the counts of the whole log and of the filtered one. */
export async function emailLogPage(
  tx: TenantTx,
  tenantId: string,
  filter: EmailLogFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: EmailLogDbRow[]; total: Counted; filtered: Counted }> {
  const where = emailLogWhere(tenantId, filter);
  const rows = await rowsOf<EmailLogDbRow>(
    tx,
    sql`SELECT e.id, e.created_on, e.event, e.recipients, e.subject, e.status, e.attempts, e.error, e.sent_on,
          e.module_id, m.display_name, e.record_id
        FROM email_send_log e
        LEFT JOIN modules m ON m.id = e.module_id AND m.tenant_id = e.tenant_id
        WHERE ${where}
        ORDER BY e.created_on DESC, e.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const filtered = await countRows(tx, sql`SELECT 1 FROM email_send_log e WHERE ${where}`);
  const total = await countRows(tx, sql`SELECT 1 FROM email_send_log e WHERE e.tenant_id = ${tenantId}`);
  return { rows, total, filtered };
}
