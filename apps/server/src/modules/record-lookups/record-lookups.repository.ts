import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Reads of another app's SUBMITTED records (drafts are nobody else's business), tenant first.

// Each statement names the app itself (r.module_id = …): PostgreSQL plans it against that app's
// partition only (ADR 0013).

const and = (parts: SQL[]) => (parts.length ? sql` AND ${sql.join(parts, sql.raw(' AND '))}` : sql``);

/** One page of records with only the given keys of their data. */
export async function lookupPage(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  query: { where: SQL[]; order: SQL; keys: string[]; limit: number; offset: number },
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const result = await tx.execute<{ id: string; data: Record<string, unknown> }>(sql`
    SELECT r.id,
           (SELECT coalesce(jsonb_object_agg(d.key, d.value), '{}'::jsonb)
              FROM jsonb_each(r.data) AS d(key, value)
             WHERE d.key = ANY(${sql.param(query.keys)}::text[])) AS data
      FROM records r
     WHERE r.tenant_id = ${tenantId} AND r.module_id = ${moduleId} AND NOT r.is_draft${and(query.where)}
     ORDER BY ${query.order}
     LIMIT ${query.limit} OFFSET ${query.offset}`);
  return result.rows;
}

/**
 * The distinct values of one field (each element of a multi-value field on its own), the record
 * that last had each, in label order: at most `limit`.
 */
export async function distinctValues(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  field: { name: string; several: boolean; pattern: string | null; limit: number },
): Promise<Array<{ value: unknown; record_id: string }>> {
  const { pattern, limit } = field;
  const raw = sql`(r.data -> ${field.name}::text)`;
  const values = field.several
    ? sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${raw}) = 'array' THEN ${raw} ELSE '[]'::jsonb END)`
    : sql`(SELECT ${raw})`;
  const label = (v: SQL) => sql`coalesce(${v} ->> 'label', ${v} #>> '{}')`;
  const result = await tx.execute<{ value: unknown; record_id: string }>(sql`
    SELECT d.value, d.record_id FROM (
      SELECT DISTINCT ON (v.value) v.value, r.id AS record_id
        FROM records r CROSS JOIN LATERAL ${values} AS v(value)
       WHERE r.tenant_id = ${tenantId} AND r.module_id = ${moduleId} AND NOT r.is_draft
         AND v.value IS NOT NULL AND jsonb_typeof(v.value) <> 'null' AND ${label(sql`v.value`)} <> ''
         ${pattern === null ? sql`` : sql`AND lower(${label(sql`v.value`)}) LIKE ${pattern}`}
       ORDER BY v.value, r.created_on DESC, r.id DESC
    ) d
    ORDER BY lower(${label(sql`d.value`)}), ${label(sql`d.value`)}, d.record_id
    LIMIT ${limit}`);
  return result.rows;
}

/** One aggregate over the filtered records. */
export async function aggregate(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  expression: SQL,
  where: SQL[],
): Promise<string | number | null> {
  const result = await tx.execute<{ value: string | number | null }>(sql`
    SELECT ${expression} AS value FROM records r
    WHERE r.tenant_id = ${tenantId} AND r.module_id = ${moduleId} AND NOT r.is_draft${and(where)}`);
  return result.rows[0]?.value ?? null;
}
