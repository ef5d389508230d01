import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { rowsOf } from '../../platform/database/sql-helpers.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// The names a printout shows, tenant first.

/** Full names of the tenant's users by lower-case id (ids that are not uuids, or another tenant's, are left out). */
export async function userNames(
  tx: TenantTx,
  tenantId: string,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const valid = [...new Set([...ids].map((id) => id.toLowerCase()))].filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; fullname: string }>(
    tx,
    sql`SELECT id::text AS id, fullname FROM users
        WHERE tenant_id = ${tenantId} AND id = ANY (${sql.param(valid)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.id, row.fullname]));
}
