import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ModuleDefinition } from '@formloop/domain';
import { isUuid } from '../../platform/database/uuid.ts';
import { ListColumns, TEXT_KINDS, fieldExpressions, type ColumnKind } from '../records/index.ts';

// DESIGN.md: "Publishing an app creates the expression indexes its filterable/sortable fields
// need". Per top-level field, a partial btree on the typed value and the id (filters, sorts, and
// the id tie-breaker) and, for text, a trigram GIN (contains, starts/ends with, ILIKE, the global
// search), each `WHERE module_id = '<app>'` so an app's indexes hold only its records. The owner
// builds them (the app role may not), CONCURRENTLY so saving records goes on meanwhile, one at a
// time, after the publish committed; indexes of fields the app no longer lists are dropped.
//
// Partial indexes give the planner no statistics on their expressions (PostgreSQL only reads those
// of whole-table indexes), so it guessed: a trigram filter matching 21,000 of a million records was
// planned as 100 rows and preferred over a number equality matching 1,000. Each field's value
// expression therefore also gets an expression statistics object (CREATE STATISTICS, whole table:
// other apps' records count as nulls, which scales every field of an app alike and keeps the choice
// between its indexes sound). ANALYZE fills them; it runs here when new ones appeared.

/** Kinds whose typed value gets a btree (lists, files and booleans gain little from one). */
const BTREE_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'text',
  'number',
  'date',
  'datetime',
  'time',
  'user',
  'lookup',
]);

export interface RecordIndex {
  name: string;
  /** The CREATE INDEX CONCURRENTLY IF NOT EXISTS statement (no parameters: DDL takes none). */
  statement: string;
}

const dialect = new PgDialect();
const DATA = sql.raw('data');

/** rl_<app id without dashes>_: every index of one app starts with it. */
const prefixOf = (moduleId: string) => `rl_${moduleId.toLowerCase().replace(/-/g, '')}_`;

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

/** The indexes an app's published definition needs. */
export function recordIndexPlan(
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
): RecordIndex[] {
  if (!isUuid(moduleId)) throw new Error(`not an app id: ${moduleId}`);
  const where = `WHERE module_id = ${pg.escapeLiteral(moduleId.toLowerCase())}::uuid`;
  const plan: RecordIndex[] = [];
  for (const column of new ListColumns(definition).fields()) {
    // Field names passed the form's machine-name rule; quoted anyway, as any literal in DDL.
    const key = sql.raw(`${pg.escapeLiteral(column.name)}::text`);
    const { value } = fieldExpressions(column.kind, DATA, key);
    const expression = dialect.sqlToQuery(value).sql;
    if (BTREE_KINDS.has(column.kind)) {
      const name = recordIndexName(moduleId, column.name, column.kind, 'b');
      plan.push({
        name,
        statement: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON records USING btree (${expression}, id) ${where}`,
      });
    }
    if (TEXT_KINDS.has(column.kind)) {
      const name = recordIndexName(moduleId, column.name, column.kind, 't');
      plan.push({
        name,
        statement: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON records USING gin (${expression} gin_trgm_ops) ${where}`,
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

/** One expression statistics object per field that has an index (btree or trigram). */
export function recordStatisticsPlan(
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
): RecordIndex[] {
  if (!isUuid(moduleId)) throw new Error(`not an app id: ${moduleId}`);
  const plan: RecordIndex[] = [];
  for (const column of new ListColumns(definition).fields()) {
    if (!BTREE_KINDS.has(column.kind) && !TEXT_KINDS.has(column.kind)) continue;
    const key = sql.raw(`${pg.escapeLiteral(column.name)}::text`);
    const expression = dialect.sqlToQuery(fieldExpressions(column.kind, DATA, key).value).sql;
    const name = recordIndexName(moduleId, column.name, column.kind, 's');
    plan.push({
      name,
      statement:
        `CREATE STATISTICS IF NOT EXISTS ${name} ON (${expression}) FROM records; ` +
        `ALTER STATISTICS ${name} SET STATISTICS ${STATISTICS_TARGET}`,
    });
  }
  return plan;
}

/** Creates the planned statistics objects and drops the app's others; true when any was new. */
async function buildStatistics(owner: pg.Pool, moduleId: string, plan: RecordIndex[]): Promise<boolean> {
  const { rows } = await owner.query<{ name: string }>(
    `SELECT stxname AS name FROM pg_statistic_ext WHERE stxrelid = 'records'::regclass AND stxname LIKE $1`,
    [`${prefixOf(moduleId)}%`],
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

async function build(owner: pg.Pool, moduleId: string, plan: RecordIndex[]): Promise<void> {
  const { rows } = await owner.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'records'::regclass AND c.relname LIKE $1`,
    [`${prefixOf(moduleId)}%`],
  );
  const wanted = new Set(plan.map((index) => index.name));
  for (const existing of rows) {
    // A build that failed half-way leaves an invalid index IF NOT EXISTS would keep forever.
    if (!wanted.has(existing.name) || !existing.valid) {
      await owner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${pg.escapeIdentifier(existing.name)}`);
    }
  }
  for (const index of plan) await owner.query(index.statement);
}

/** Indexes, then statistics; ANALYZE (a sample, seconds even at millions of rows) if they changed. */
async function buildAll(
  owner: pg.Pool,
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
): Promise<void> {
  await build(owner, moduleId, recordIndexPlan(moduleId, definition));
  if (await buildStatistics(owner, moduleId, recordStatisticsPlan(moduleId, definition))) {
    await owner.query('ANALYZE records');
  }
}

// One build at a time per process: concurrent index builds on one table wait on each other.
let queue: Promise<void> = Promise.resolve();

/**
 * Creates the list indexes and statistics of an app (outside any transaction, with the owner pool)
 * and drops the ones its fields no longer need. Resolves when they are built; the benchmark and tests await it,
 * publishing does not.
 */
export function ensureRecordIndexes(
  owner: pg.Pool,
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
): Promise<void> {
  const run = queue.then(() => buildAll(owner, moduleId, definition));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Drops every list index and statistics object of an app (after it was deleted): each index is
 * otherwise kept forever, and every insert into records evaluates the predicate of every partial
 * index on the table.
 */
export function dropRecordIndexes(owner: pg.Pool, moduleId: string): Promise<void> {
  if (!isUuid(moduleId)) return Promise.reject(new Error(`not an app id: ${moduleId}`));
  const run = queue.then(async () => {
    await build(owner, moduleId, []);
    await buildStatistics(owner, moduleId, []);
  });
  queue = run.catch(() => undefined);
  return run;
}

export type PublishedHook = (moduleId: string, definition: ModuleDefinition) => void;

/** What publishing calls once the new version committed: builds in the background, logs failures. */
export function recordIndexScheduler(
  owner: pg.Pool,
  log: { error: (details: object, message: string) => void },
): PublishedHook {
  return (moduleId, definition) => {
    ensureRecordIndexes(owner, moduleId, definition).catch((err: unknown) =>
      log.error({ err, moduleId }, 'building the record list indexes failed'),
    );
  };
}

/** What deleting an app calls once the delete committed: drops its indexes in the background. */
export function recordIndexRemover(
  owner: pg.Pool,
  log: { error: (details: object, message: string) => void },
): (moduleId: string) => void {
  return (moduleId) => {
    dropRecordIndexes(owner, moduleId).catch((err: unknown) =>
      log.error({ err, moduleId }, 'dropping the record list indexes failed'),
    );
  };
}
