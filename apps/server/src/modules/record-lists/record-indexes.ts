import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ModuleDefinition } from '@formloop/domain';
import { isUuid } from '../../platform/database/uuid.ts';
import { ListColumns, TEXT_KINDS, fieldExpressions, type ColumnKind } from './record-query/list-columns.ts';

// DESIGN.md: "Publishing an app creates the expression indexes its filterable/sortable fields
// need". Per top-level field, a partial btree on the typed value and the id (filters, sorts, and
// the id tie-breaker) and, for text, a trigram GIN (contains, starts/ends with, ILIKE, the global
// search), each `WHERE module_id = '<app>'` so an app's indexes hold only its records. The owner
// builds them (the app role may not), CONCURRENTLY so saving records goes on meanwhile, one at a
// time, after the publish committed; indexes of fields the app no longer lists are dropped.

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
  method: 'b' | 't',
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

// One build at a time per process: concurrent index builds on one table wait on each other.
let queue: Promise<void> = Promise.resolve();

/**
 * Creates the list indexes of an app (outside any transaction, with the owner pool) and drops the
 * ones its fields no longer need. Resolves when they are built; the benchmark and tests await it,
 * publishing does not.
 */
export function ensureRecordIndexes(
  owner: pg.Pool,
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
): Promise<void> {
  const run = queue.then(() => build(owner, moduleId, recordIndexPlan(moduleId, definition)));
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
