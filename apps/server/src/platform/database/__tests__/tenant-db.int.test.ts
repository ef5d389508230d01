import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  READER_PREPARED_MAX,
  READER_SESSION_OPTIONS,
  compileStatement,
  createTenantDb,
  readRows,
  type TenantDb,
} from '../tenant-db.ts';

// TenantDb against real PostgreSQL as the app role (row-level security applies): the one-round-trip
// statement (the session's tenant set when it changes, then the statement, autocommitted) writes,
// rolls back and isolates exactly as a transaction of inTenant does, however its connection was used
// before.

let server: TestServer;
let transactions: pg.Pool;
let pipelined: pg.Pool;
let reader: pg.Pool;
let db: TenantDb;
let withReader: TenantDb;
let acme: string;
let globex: string;

const tenantOf = async (label: string) =>
  (await server.owner.query<{ id: string }>('SELECT id FROM tenants WHERE label = $1', [label])).rows[0]!.id;

const insertAudit = (tenantId: string, action: string) =>
  sql`INSERT INTO audit_log (tenant_id, entity, entity_id, action) VALUES (${tenantId}, 'test', 'x', ${action}) RETURNING action`;

const auditActions = async (action: string) =>
  (
    await server.owner.query<{ tenant_id: string }>('SELECT tenant_id FROM audit_log WHERE action = $1', [
      action,
    ])
  ).rows.map((row) => row.tenant_id);

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'ADMINISTRATOR' });
  acme = await tenantOf('acme');
  globex = await tenantOf('globex');
  // One connection each, so every statement below reuses the connection of the one before.
  transactions = new pg.Pool({ connectionString: server.appRoleUrl, max: 1 });
  pipelined = new pg.Pool({ connectionString: server.appRoleUrl, max: 1, pipeline: true });
  db = createTenantDb(transactions, pipelined);
  // As bootstrap.ts makes it, with one connection so every read below reuses the one before's.
  reader = new pg.Pool({
    connectionString: server.appRoleUrl,
    max: 1,
    pipeline: true,
    options: READER_SESSION_OPTIONS,
  });
  withReader = createTenantDb(transactions, pipelined, reader);
});
afterAll(async () => {
  await reader?.end();
  await pipelined?.end();
  await transactions?.end();
  await server?.close();
});

describe('statementInTenant', () => {
  it('runs one statement in its tenant and commits it', async () => {
    const rows = await db.statementInTenant<{ action: string }>(acme, insertAudit(acme, 'one-trip'));
    expect(rows).toEqual([{ action: 'one-trip' }]);
    expect(await auditActions('one-trip')).toEqual([acme]);
  });

  it('refuses a row of another tenant (row-level security) and writes nothing', async () => {
    await expect(db.statementInTenant(acme, insertAudit(globex, 'foreign'))).rejects.toThrow(
      /row-level security/,
    );
    expect(await auditActions('foreign')).toEqual([]);
  });

  it('rolls a failing statement back, throws its error, and the connection goes on working', async () => {
    const failing = sql`WITH written AS (${insertAudit(acme, 'half')}) SELECT 1 / (SELECT count(*) - 1 FROM written)`;
    await expect(db.statementInTenant(acme, failing)).rejects.toThrow(/division by zero/);
    expect(await auditActions('half')).toEqual([]);
    await db.statementInTenant(globex, insertAudit(globex, 'after-failure'));
    expect(await auditActions('after-failure')).toEqual([globex]);
  });

  it('sets the tenant again when the connection next serves another tenant, and transactions override it', async () => {
    // The connection keeps the tenant of its last statement for its session...
    await db.statementInTenant(acme, sql`SELECT 1`);
    // ...and a statement of another tenant on it sees only that tenant's rows.
    const seenByGlobex = await db.statementInTenant<{ tenant_id: string }>(
      globex,
      sql`SELECT tenant_id FROM audit_log WHERE action IN ('one-trip', 'after-failure')`,
    );
    expect(seenByGlobex.map((row) => row.tenant_id)).toEqual([globex]);
    // A transaction on the same connection runs in its own tenant, whatever the session's.
    const seenInTx = await db.inTenant(acme, async (tx) => {
      const { rows } = await tx.execute(
        sql`SELECT tenant_id FROM audit_log WHERE action IN ('one-trip', 'after-failure')`,
      );
      return rows.map((row) => row['tenant_id']);
    });
    expect(seenInTx).toEqual([acme]);
    // And the statement after the transaction is back in the tenant it asks for.
    const again = await db.statementInTenant<{ tenant_id: string }>(
      globex,
      sql`SELECT tenant_id FROM audit_log WHERE action IN ('one-trip', 'after-failure')`,
    );
    expect(again.map((row) => row.tenant_id)).toEqual([globex]);
  });

  it('prepares a statement once per connection and reuses it with other values and tenants', async () => {
    await db.statementInTenant(acme, insertAudit(acme, 'prepared-1'));
    await db.statementInTenant(globex, insertAudit(globex, 'prepared-2'));
    expect(await auditActions('prepared-1')).toEqual([acme]);
    expect(await auditActions('prepared-2')).toEqual([globex]);
    // The pool has one connection: both calls ran on it, through one prepared statement.
    const { rows } = await pipelined.query<{ statement: string }>(
      `SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO audit_log%'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('runs a compiled statement with each call’s values, bound by name, prepared once', async () => {
    const compiled = compileStatement<{ tenant: string; action: string }>(
      (p) =>
        sql`INSERT INTO audit_log (tenant_id, entity, entity_id, action)
            VALUES (${p.tenant}, 'compiled', ${p.action}, ${p.action}) RETURNING entity_id, action`,
    );
    const first = compiled({ tenant: acme, action: 'compiled-1' });
    const second = compiled({ tenant: globex, action: 'compiled-2' });
    expect(first.values).toEqual([acme, 'compiled-1', 'compiled-1']);
    expect(second.name).toBe(first.name);
    expect(await db.statementInTenant(acme, first)).toEqual([
      { entity_id: 'compiled-1', action: 'compiled-1' },
    ]);
    expect(await db.statementInTenant(globex, second)).toEqual([
      { entity_id: 'compiled-2', action: 'compiled-2' },
    ]);
    expect(await auditActions('compiled-1')).toEqual([acme]);
    expect(await auditActions('compiled-2')).toEqual([globex]);
    // Row-level security still applies: a compiled statement for another tenant's row is refused.
    await expect(
      db.statementInTenant(acme, compiled({ tenant: globex, action: 'compiled-3' })),
    ).rejects.toThrow(/row-level security/);
    const { rows } = await pipelined.query(
      `SELECT 1 FROM pg_prepared_statements WHERE statement LIKE '%''compiled''%'`,
    );
    expect(rows).toHaveLength(1);
    // A value the statement needs and the call lacks is a programming error, not a NULL.
    expect(() => compiled({ tenant: acme } as never)).toThrow(/action/);
  });

  it('without a pipelined pool, runs the statement as an ordinary tenant transaction', async () => {
    const plain = createTenantDb(transactions);
    expect(await plain.statementInTenant(globex, insertAudit(globex, 'plain'))).toEqual([
      { action: 'plain' },
    ]);
    expect(await auditActions('plain')).toEqual([globex]);
  });
});

describe('inTenant on pipelined connections', () => {
  it('runs several statements in one transaction of the tenant, seeing its own writes', async () => {
    const seen = await db.inTenant(acme, async (tx) => {
      await tx.execute(insertAudit(acme, 'multi'));
      await tx.execute(insertAudit(acme, 'multi'));
      const { rows } = await tx.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'multi'`);
      return rows[0]!['n'];
    });
    expect(seen).toBe(2);
    expect(await auditActions('multi')).toEqual([acme, acme]);
  });

  it('rolls every statement back when the work fails, and shows no other tenant', async () => {
    await expect(
      db.inTenant(globex, async (tx) => {
        await tx.execute(insertAudit(globex, 'undone'));
        const { rows } = await tx.execute(sql`SELECT 1 FROM audit_log WHERE action = 'one-trip'`);
        expect(rows).toEqual([]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await auditActions('undone')).toEqual([]);
  });
});

describe('readInTenant', () => {
  it("reads the tenant's rows and answers before its COMMIT; the connection serves the next call", async () => {
    const read = () =>
      db.readInTenant(acme, async (tx) => {
        const { rows } = await tx.execute(
          sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'one-trip'`,
        );
        return rows[0]!['n'];
      });
    // The pool has one connection: the second read waits for the first one's COMMIT to release it.
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
  });

  it('refuses writes: the transaction is READ ONLY', async () => {
    // drizzle reports 'Failed query: …' with PostgreSQL's error as the cause.
    await expect(
      db.readInTenant(acme, (tx) => tx.execute(insertAudit(acme, 'read-only'))),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/read-only transaction/) },
    });
    expect(await auditActions('read-only')).toEqual([]);
  });
});

describe('readInTenant on the reader pool (no transaction)', () => {
  const tenantsSeen = (tenantId: string) =>
    withReader.readInTenant(tenantId, async (tx) => {
      const { rows } = await tx.execute(
        sql`SELECT DISTINCT tenant_id FROM audit_log WHERE action IN ('one-trip', 'after-failure')`,
      );
      return rows.map((row) => row['tenant_id']);
    });

  it("reads only the tenant's rows, however the tenants of the connection's earlier reads alternate", async () => {
    expect(await tenantsSeen(acme)).toEqual([acme]);
    expect(await tenantsSeen(globex)).toEqual([globex]);
    expect(await tenantsSeen(globex)).toEqual([globex]);
    expect(await tenantsSeen(acme)).toEqual([acme]);
    // Statements issued together (one socket write) all answer, in the read's tenant.
    const both = await withReader.readInTenant(globex, async (tx) => {
      const [first, second] = await Promise.all([
        tx.execute(sql`SELECT current_setting('app.tenant_id') AS tenant`),
        tx.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${acme}::uuid`),
      ]);
      return [first.rows[0]!['tenant'], second.rows[0]!['n']];
    });
    expect(both).toEqual([globex, 0]);
  });

  it('opens no transaction and refuses writes', async () => {
    // now() is the transaction's start: it moves between the statements only without a transaction.
    const state = await withReader.readInTenant(acme, async (tx) => {
      const first = await tx.execute(sql`SELECT now()::text AS at`);
      const second = await tx.execute(
        sql`SELECT pg_sleep(0.002)::text, now()::text AS at, current_setting('transaction_read_only') AS ro`,
      );
      return { moved: first.rows[0]!['at'] !== second.rows[0]!['at'], ro: second.rows[0]!['ro'] };
    });
    expect(state).toEqual({ moved: true, ro: 'on' });
    await expect(
      withReader.readInTenant(acme, (tx) => tx.execute(insertAudit(acme, 'reader-write'))),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/read-only transaction/) },
    });
    expect(await auditActions('reader-write')).toEqual([]);
    // The connection goes on serving reads after the refusal.
    expect(await tenantsSeen(globex)).toEqual([globex]);
  });

  it("throws the work's error and keeps the connection", async () => {
    await expect(
      withReader.readInTenant(acme, async (tx) => {
        await tx.execute(sql`SELECT 1`);
        throw new Error('not this one');
      }),
    ).rejects.toThrow('not this one');
    expect(await tenantsSeen(acme)).toEqual([acme]);
  });

  const prepared = () =>
    withReader.readInTenant(acme, (tx) =>
      readRows<{ name: string; generic: number; custom: number }>(
        tx,
        sql`SELECT name, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements`,
      ),
    );

  it('prepares what readRows sends once per connection, each run planned for its own values', async () => {
    const actions = (action: string) =>
      withReader.readInTenant(acme, (tx) =>
        readRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${acme}::uuid AND action = ${action}`,
        ),
      );
    const before = (await prepared()).length;
    expect(await actions('one-trip')).toEqual([{ n: 1 }]);
    for (let run = 0; run < 8; run += 1) expect(await actions('no-such-action')).toEqual([{ n: 0 }]);
    const statements = await prepared();
    // The count statement (one more, with its listing statement) and no second copy of it.
    expect(statements.length).toBe(before + (before === 0 ? 2 : 1));
    const counting = statements.find((s) => s.custom >= 9);
    expect(counting).toMatchObject({ generic: 0 });
  });

  it(`keeps at most ${READER_PREPARED_MAX} prepared statements on a connection`, async () => {
    for (let shape = 0; shape < READER_PREPARED_MAX + 5; shape += 1) {
      const rows = await withReader.readInTenant(globex, (tx) =>
        readRows<{ n: number }>(tx, sql`SELECT ${shape}::int + ${sql.raw(String(shape))} AS n`),
      );
      expect(rows).toEqual([{ n: 2 * shape }]);
    }
    const count = (await prepared()).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(READER_PREPARED_MAX);
    // A statement prepared before the drop is prepared again when next sent, and answers.
    expect(
      await withReader.readInTenant(globex, (tx) =>
        readRows<{ n: number }>(tx, sql`SELECT ${3}::int + 3 AS n`),
      ),
    ).toEqual([{ n: 6 }]);
    expect(await tenantsSeen(globex)).toEqual([globex]);
  });
});
