import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Which imports still have a server working on them. The node that runs an import holds a
// session-level advisory lock on it from before the upload is answered until the import ends; if
// that node dies, PostgreSQL drops its connection and the lock with it. A status read that finds
// the lock free on a 'running' import knows nobody will finish it (no timeout to guess).

/** The first key of the two-key advisory locks that mark running imports (ours alone). */
const IMPORT_LOCK_SPACE = 7_001;

/** Takes the import's lease on a connection of its own; the returned function gives it back. */
export async function holdImportLease(pool: pg.Pool, importId: string): Promise<() => Promise<void>> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [IMPORT_LOCK_SPACE, importId]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [IMPORT_LOCK_SPACE, importId]);
      client.release();
    } catch (error) {
      // A connection that cannot unlock is dropped, which unlocks.
      client.release(true);
      throw error;
    }
  };
}

/**
 * True when no server holds the import's lease: its runner is gone. (Another import whose id hashes
 * alike would only make this answer false for a while.)
 */
export async function importAbandoned(tx: TenantTx, importId: string): Promise<boolean> {
  const result = await tx.execute<{ free: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_SPACE}, hashtext(${importId})) AS free`,
  );
  return result.rows[0]?.free === true;
}
