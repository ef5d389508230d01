import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { generateTotp, newTotpSecret } from '../../identity/index.ts';

let server: TestServer;
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  server = await createTestServer();
  acmeId = await server.createTenant('acme');
  globexId = await server.createTenant('globex');
  // The same username in both tenants, with different passwords: they are different people.
  await server.createUser('acme', { username: 'sam', password: 'acme-password', kind: 'ADMINISTRATOR' });
  await server.createUser('globex', { username: 'sam', password: 'globex-password' });
  await server.createUser('acme', { username: 'tfa', password: 'tfa-password', totpSecret: newTotpSecret() });
});
afterAll(() => server?.close());

describe('tenant from the Host header', () => {
  it('signs each tenant’s user in only on that tenant’s host', async () => {
    expect((await server.client('acme').authenticate('sam', 'globex-password')).statusCode).toBe(401);
    const acme = await server.client('acme').signIn('sam', 'acme-password');
    const globex = await server.client('globex').signIn('sam', 'globex-password');
    expect(acme.uid).not.toBe(globex.uid);
    expect(acme.isAdministrator).toBe(true);
    expect(globex.isAdministrator).toBe(false);
  });

  it('a token, session cookie or pending sign-in from one tenant is worth nothing on another host', async () => {
    const acme = server.client('acme');
    const { token } = await acme.signIn('sam', 'acme-password');
    const globex = server.client('globex');
    const auth = { authorization: `Bearer ${token}` };
    expect((await globex.get('/identity/isAuthenticated', auth)).statusCode).toBe(401);
    expect((await globex.post('/identity/refreshToken', { jwt: token })).statusCode).toBe(401);
    expect((await globex.post('/identity/tokenValidation', { token })).json().data.valid).toBe(false);
    expect((await globex.get('/identity/manageauthenticator/sharedKeyQRCodeUri', auth)).statusCode).toBe(401);
    for (const [name, value] of acme.cookies) globex.cookies.set(name, value);
    expect((await globex.post('/identity/token')).statusCode).toBe(401);
    // Logging out on the other host does not end the acme session.
    await globex.post('/identity/logout', {}, auth);
    expect((await acme.get('/identity/isAuthenticated')).statusCode).toBe(200);

    const pending = server.client('acme');
    await pending.authenticate('tfa', 'tfa-password');
    const stranger = server.client('globex');
    for (const [name, value] of pending.cookies) stranger.cookies.set(name, value);
    expect((await stranger.get('/identity/getInfo2fa')).statusCode).toBe(401);
  });

  it('a reset token issued on one host is unknown (404) on another', async () => {
    const { rows } = await server.owner.query<{ id: string }>(
      `SELECT id FROM users WHERE tenant_id = $1 AND username = 'sam'`,
      [acmeId],
    );
    const token = 'cross-tenant-token';
    const { createHash } = await import('node:crypto');
    await server.owner.query(
      `INSERT INTO password_reset_tokens (tenant_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [acmeId, rows[0]!.id, createHash('sha256').update(token).digest('hex')],
    );
    const res = await server
      .client('globex')
      .post('/api/email/resetpassword', { token, password: 'hijacked' });
    expect(res.statusCode).toBe(404);
    expect((await server.client('acme').authenticate('sam', 'acme-password')).statusCode).toBe(200);
  });

  it('an unknown tenant host answers 404 for every API call', async () => {
    const nowhere = server.client('nowhere');
    for (const res of [
      await nowhere.authenticate('sam', 'acme-password'),
      await nowhere.get('/api/sys/tenant/info'),
      await nowhere.get('/api/email/forgotpassword?username=sam'),
      await nowhere.post('/identity/token'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: MESSAGES.tenantNotFound });
    }
  });

  it('the login host checks a domain and points at its host, and serves no tenant', async () => {
    const login = server.client('login');
    const found = await login.get('/api/sys/tenant/exists?domain=Globex');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({ exists: true, url: 'http://globex.formloop.test' });
    const missing = await login.get('/api/sys/tenant/exists?domain=initech');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.tenantNotFound);
    const empty = await login.get('/api/sys/tenant/exists?domain=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.errors).toMatchObject([
      { field: 'domain', message: 'Please input your domain' },
    ]);
    expect((await login.authenticate('sam', 'acme-password')).statusCode).toBe(404);
  });
});

describe('tenant info', () => {
  it('returns the support contact, and 403 once the licence has expired', async () => {
    const info = await server.client('acme').get('/api/sys/tenant/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      name: 'ACME',
      label: 'acme',
      support_email: 'help@acme.example',
      person_in_charge_phone: '+1 555 0100',
    });
    await server.createTenant('lapsed', { licenceExpiresOn: '2020-01-31' });
    const lapsed = await server.client('lapsed').get('/api/sys/tenant/info');
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json()).toMatchObject({
      success: false,
      message: MESSAGES.licenceExpired,
      data: { code: 'LICENCE_EXPIRED' },
    });
  });
});

describe('row-level security, the second wall', () => {
  it('the app role sees no tenant rows without app.tenant_id, and only its tenant’s rows with it', async () => {
    const client = new pg.Client({ connectionString: server.appRoleUrl });
    await client.connect();
    try {
      const role = await client.query(
        `SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`,
      );
      expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
      // An app with a record in each tenant: each app's records live in a partition of their own
      // (ADR 0013), made by the trigger on modules; they must be covered like every other table.
      const partitions: Record<string, string> = {};
      for (const [label, tenantId] of [
        ['acme', acmeId],
        ['globex', globexId],
      ] as const) {
        const { rows: made } = await server.owner.query<{ id: string; partition: string }>(
          `INSERT INTO modules (tenant_id, display_name, module_draft) VALUES ($1, $2, '{}')
           RETURNING id, app_record_partition(id) AS partition`,
          [tenantId, `RLS ${label}`],
        );
        await server.owner.query(
          `INSERT INTO records (tenant_id, module_id, module_version) VALUES ($1, $2, 0)`,
          [tenantId, made[0]!.id],
        );
        partitions[label] = made[0]!.partition;
      }
      // Every table with a tenant_id column, partitions included, so a new table without a policy fails here.
      const { rows: tables } = await server.owner.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id'`,
      );
      expect(tables.length).toBeGreaterThanOrEqual(5);
      expect(tables.map((table) => table.table_name)).toEqual(
        expect.arrayContaining([partitions.acme, partitions.globex, 'records']),
      );
      for (const { table_name: table } of tables) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        expect(rows[0].n, table).toBe(0);
      }
      // Each partition carries the policy itself, so a direct read of one is isolated too.
      const { rows: guarded } = await server.owner.query(
        `SELECT c.relname, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
                (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
           FROM pg_class c WHERE c.relname = ANY ($1) ORDER BY c.relname`,
        [[partitions.acme, partitions.globex]],
      );
      for (const row of guarded)
        expect(row, row.relname).toMatchObject({ enabled: true, forced: true, policies: 1 });
      expect(guarded).toHaveLength(2);
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [globexId]);
      const own = await client.query(`SELECT count(*)::int AS n FROM ${partitions.globex}`);
      const foreign = await client.query(`SELECT count(*)::int AS n FROM ${partitions.acme}`);
      expect([own.rows[0].n, foreign.rows[0].n]).toEqual([1, 0]);
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [globexId]);
      const { rows } = await client.query(`SELECT DISTINCT tenant_id FROM users`);
      expect(rows).toEqual([{ tenant_id: globexId }]);
      // Writing a row for another tenant is refused by the policy's WITH CHECK.
      await expect(
        client.query(
          `INSERT INTO users (tenant_id, username, email, fullname, password_hash, security_stamp) VALUES ($1, 'x', 'x@x', 'x', 'x', 'x')`,
          [acmeId],
        ),
      ).rejects.toThrow(/row-level security/);
      await client.query('ROLLBACK');
      // The audit log is append-only for the app role.
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [acmeId]);
      await expect(client.query(`DELETE FROM audit_log`)).rejects.toThrow(/permission denied/);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
  });

  it('the owner sees both tenants’ users, so the emptiness above is the policy at work', async () => {
    const { rows } = await server.owner.query(`SELECT count(DISTINCT tenant_id)::int AS n FROM users`);
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });
});

describe('second factor and lockout are per tenant', () => {
  it('a code for one tenant’s pending sign-in cannot complete another’s', async () => {
    const secret = newTotpSecret();
    await server.createUser('globex', { username: 'tfa2', password: 'pw-pw-pw', totpSecret: secret });
    const acme = server.client('acme');
    for (const [name, value] of await (async () => {
      const g = server.client('globex');
      await g.authenticate('tfa2', 'pw-pw-pw');
      return g.cookies;
    })())
      acme.cookies.set(name, value);
    const res = await acme.post('/identity/loginWith2Fa', {
      twoFactorCode: generateTotp(secret),
      rememberMachine: false,
      isPersistent: true,
    });
    expect(res.statusCode).toBe(401);
  });
});
