import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ModuleDefinition } from '@formloop/domain';
import { isUuid } from '../../platform/database/uuid.ts';
import { ListColumns, fieldExpressions, type ColumnKind, type ListColumn } from '../records/index.ts';
import { track } from './record-index-progress.ts';
import {
  NO_USAGE,
  hexOf,
  isObject,
  lookupsOf,
  planIndexedFields,
  type IndexUsage,
  type IndexedFields,
  type ListConfigUse,
  type PlanDefinition,
  recordPartitionOf,
} from './record-index-plan.ts';

export { recordPartitionOf };

// DESIGN.md: "Publishing an app creates the expression indexes its filterable/sortable fields
// need". `records` is LIST-partitioned by app (ADR 0013, migration 0014): each app's records live in
// its own partition `records_<app id hex>` (app_record_partition), made with the app and dropped
// with it. An app's indexes and statistics are built on that partition only (partial on the app id
// all its rows carry: see recordIndexPlan for why),
// so no other app's planning, inserts or ANALYZE pay for them, and DROP TABLE of the partition takes
// them with it (deleting an app needs nothing from here).
//
// Which fields get one is the index plan (planIndexedFields, ADR 0013 "Index plan"): not every
// field, at most INDEX_CAP (24 btrees on the typed value and the id, for filters, sorts and the id
// tie-breaker; 8 trigram GINs on text, for contains/starts/ends with and the picker's search), taken
// in this order until the cap is reached:
//   1. the builder's "Fast filter fields" (defaultConfig.indexedFields);
//   2. fields other apps' lookups read from this app (their filters and sort; the label the picker
//      searches gets a trigram);
//   3. fields saved list configurations filter or sort by, the most used first;
//   4. the default list columns (defaultConfig.listColumns, else the first DEFAULT_VISIBLE_COLUMNS
//      fields as the list shows them): sortable by a click, filtered from the column;
//   5. the fields of the record title ({field} references in defaultConfig.recordTitle).
// A small app (its default list shows every field; at most 24 filterable and 8 text fields) thus
// keeps an index on every field, and its global search (an OR over every text field) can use them;
// a 500-field app gets at most 32, not 750.
//
// The owner builds them (the app role may not), CONCURRENTLY so saving records goes on meanwhile
// (allowed on a partition, never on the partitioned parent), one at a time, after the publish
// committed; indexes the plan no longer holds are dropped. Publishing, saving a list configuration
// and the server's start schedule a build; the builder sees its progress (buildProgress, fed from
// pg_stat_progress_create_index; per process: the node that builds knows).
//
// Each indexed field's value expression also gets an expression statistics object on the partition
// with a finer histogram (STATISTICS_TARGET): a trigram filter matching 2% of the records was
// otherwise estimated at the 0.01% floor about one ANALYZE in eight and preferred over a selective
// number equality. ANALYZE of the partition (not of every app) fills them when new ones appeared.

export interface RecordIndex {
  name: string;
  /** The CREATE INDEX CONCURRENTLY IF NOT EXISTS statement (no parameters: DDL takes none). */
  statement: string;
  /** The field it indexes (progress shows it). */
  field: string;
  method: 'btree' | 'trigram' | 'statistics';
}

const dialect = new PgDialect();
const DATA = sql.raw('data');

/** rl_<app id without dashes>_: every index and statistics object of one app starts with it. */
const prefixOf = (moduleId: string) => `rl_${hexOf(moduleId)}_`;

/** Deterministic and at most 63 characters: the app, a hash of the field and its kind, the method. */
export function recordIndexName(
  moduleId: string,
  field: string,
  kind: ColumnKind,
  method: 'b' | 't' | 's',
): string {
  const hash = createHash('sha256').update(`${field}\u0000${kind}`).digest('hex').slice(0, 12);
  return `${prefixOf(moduleId)}${hash}_${method}`;
}

const expressionOf = (column: ListColumn): string => {
  // Field names passed the form's machine-name rule; quoted anyway, as any literal in DDL.
  const key = sql.raw(`${pg.escapeLiteral(column.name)}::text`);
  return dialect.sqlToQuery(fieldExpressions(column.kind, DATA, key).value).sql;
};

/** The chosen fields in form order (the order indexes are built and listed in). */
function inFormOrder(definition: PlanDefinition, chosen: IndexedFields) {
  const btree = new Set(chosen.btree.map((column) => column.name));
  const trigram = new Set(chosen.trigram.map((column) => column.name));
  return new ListColumns(definition)
    .fields()
    .filter((column) => btree.has(column.name) || trigram.has(column.name))
    .map((column) => ({ column, btree: btree.has(column.name), trigram: trigram.has(column.name) }));
}

/** The indexes of the app's partition its plan holds. */
export function recordIndexPlan(
  moduleId: string,
  definition: PlanDefinition,
  usage: IndexUsage = NO_USAGE,
): RecordIndex[] {
  const partition = recordPartitionOf(moduleId);
  // Every row of the partition meets this predicate (its CHECK says so), and every list statement
  // names the app, so the planner proves it. It is there for the plan, measured (bench/records at
  // 1M records, issue 23): with plain indexes the planner ANDs a selective number equality's btree
  // (957 rows) with the title's trigram index for a contains filter (21,220 rows; its cost taken at
  // a fifth of the btree-and-filter plan's) and spends 22 ms where the btree and a filter take 3 ms.
  // Partial indexes sharing one predicate are never ANDed (choose_bitmap_and drops a second index
  // whose predicate is already used), which is how the shared table planned it; and a partial
  // index gathers no statistics of its own, so the finer statistics objects below are the ones read.
  const where = `WHERE module_id = ${pg.escapeLiteral(moduleId.toLowerCase())}::uuid`;
  const plan: RecordIndex[] = [];
  for (const { column, btree, trigram } of inFormOrder(definition, planIndexedFields(definition, usage))) {
    const expression = expressionOf(column);
    if (btree) {
      const name = recordIndexName(moduleId, column.name, column.kind, 'b');
      plan.push({
        name,
        field: column.name,
        method: 'btree',
        statement: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${partition} USING btree (${expression}, id) ${where}`,
      });
    }
    if (trigram) {
      const name = recordIndexName(moduleId, column.name, column.kind, 't');
      plan.push({
        name,
        field: column.name,
        method: 'trigram',
        statement: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${partition} USING gin (${expression} gin_trgm_ops) ${where}`,
      });
    }
  }
  return plan;
}

/**
 * Histogram entries kept per field (PostgreSQL's default is 100). A contains filter is estimated by
 * trying its pattern on the histogram: with 100 entries a value in 2% of the records is missed in
 * about one ANALYZE of eight and estimated at the 0.01% floor, which brings the bad plan back; with
 * 1,000 the estimate holds. ANALYZE then samples 300,000 rows, about a second at a million records.
 */
const STATISTICS_TARGET = 1000;

/** One expression statistics object per field that has an index (btree or trigram), on the partition. */
export function recordStatisticsPlan(
  moduleId: string,
  definition: PlanDefinition,
  usage: IndexUsage = NO_USAGE,
): RecordIndex[] {
  const partition = recordPartitionOf(moduleId);
  return inFormOrder(definition, planIndexedFields(definition, usage)).map(({ column }) => {
    const name = recordIndexName(moduleId, column.name, column.kind, 's');
    return {
      name,
      field: column.name,
      method: 'statistics' as const,
      statement:
        `CREATE STATISTICS IF NOT EXISTS ${name} ON (${expressionOf(column)}) FROM ${partition}; ` +
        `ALTER STATISTICS ${name} SET STATISTICS ${STATISTICS_TARGET}`,
    };
  });
}

// ---- building ----

/** Creates the planned statistics objects and drops the app's others; true when any was new. */
async function buildStatistics(owner: pg.Pool, moduleId: string, plan: RecordIndex[]): Promise<boolean> {
  const { rows } = await owner.query<{ name: string }>(
    `SELECT stxname AS name FROM pg_statistic_ext WHERE stxrelid = to_regclass($1) AND stxname LIKE $2`,
    [recordPartitionOf(moduleId), `${prefixOf(moduleId)}%`],
  );
  const existing = new Set(rows.map((row) => row.name));
  const wanted = new Set(plan.map((statistics) => statistics.name));
  for (const name of existing) {
    if (!wanted.has(name)) await owner.query(`DROP STATISTICS IF EXISTS ${pg.escapeIdentifier(name)}`);
  }
  const added = plan.filter((statistics) => !existing.has(statistics.name));
  for (const statistics of added) await owner.query(statistics.statement);
  return added.length > 0;
}

async function build(
  owner: pg.Pool,
  moduleId: string,
  plan: RecordIndex[],
  labels: ReadonlyMap<string, string>,
): Promise<boolean> {
  const { rows } = await owner.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass($1) AND c.relname LIKE $2`,
    [recordPartitionOf(moduleId), `${prefixOf(moduleId)}%`],
  );
  const wanted = new Set(plan.map((index) => index.name));
  const valid = new Set<string>();
  for (const existing of rows) {
    // A build that failed half-way leaves an invalid index IF NOT EXISTS would keep forever.
    if (!wanted.has(existing.name) || !existing.valid) {
      await owner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${pg.escapeIdentifier(existing.name)}`);
    } else valid.add(existing.name);
  }
  const missing = plan.filter((index) => !valid.has(index.name));
  track(moduleId, { state: 'building', planned: missing.length, built: 0, current: null });
  for (const [position, index] of missing.entries()) {
    track(moduleId, {
      current: {
        field: index.field,
        label: labels.get(index.field) ?? index.field,
        method: index.method === 'trigram' ? 'trigram' : 'btree',
      },
    });
    await owner.query(index.statement);
    track(moduleId, { built: position + 1 });
  }
  track(moduleId, { current: null });
  return missing.length > 0;
}

/** Runs `work` in a transaction acting as the tenant (the owner is subject to FORCE ROW LEVEL SECURITY). */
async function asTenant<T>(
  owner: pg.Pool,
  tenantId: string | null,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await owner.connect();
  try {
    await client.query('BEGIN READ ONLY');
    if (tenantId) await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

interface LoadedApp {
  definition: ModuleDefinition | null;
  usage: IndexUsage;
}

/** The app's published definition and how the tenant's other apps and saved lists use it. */
async function loadApp(owner: pg.Pool, moduleId: string, tenantId: string | null): Promise<LoadedApp> {
  return asTenant(owner, tenantId, async (client) => {
    const { rows: app } = await client.query<{ definition: ModuleDefinition | null }>(
      'SELECT module_published AS definition FROM modules WHERE id = $1',
      [moduleId],
    );
    // Only apps whose text names this one are parsed; the match is made exact in lookupsOf.
    const { rows: others } = await client.query<{ definition: unknown }>(
      `SELECT module_published AS definition FROM modules
        WHERE tenant_id = (SELECT tenant_id FROM modules WHERE id = $1)
          AND module_published IS NOT NULL AND module_published::text ILIKE $2`,
      [moduleId, `%${moduleId}%`],
    );
    const { rows: configs } = await client.query<{ data: unknown }>(
      'SELECT data FROM record_list_configs WHERE module_id = $1',
      [moduleId],
    );
    return {
      definition: app[0]?.definition ?? null,
      usage: {
        lookups: others.flatMap((row) => lookupsOf(row.definition, moduleId)),
        listConfigs: configs.map((row) => (isObject(row.data) ? (row.data as ListConfigUse) : {})),
      },
    };
  });
}

/** Indexes, then statistics; ANALYZE of the partition (a sample) if they changed. */
async function buildAll(
  owner: pg.Pool,
  moduleId: string,
  given: ModuleDefinition | undefined,
  tenantId: string | null,
): Promise<void> {
  const loaded = await loadApp(owner, moduleId, tenantId);
  const definition = given ?? loaded.definition;
  if (!definition || !Array.isArray(definition.fieldGroups)) {
    // Not published (or deleted meanwhile): nothing to plan.
    track(moduleId, { state: 'done', planned: 0, built: 0, current: null });
    return;
  }
  const labels = new Map(new ListColumns(definition).fields().map((column) => [column.name, column.label]));
  const built = await build(owner, moduleId, recordIndexPlan(moduleId, definition, loaded.usage), labels);
  const counted = await buildStatistics(
    owner,
    moduleId,
    recordStatisticsPlan(moduleId, definition, loaded.usage),
  );
  // New indexes or statistics objects are empty until the partition is analysed (a sample).
  if (built || counted) await owner.query(`ANALYZE ${recordPartitionOf(moduleId)}`);
  track(moduleId, { state: 'done', current: null });
}

// One build at a time per process: concurrent index builds wait on each other's snapshots.
let queue: Promise<void> = Promise.resolve();
/** Apps with a build queued and not started yet: another request for them joins that one. */
const waiting = new Map<string, Promise<void>>();

/**
 * Creates the list indexes and statistics of an app's partition (outside any transaction, with the
 * owner pool) and drops the ones its plan no longer holds. The definition defaults to the published
 * one; the usage (lookups, saved lists) is read when the build starts. Resolves when they are built;
 * the benchmark and tests await it, publishing does not.
 */
export function ensureRecordIndexes(
  owner: pg.Pool,
  moduleId: string,
  definition?: ModuleDefinition,
  tenantId: string | null = null,
): Promise<void> {
  if (!isUuid(moduleId)) return Promise.reject(new Error(`not an app id: ${moduleId}`));
  const key = moduleId.toLowerCase();
  // A queued build reads the usage when it starts; only a new definition needs a build of its own.
  const pending = waiting.get(key);
  if (pending && !definition) return pending;
  track(key, { state: 'queued', current: null });
  const run = queue.then(() => {
    if (waiting.get(key) === run) waiting.delete(key);
    return buildAll(owner, key, definition, tenantId);
  });
  waiting.set(key, run);
  queue = run.catch(() => {
    track(key, { state: 'failed', current: null });
  });
  return run;
}

type Log = { error: (details: object, message: string) => void };

export type PublishedHook = (moduleId: string, definition: ModuleDefinition, tenantId?: string) => void;

/** Schedules a build in the background and logs its failure. */
export function scheduleRecordIndexes(
  owner: pg.Pool,
  log: Log,
  moduleId: string,
  tenantId: string | null,
  definition?: ModuleDefinition,
): void {
  ensureRecordIndexes(owner, moduleId, definition, tenantId).catch((err: unknown) =>
    log.error({ err, moduleId }, 'building the record list indexes failed'),
  );
}

/**
 * What publishing calls once the new version committed: builds the app's indexes in the background,
 * then re-plans the apps its lookups read (their lookup usage may have changed).
 */
export function recordIndexScheduler(owner: pg.Pool, log: Log): PublishedHook {
  return (moduleId, definition, tenantId) => {
    scheduleRecordIndexes(owner, log, moduleId, tenantId ?? null, definition);
    const targets = new Set<string>();
    for (const group of definition.fieldGroups ?? []) {
      for (const field of group.fields ?? []) {
        const target = field.lookup?.moduleId?.toLowerCase();
        if (target && isUuid(target) && target !== moduleId.toLowerCase()) targets.add(target);
      }
    }
    for (const target of targets) scheduleRecordIndexes(owner, log, target, tenantId ?? null);
  };
}

/**
 * At the server's start: schedules a build for every published app of every tenant, one at a time
 * through the queue (after migration 0014 the old per-app indexes went with the old table; a build
 * that finds its indexes valid does nothing). Does not wait for them; answers how many it scheduled.
 */
export async function reconcileRecordIndexes(owner: pg.Pool, log: Log): Promise<number> {
  const { rows: tenants } = await owner.query<{ id: string }>('SELECT id FROM tenants ORDER BY id');
  let scheduled = 0;
  for (const tenant of tenants) {
    const apps = await asTenant(owner, tenant.id, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM modules WHERE tenant_id = $1 AND module_published IS NOT NULL ORDER BY id',
        [tenant.id],
      );
      return rows.map((row) => row.id);
    });
    for (const moduleId of apps) {
      scheduleRecordIndexes(owner, log, moduleId, tenant.id);
      scheduled += 1;
    }
  }
  return scheduled;
}
