import type pg from 'pg';

/**
 * The second half of migration 0014 (ADR 0013): moves the records of the unpartitioned table, kept
 * aside as `records_unpartitioned`, into their apps' partitions of `records`.
 *
 * App by app, in batches that each commit (one statement: delete a batch from the old table and
 * insert what it returned into the new one), so an upgrade of millions of records neither holds one
 * huge transaction nor loses or doubles a row when it is interrupted: the rows still in the old table
 * are exactly the ones still to move, and the next start goes on from there. When the old table is
 * empty, the foreign keys 0014 added NOT VALID (comments and workflow rows → their record) are
 * validated and the old table is dropped.
 */

/** Rows moved per committed batch: about a quarter of a second each on the embedded server. */
export const MOVE_BATCH_ROWS = 5_000;

const LEGACY = 'records_unpartitioned';

const REFERENCES = [
  ['record_comments', 'record_comments_record_fk'],
  ['workflow_history', 'workflow_history_record_fk'],
  ['workflow_instances', 'workflow_instances_record_fk'],
  ['workflow_tasks', 'workflow_tasks_record_fk'],
] as const;

// The columns in their order in both tables (the old one is what 0007 made; 0014 copies it).
const COLUMNS =
  'id, tenant_id, module_id, module_version, data, is_draft, workflow_status, workflow_activity_name, ' +
  'workflow_started_on, workflow_initiator_user, workflow_initiator_email, workflow_completed_on, ' +
  'workflow_faulted_on, workflow_instance_id, tasks, flow_name, submitted_on, expire_at, created_by, ' +
  'created_on, modified_by, modified_on';

export interface RecordStorageProgress {
  moduleId: string;
  /** Records of this app moved so far in this run. */
  moved: number;
  /** Records of this app left to move when its turn came. */
  total: number;
}

export interface UpgradeRecordStorageOptions {
  batchRows?: number;
  /** Told after every batch; the server logs it. Throwing stops the upgrade (the next run resumes). */
  onProgress?: (progress: RecordStorageProgress) => void;
}

/** True while records are still in the old table. */
export async function recordStorageUpgradePending(owner: pg.Pool | pg.PoolClient): Promise<boolean> {
  const { rows } = await owner.query<{ pending: boolean }>('SELECT to_regclass($1) IS NOT NULL AS pending', [
    LEGACY,
  ]);
  return rows[0]?.pending ?? false;
}

/** Moves every record left in the old table into its app's partition; a no-op once done. */
export async function upgradeRecordStorage(
  owner: pg.Pool,
  options: UpgradeRecordStorageOptions = {},
): Promise<{ moved: number }> {
  const batchRows = options.batchRows ?? MOVE_BATCH_ROWS;
  const client = await owner.connect();
  let moved = 0;
  try {
    // Several nodes starting at once: one moves, the others wait and then find nothing to do.
    await client.query('SELECT pg_advisory_lock(7216002)');
    if (!(await recordStorageUpgradePending(client))) return { moved };
    const { rows: apps } = await client.query<{ module_id: string; tenant_id: string; total: string }>(
      `SELECT module_id, min(tenant_id::text) AS tenant_id, count(*) AS total
         FROM ${LEGACY} GROUP BY module_id ORDER BY module_id`,
    );
    for (const app of apps) {
      const total = Number(app.total);
      let movedOfApp = 0;
      let after: string | null = null;
      await client.query('SELECT app_create_record_partition($1)', [app.module_id]);
      for (;;) {
        await client.query('BEGIN');
        try {
          // The owner is subject to FORCE ROW LEVEL SECURITY unless it is a superuser: act as the tenant.
          await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [app.tenant_id]);
          // Walks the app's rows in id order from where the previous batch ended, so each batch
          // reads only the rows it moves, never the dead entries earlier batches left in the index.
          const batch: pg.QueryResult<{ n: string; last: string | null }> = await client.query(
            `WITH moved AS (
               DELETE FROM ${LEGACY}
                WHERE module_id = $1
                  AND id IN (SELECT id FROM ${LEGACY}
                              WHERE module_id = $1 AND ($2::uuid IS NULL OR id > $2::uuid)
                              ORDER BY id LIMIT $3)
               RETURNING ${COLUMNS}),
             copied AS (INSERT INTO records (${COLUMNS}) SELECT ${COLUMNS} FROM moved RETURNING id)
             SELECT count(*) AS n, max(id::text) AS last FROM copied`,
            [app.module_id, after, batchRows],
          );
          await client.query('COMMIT');
          const count = Number(batch.rows[0]?.n ?? 0);
          after = batch.rows[0]?.last ?? after;
          movedOfApp += count;
          moved += count;
          if (count === 0) break;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
        options.onProgress?.({ moduleId: app.module_id, moved: movedOfApp, total });
      }
    }
    // Rows of apps whose tenant differs from their records' tenant cannot exist (the API never makes
    // them); anything still here is a row the loop above could not see, so the table stays.
    const { rows: left } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${LEGACY}`);
    if (Number(left[0]?.n ?? 0) > 0) {
      throw new Error(`${left[0]?.n} records could not be moved out of ${LEGACY}; it is kept`);
    }
    for (const [table, constraint] of REFERENCES) {
      await client.query(`ALTER TABLE ${table} VALIDATE CONSTRAINT ${constraint}`);
    }
    await client.query(`DROP TABLE ${LEGACY}`);
    return { moved };
  } finally {
    await client.query('SELECT pg_advisory_unlock(7216002)').catch(() => undefined);
    client.release();
  }
}
