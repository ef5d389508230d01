import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TenantTx } from './tenant-db.ts';

/** A tenant-owned table whose names are unique per tenant ignoring case (a unique index on lower(name)). */
export interface UniquelyNamed {
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  name: PgColumn;
}

/**
 * Whether another row of the tenant has this name, compared like the unique index (case-insensitive),
 * so a service can answer 409 with its own message before the index would refuse the write.
 */
export async function nameTakenIn(
  tx: TenantTx,
  named: UniquelyNamed,
  tenantId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await tx
    .select({ id: named.id })
    .from(named.table)
    .where(
      and(
        eq(named.tenantId, tenantId),
        sql`lower(${named.name}) = lower(${name})`,
        exceptId ? ne(named.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
