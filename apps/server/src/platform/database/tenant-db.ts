import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema } from '@formloop/db';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction in which app.tenant_id is set: the only way repositories reach tenant-owned tables. */
export type TenantTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface TenantDb {
  /** Runs `work` in one transaction scoped to `tenantId` (RLS reads app.tenant_id from it). */
  inTenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T>;
  /** Tables that are not tenant-owned (the tenant registry). */
  global: Db;
}

export function createTenantDb(pool: pg.Pool): TenantDb {
  const db = drizzle({ client: pool, schema });
  return {
    global: db,
    inTenant: (tenantId, work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
        return work(tx);
      }),
  };
}
