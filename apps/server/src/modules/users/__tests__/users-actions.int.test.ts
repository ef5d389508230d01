import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { startSmtpCapture } from '../../../../test/smtp-capture.ts';
import { generateTotp } from '../../identity/index.ts';
import { P, auditRows, expectNoSecrets, linkIn, setSeats } from './users-fixtures.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let sysAdmin: TestClient;
let admin: TestClient;
const ids: Record<string, string> = {};

const signedIn = async (username: string, password: string) => {
  const client = server.client('acme');
  await client.signIn(username, password);
  return client;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url });
  ids.sam = await server.createUser('acme', {
    username: 'sam',
    password: 'sam-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  ids.ada = await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  ids.uma = await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  ids.fred = await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  ids.tess = await server.createUser('acme', {
    username: 'tess',
    password: 'tess-pass',
    totpSecret: 'JBSWY3DPEHPK3PXP',
  });
  ids.gus = await server.createUser('globex', {
    username: 'gus',
    password: 'gus-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  sysAdmin = await signedIn('sam', 'sam-pass');
  admin = await signedIn('ada', 'ada-pass');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('deactivating and activating', () => {
  it('ends the user’s sessions at once, frees the seat, and needs a free seat to come back', async () => {
    const fred = await signedIn('fred', 'fred-pass');
    expect((await fred.get('/identity/isAuthenticated')).statusCode).toBe(200);

    const off = await admin.post(P.deactivate(ids.fred!));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'The user has been deactivated.',
      data: { is_active: false },
    });
    expect((await fred.get('/identity/isAuthenticated')).statusCode).toBe(401);
    expect((await server.client('acme').authenticate('fred', 'fred-pass')).statusCode).not.toBe(200);

    // The only FULL_USER seat goes to someone else meanwhile.
    await setSeats(server, 'acme', { FULL_USER: 1 });
    await admin.post(P.create, {
      username: 'filler',
      email: 'filler@acme.example',
      fullname: 'Seat Filler',
      user_kind: 'FULL_USER',
      password: 'filler-pass',
    });
    const full = await admin.post(P.activate(ids.fred!));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('No Full User licence is left: all 1 are in use.');

    await setSeats(server, 'acme', { FULL_USER: 2 });
    const on = await admin.post(P.activate(ids.fred!));
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: 'The user has been activated.', data: { is_active: true } });
    await expect(signedIn('fred', 'fred-pass')).resolves.toBeTruthy();
    await setSeats(server, 'acme', {});

    const rows = await auditRows(server, ids.fred);
    expect(rows.map((row) => row.action)).toEqual(['deactivate', 'activate']);
    expect(rows[0]).toMatchObject({
      user_id: ids.ada,
      before: { is_active: true },
      after: { is_active: false },
    });
  });

  it('refuses to deactivate yourself, and administrators may not deactivate a system administrator', async () => {
    const self = await admin.post(P.deactivate(ids.ada!));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    const root = await admin.post(P.deactivate(ids.sam!));
    expect(root.statusCode).toBe(403);
    expect(root.json().message).toBe(
      'Only a system administrator can change or deactivate a system administrator.',
    );
    expect((await sysAdmin.get('/identity/isAuthenticated')).statusCode).toBe(200);
  });
});

describe('changing the licence', () => {
  it('applies on the user’s next request with the same token, both ways', async () => {
    const uma = await signedIn('uma', 'uma-pass');
    expect((await uma.get(P.licences)).statusCode).toBe(403);

    const up = await admin.post(P.licence(ids.uma!), { user_kind: 'ADMINISTRATOR' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({
      message: 'The licence has been changed.',
      data: { user_kind: 'ADMINISTRATOR' },
    });
    expect((await uma.get(P.licences)).statusCode).toBe(200);

    expect((await admin.post(P.licence(ids.uma!), { user_kind: 'USER' })).statusCode).toBe(200);
    expect((await uma.get(P.licences)).statusCode).toBe(403);

    const rows = (await auditRows(server, ids.uma)).filter((row) => row.action === 'licence');
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ user_kind: 'USER' }, { user_kind: 'ADMINISTRATOR' }],
      [{ user_kind: 'ADMINISTRATOR' }, { user_kind: 'USER' }],
    ]);
  });

  it('needs a free seat of the new kind for an active user', async () => {
    await setSeats(server, 'acme', { CONSULTANT: 0 });
    const res = await admin.post(P.licence(ids.uma!), { user_kind: 'CONSULTANT' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No Consultant licence is left: all 0 are in use.');
    await setSeats(server, 'acme', {});
  });

  it('keeps the System Administrator licence in system administrators’ hands', async () => {
    const grant = await admin.post(P.licence(ids.uma!), { user_kind: 'SYSTEM_ADMINISTRATOR' });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(
      'Only a system administrator can grant or take away the System Administrator licence.',
    );
    expect((await admin.post(P.licence(ids.sam!), { user_kind: 'USER' })).statusCode).toBe(403);
    expect((await sysAdmin.post(P.licence(ids.uma!), { user_kind: 'SYSTEM_ADMINISTRATOR' })).statusCode).toBe(
      200,
    );
    expect((await sysAdmin.post(P.licence(ids.uma!), { user_kind: 'USER' })).statusCode).toBe(200);
    const own = await sysAdmin.post(P.licence(ids.sam!), { user_kind: 'USER' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot change your own licence.');
  });
});

describe('passwords and second factors', () => {
  it('mails a reset link that sets a new password', async () => {
    const res = await admin.post(P.resetPassword(ids.uma!));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link has been sent to the user.');
    const mail = await smtp.waitFor('uma@acme.example');
    expect(mail.subject).toBe('Reset your Formloop password');
    const { token } = linkIn(mail.text ?? '');
    const client = server.client('acme');
    expect((await client.post('/api/email/resetpassword', { token, password: 'uma-new' })).statusCode).toBe(
      200,
    );
    await expect(client.signIn('uma', 'uma-new')).resolves.toBeTruthy();
    const rows = (await auditRows(server, ids.uma)).filter((row) => row.action === 'reset_password');
    expect(rows).toHaveLength(1);
    expectNoSecrets(rows, [token]);
  });

  it('turns the authenticator off: the next sign-in needs no code and old sessions end', async () => {
    const first = server.client('acme');
    expect((await first.authenticate('tess', 'tess-pass')).json().data.requiresTwoFactor).toBe(true);
    const second = await first.post('/identity/loginWith2Fa', {
      twoFactorCode: generateTotp('JBSWY3DPEHPK3PXP'),
      rememberMachine: true,
      isPersistent: true,
    });
    expect(second.statusCode).toBe(200);
    await first.fetchSessionToken();
    expect((await first.get('/identity/isAuthenticated')).statusCode).toBe(200);

    const res = await admin.post(P.resetTwoFactor(ids.tess!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Two-factor authentication has been reset for the user.',
      data: { two_factor_enabled: false },
    });
    const { rows } = await server.owner.query(
      `SELECT two_factor_enabled, totp_secret, recovery_code_hashes FROM users WHERE id = $1`,
      [ids.tess],
    );
    expect(rows[0]).toEqual({ two_factor_enabled: false, totp_secret: null, recovery_code_hashes: [] });

    expect((await first.get('/identity/isAuthenticated')).statusCode).toBe(401);
    const tess = await signedIn('tess', 'tess-pass');
    expect((await tess.get('/identity/isAuthenticated')).statusCode).toBe(200);

    const again = await admin.post(P.resetTwoFactor(ids.tess!));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Two-factor authentication is not enabled for this user.');

    const audit = (await auditRows(server, ids.tess)).filter((row) => row.action === 'reset_2fa');
    expect(audit).toHaveLength(1);
    expectNoSecrets(audit, ['JBSWY3DPEHPK3PXP']);
  });
});

describe('roles and teams', () => {
  const insertRole = async (label: string, name: string) => {
    const { rows } = await server.owner.query<{ id: string }>(
      `INSERT INTO roles (tenant_id, role_name) SELECT id, $2 FROM tenants WHERE label = $1 RETURNING id`,
      [label, name],
    );
    return rows[0]!.id;
  };

  it('replaces the user’s roles; the detail shows them, the teams and every role on offer', async () => {
    const clerk = await insertRole('acme', 'Clerk');
    const auditor = await insertRole('acme', 'Auditor');
    const foreign = await insertRole('globex', 'Spy');
    const { rows: team } = await server.owner.query<{ id: string }>(
      `INSERT INTO teams (tenant_id, team_name, lead_user_id) SELECT id, 'Ops', $1 FROM tenants WHERE label = 'acme'
       RETURNING id`,
      [ids.fred],
    );
    await server.owner.query(
      `INSERT INTO team_members (tenant_id, team_id, user_id) SELECT tenant_id, id, $1 FROM teams WHERE id = $2`,
      [ids.fred, team[0]!.id],
    );

    const set = await admin.request('PUT', P.roles(ids.fred!), { body: { role_ids: [clerk, auditor] } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      success: true,
      message: 'The roles have been saved.',
      data: {
        roles: [
          { id: auditor, role_name: 'Auditor' },
          { id: clerk, role_name: 'Clerk' },
        ],
      },
    });

    const detail = (await admin.get(P.detail(ids.fred!))).json().data;
    expect(detail).toMatchObject({
      username: 'fred',
      time_zone: 'UTC',
      preference: { launch_page: { type: 'home' } },
      teams: [{ id: team[0]!.id, team_name: 'Ops', is_lead: true }],
      roles: [{ role_name: 'Auditor' }, { role_name: 'Clerk' }],
      available_roles: [
        { id: auditor, role_name: 'Auditor' },
        { id: clerk, role_name: 'Clerk' },
      ],
    });

    for (const bad of [[foreign], [clerk, '00000000-0000-4000-8000-000000000000'], ['nope']]) {
      const res = await admin.request('PUT', P.roles(ids.fred!), { body: { role_ids: bad } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('One or more of the chosen roles do not exist.');
    }
    const twice = await admin.request('PUT', P.roles(ids.fred!), { body: { role_ids: [clerk, clerk] } });
    expect(twice.statusCode).toBe(400);

    const cleared = await admin.request('PUT', P.roles(ids.fred!), { body: { role_ids: [] } });
    expect(cleared.json().data).toEqual({ roles: [] });

    const rows = (await auditRows(server, ids.fred)).filter((row) => row.action === 'roles');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      before: { roles: [{ role_name: 'Auditor' }, { role_name: 'Clerk' }] },
      after: { roles: [] },
    });
  });
});

describe('the audit trail of user management', () => {
  it('has a row for every write made here, and no secrets in any', async () => {
    const rows = await auditRows(server);
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'create',
      'deactivate',
      'activate',
      'licence',
      'reset_password',
      'reset_2fa',
      'roles',
    ]) {
      expect(actions.has(action)).toBe(true);
    }
    expectNoSecrets(rows);
    // Nothing here touched globex.
    const { rows: foreign } = await server.owner.query(`SELECT 1 FROM audit_log WHERE entity_id = $1`, [
      ids.gus,
    ]);
    expect(foreign).toHaveLength(0);
  });
});
