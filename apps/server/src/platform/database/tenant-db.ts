import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema } from '@formloop/db';
import { isUuid } from './uuid.ts';

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
  // One drizzle instance per pooled connection (pools reuse their connections), not per request.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  const drizzleOn = (client: pg.PoolClient): Db => {
    let bound = onClient.get(client);
    if (!bound) {
      bound = drizzle({ client, schema });
      onClient.set(client, bound);
    }
    return bound;
  };

  return {
    global: db,
    async inTenant(tenantId, work) {
      // Opening the transaction and setting the tenant is one round trip (a simple-protocol query of
      // two statements) instead of two: every request pays it. That needs the id inline, so it must
      // be a UUID (tenant ids come from the tenants table; anything else is a programming error).
      if (!isUuid(tenantId)) throw new Error('inTenant: the tenant id is not a UUID');
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client
          .query(`BEGIN; SELECT set_config('app.tenant_id', '${tenantId.toLowerCase()}', true)`)
          .catch((openError: Error) => {
            broken = openError;
            throw openError;
          });
        try {
          // The connection is inside the transaction; repositories use it like drizzle's own tx.
          const result = await work(drizzleOn(client) as unknown as TenantTx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        }
      } finally {
        // A connection whose opening or rollback failed is in an unknown state: the pool discards it.
        client.release(broken);
      }
    },
  };
}
