import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from '@formloop/db';
import { renderSql } from './sql-text.ts';
import { isUuid } from './uuid.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction in which app.tenant_id is set: the only way repositories reach tenant-owned tables. */
export type TenantTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface TenantDb {
  /** Runs `work` in one transaction scoped to `tenantId` (RLS reads app.tenant_id from it). */
  inTenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T>;
  /**
   * Runs `work`'s reads scoped to `tenantId`, PostgreSQL refusing any write. With a reader pool the
   * statements autocommit on its read-only connections (no transaction: no BEGIN or COMMIT to send;
   * each statement sees its own snapshot, as in a READ COMMITTED transaction); without one, a READ
   * ONLY transaction answered before its COMMIT is through. For hot read paths (lists).
   */
  readInTenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T>;
  /**
   * One statement, atomic on its own (PostgreSQL runs it in an implicit transaction), scoped to
   * `tenantId`, in one round trip: no BEGIN or COMMIT; the pipelined connection keeps the tenant for
   * its session and sets it again, in the same write as the statement, only when it changes (the
   * statement's rows must name their tenant explicitly, as every repository's do). A failing
   * statement writes nothing and its error is thrown. For single-statement writes on hot paths.
   * The statement is prepared once per connection (named by its text): its parse and plan are
   * reused, so give it only statements whose text comes from a fixed set of shapes.
   */
  statementInTenant<Row>(tenantId: string, statement: SQL | BoundStatement): Promise<Row[]>;
  /** Tables that are not tenant-owned (the tenant registry). */
  global: Db;
}

/** A statement rendered once (compileStatement) with one call's parameters. */
export interface BoundStatement {
  /** The prepared statement's name, from its text. */
  name: string;
  text: string;
  values: unknown[];
}

/** A tenant id to inline into SQL: simple queries take no parameters, so it must be a UUID. */
function inlinedTenant(tenantId: string): string {
  // Tenant ids come from the tenants table; anything else is a programming error.
  if (!isUuid(tenantId)) throw new Error('inTenant: the tenant id is not a UUID');
  return tenantId.toLowerCase();
}

/** The opening of a tenant transaction: a simple-protocol query of two statements, so one answer. */
function openingOf(tenantId: string, readOnly = false): string {
  const begin = readOnly ? 'BEGIN READ ONLY' : 'BEGIN';
  return `${begin}; SELECT set_config('app.tenant_id', '${inlinedTenant(tenantId)}', true)`;
}

const dialect = new PgDialect();

/**
 * The tenant each pipelined connection has set for its session (statementInTenant). Transactions
 * set their own (transaction-local) tenant over it, and it returns when they end.
 */
const sessionTenants = new WeakMap<pg.PoolClient, string>();

/**
 * The reader pool's connections (readInTenant): readRows prepares its statements on them, by name,
 * so PostgreSQL parses and rewrites a list's statement once per connection instead of on every
 * request (half a millisecond of its CPU per list at 1M records, bench/RESULTS.md). Each execution
 * is still planned for its own values (READER_SESSION_OPTIONS forces custom plans: a generic plan
 * cannot use the per-field expression indexes, whose field names are parameters).
 */
const readerClients = new WeakSet<pg.PoolClient>();

/**
 * Prepared statements a reader connection keeps at most. Lists' statements take a shape per set of
 * filter operators and sorts, so over time they are many: past this many, the connection drops them
 * all (DEALLOCATE ALL, written ahead of the next read's statements) and prepares afresh.
 */
export const READER_PREPARED_MAX = 200;

interface PgConnectionStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/**
 * Drops the connection's prepared statements when it holds READER_PREPARED_MAX of them: a promise of
 * undefined once done (at once when there was nothing to drop), or the error, after which the
 * connection must be discarded (what it has prepared is unknown).
 */
function trimPrepared(client: pg.PoolClient): Promise<Error | undefined> {
  const connection = (client as unknown as { connection?: Partial<PgConnectionStatements> }).connection;
  const parsed = connection?.parsedStatements;
  if (!connection || !parsed || Object.keys(parsed).length < READER_PREPARED_MAX) {
    return Promise.resolve(undefined);
  }
  const dropped = client.query('DEALLOCATE ALL').then(
    () => undefined,
    (error: Error) => error,
  );
  // pg looks its prepared names up here: statements sent after DEALLOCATE ALL must parse again.
  connection.parsedStatements = {};
  connection.submittedNamedStatements = {};
  return dropped;
}

/** A promise's outcome, so one rejection is not left unheard while another promise is awaited. */
type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/**
 * Sets a connection's session tenant when it last served another (in whatever socket write is open),
 * keeping sessionTenants true: undefined once set, or the error, after which the session's tenant is
 * unknown and the caller must discard the connection and not use answers read on it.
 */
function switchSessionTenant(client: pg.PoolClient, tenant: string): Promise<Error | undefined> {
  if (sessionTenants.get(client) === tenant) return Promise.resolve(undefined);
  return client.query(`SELECT set_config('app.tenant_id', '${tenant}', false)`).then(
    () => {
      sessionTenants.set(client, tenant);
      return undefined;
    },
    (error: Error) => {
      sessionTenants.delete(client);
      return error;
    },
  );
}

/**
 * The pg connection a tenant transaction runs on, for libraries that write their own SQL into the
 * same transaction (pg-boss adding a job together with the change that causes it).
 */
export function connectionOf(tx: TenantTx): pg.PoolClient {
  return (tx as unknown as { $client: pg.PoolClient }).$client;
}

// Types drizzle's node-postgres driver leaves as PostgreSQL's text (timestamp, timestamptz, date,
// interval and their arrays), so rows read by readRows are the rows `tx.execute` answers.
const TEXT_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const keepText = (value: string) => value;
const DRIVER_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_IDS.has(typeId)
      ? keepText
      : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * The rows of a hand-written statement on the transaction's connection, exactly as `tx.execute`
 * answers them, without drizzle's session in between and rendered in one pass (renderSql). For hot
 * read paths: a record list spent a tenth of its server time rendering and executing through drizzle.
 * On a reader connection the statement is prepared by name (readerClients).
 */
export async function readRows<Row>(tx: TenantTx, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = renderSql(statement);
  const client = connectionOf(tx);
  const name = readerClients.has(client) ? preparedName(text) : undefined;
  const result = await client.query({ name, text, values: params, types: DRIVER_TYPES });
  return result.rows as Row[];
}

/**
 * The socket under a pooled pg connection, when pg exposes it. Corking it around several queries of
 * a pipelined connection (pg submits them synchronously there) sends them in one write instead of
 * one system call each: that is most of pg's CPU time on the create path.
 */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  const stream = (client as unknown as { connection?: { stream?: Partial<NodeJS.WritableStream> } })
    .connection?.stream as { cork?: () => void; uncork?: () => void } | undefined;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as { cork(): void; uncork(): void })
    : undefined;
}

/**
 * How the reader pool's connections start (readInTenant): every transaction, and so every
 * autocommitted statement, read only; every prepared statement planned for its own values.
 */
export const READER_SESSION_OPTIONS =
  '-c default_transaction_read_only=on -c plan_cache_mode=force_custom_plan';

const isBound = (statement: SQL | BoundStatement): statement is BoundStatement =>
  typeof (statement as BoundStatement).text === 'string';

/** A statement rendered now, for statementInTenant. */
function bind(statement: SQL): BoundStatement {
  const query = renderSql(statement);
  return { name: preparedName(query.sql), text: query.sql, values: query.params };
}

/** Prepared statements' names by their text (a fixed set of shapes: bounded for safety). */
const preparedNames = new Map<string, string>();

/** A prepared statement's name from its text: the same text always gets the same name. */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `st_${createHash('sha1').update(text).digest('base64url')}`;
    if (preparedNames.size >= 1000) preparedNames.clear();
    preparedNames.set(text, name);
  }
  return name;
}

/** What a compiled statement's SQL is built from: a placeholder for each of its values. */
export type StatementPlaceholders<Values> = { readonly [Name in keyof Values]: Placeholder };

/**
 * A statement for a hot path whose text never changes: `build` gets a placeholder for each of the
 * statement's values and is rendered to text once; each call binds its values (by name; a missing
 * one throws) to that text. Saves building and rendering the SQL again on every request (an eighth
 * of a record create's server time in its CPU profile).
 */
export function compileStatement<Values extends object>(
  build: (params: StatementPlaceholders<Values>) => SQL,
): (values: Values) => BoundStatement {
  // Every name the statement reads becomes a placeholder of that name.
  const placeholders = new Proxy({}, { get: (_target, name) => sql.placeholder(String(name)) });
  const query = dialect.sqlToQuery(build(placeholders as StatementPlaceholders<Values>));
  const name = preparedName(query.sql);
  return (values) => ({
    name,
    text: query.sql,
    values: fillPlaceholders(query.params, values as Record<string, unknown>),
  });
}

/**
 * `pool` serves `global`; `pipelined` (the same role, connections in pipeline mode) serves the tenant
 * transactions when given, which saves them a round trip each; `reader` (pipelined too, started with
 * READER_SESSION_OPTIONS) serves readInTenant. Cursors and COPY, which pipelining refuses, belong on
 * `pool`. Without `pipelined` everything runs on `pool`, one answer at a time.
 */
export function createTenantDb(pool: pg.Pool, pipelined?: pg.Pool, reader?: pg.Pool): TenantDb {
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

  const run = async <T>(tenantId: string, work: (tx: TenantTx) => Promise<T>, readOnly: boolean) => {
    // Opening the transaction and setting the tenant is one round trip instead of two; on a
    // pipelined connection it is not even waited for: the work's first statement is written right
    // behind it and answered after it. Every request pays this, so it counts.
    const opening = openingOf(tenantId, readOnly);
    const client = await (pipelined ?? pool).connect();
    let broken: Error | undefined;
    let releasedLater = false;
    try {
      const opened = client.query(opening).then(
        () => undefined,
        (openError: Error) => {
          broken = openError;
        },
      );
      // Without pipelining the work must wait; with it, a failed opening is still seen before the
      // work's answer is used: its statements then ran outside any tenant, where row-level security
      // shows and accepts nothing, and the opening's error is thrown instead of their results.
      if (!pipelined) await opened;
      if (broken) throw broken;
      try {
        // The connection is inside the transaction; repositories use it like drizzle's own tx.
        const result = await work(drizzleOn(client) as unknown as TenantTx);
        await opened;
        if (broken) throw broken;
        if (readOnly) {
          // Nothing to make durable: answer now, hand the connection back once COMMIT is through.
          releasedLater = true;
          client.query('COMMIT').then(
            () => client.release(),
            (closeError: Error) => client.release(closeError),
          );
          return result;
        }
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await opened;
        if (broken) throw broken;
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      // A connection whose opening or rollback failed is in an unknown state: the pool discards it.
      if (!releasedLater) client.release(broken);
    }
  };
  const inTenant: TenantDb['inTenant'] = (tenantId, work) => run(tenantId, work, false);

  /**
   * readInTenant on the reader pool: no BEGIN, no COMMIT. The statements autocommit, each seeing its
   * own snapshot (as each statement of a READ COMMITTED transaction does anyway), on connections
   * where every transaction is read only (READER_SESSION_OPTIONS), in the tenant kept for the
   * session and set again only when it changes. What the work sends before it first waits goes out
   * in one socket write with the tenant switch. Two messages and two wake-ups fewer for each side
   * than a transaction: on a list, that was most of the cost beyond the query itself.
   */
  const readOnReader = async <T>(
    readerPool: pg.Pool,
    tenantId: string,
    work: (tx: TenantTx) => Promise<T>,
  ): Promise<T> => {
    const tenant = inlinedTenant(tenantId);
    const client = await readerPool.connect();
    readerClients.add(client);
    const socket = socketOf(client);
    socket?.cork();
    // Runs once the work's synchronous part and the promise reactions it started have run.
    process.nextTick(() => socket?.uncork());
    const trimmed = trimPrepared(client);
    const switched = switchSessionTenant(client, tenant);
    let broken: Error | undefined;
    try {
      let outcome: Settled<T>;
      try {
        outcome = { ok: true, value: await work(drizzleOn(client) as unknown as TenantTx) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      // After a failed switch the work's answers were read under the previous tenant (whose rows the
      // statements' explicit tenant checks refuse anyway): not used, and the connection is discarded.
      const [trimError, switchError] = await Promise.all([trimmed, switched]);
      broken = trimError ?? switchError;
      if (broken) throw broken;
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    } finally {
      client.release(broken);
    }
  };

  return {
    global: db,
    inTenant,
    readInTenant: (tenantId, work) =>
      reader ? readOnReader(reader, tenantId, work) : run(tenantId, work, true),
    async statementInTenant<Row>(tenantId: string, statement: SQL | BoundStatement): Promise<Row[]> {
      const { name, text, values } = isBound(statement) ? statement : bind(statement);
      if (!pipelined) {
        return inTenant(tenantId, async (tx) => {
          const client = connectionOf(tx);
          return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
        });
      }
      const tenant = inlinedTenant(tenantId);
      const client = await pipelined.connect();
      let broken: Error | undefined;
      try {
        // The connection keeps its session's tenant between uses: set only when it changes, written
        // in the same socket write as the statement.
        const socket = socketOf(client);
        socket?.cork();
        let switched: Promise<Error | undefined>;
        let running: Promise<pg.QueryResult<Row & pg.QueryResultRow>>;
        try {
          switched = switchSessionTenant(client, tenant);
          running = client.query<Row & pg.QueryResultRow>({ name, text, values });
        } finally {
          socket?.uncork();
        }
        const [switchError, ran] = await Promise.all([switched, settle(running)]);
        if (switchError) {
          // The pool discards the connection. The statement ran under the previous tenant, where
          // row-level security refuses the new tenant's rows (every statement names its tenant
          // too); its answer is not used.
          broken = switchError;
          throw broken;
        }
        if (!ran.ok) throw ran.error;
        return ran.value.rows;
      } finally {
        client.release(broken);
      }
    },
  };
}
