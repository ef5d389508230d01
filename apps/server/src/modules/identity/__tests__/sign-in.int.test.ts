import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, encryptLoginPayload } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { generateTotp, newTotpSecret } from '../totp.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '15' });
  await server.createTenant('acme');
  await server.createUser('acme', { username: 'alice', password: 'correct-horse', kind: 'FULL_USER' });
  await server.createUser('acme', { username: 'mallory', password: 'right-pass' });
  await server.createUser('acme', { username: 'dora', password: 'dormant-pw', isActive: false });
});
afterAll(() => server?.close());

describe('password sign-in', () => {
  it('signs in with the encrypted payload and returns the session token with flags and config', async () => {
    const client = server.client('acme');
    const auth = await client.authenticate('alice', 'correct-horse');
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ success: true, message: '', data: { requiresTwoFactor: false } });
    expect(client.cookies.has('fl_session')).toBe(true);

    const token = await client.fetchSessionToken();
    expect(token).toMatchObject({
      username: 'alice',
      fullname: 'alice Tester',
      email: 'alice@acme.example',
      isFullUser: true,
      isConsultant: false,
      isSysAdmin: false,
      isAdministrator: false,
      is2faEnabled: false,
      isMachineRemembered: false,
    });
    expect(token.token).toBe(token.accessToken);
    expect(token.config.userInfo).toMatchObject({
      username: 'alice',
      preference: { launch_page: { type: 'home' } },
    });
    expect(token.config.appMenu.map((m: { href: string }) => m.href)).toEqual(['/tasks', '/applications']);

    const check = await client.get('/identity/isAuthenticated');
    expect(check.statusCode).toBe(200);
    expect(check.json().data.uid).toBe(token.uid);
  });

  it('usernames are matched without regard to case', async () => {
    const client = server.client('acme');
    await expect(client.signIn('ALICE', 'correct-horse')).resolves.toMatchObject({ username: 'alice' });
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await server.client('acme').authenticate('alice', 'not-the-password');
    const unknown = await server.client('acme').authenticate('nobody-here', 'whatever');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: MESSAGES.invalidLogin });
    }
    expect(wrong.cookies).toHaveLength(0);
  });

  it('tells a disabled user only after the right password', async () => {
    const right = await server.client('acme').authenticate('dora', 'dormant-pw');
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(MESSAGES.accountDisabled);
    const wrong = await server.client('acme').authenticate('dora', 'wrong-pw');
    expect(wrong.statusCode).toBe(401);
  });

  it('locks the account after repeated failures, even for the right password, and says for how long', async () => {
    const client = server.client('acme');
    for (let i = 0; i < 2; i++)
      expect((await client.authenticate('mallory', 'bad-guess')).statusCode).toBe(401);
    const third = await client.authenticate('mallory', 'bad-guess');
    expect(third.statusCode).toBe(423);
    expect(third.json().message).toBe(MESSAGES.accountLocked(15));
    const evenRight = await client.authenticate('mallory', 'right-pass');
    expect(evenRight.statusCode).toBe(423);
    expect(evenRight.json().data.code).toBe('ACCOUNT_LOCKED');

    const { rows } = await server.owner.query(
      `SELECT action FROM audit_log WHERE entity = 'user' AND action = 'lockout'
        AND entity_id = (SELECT id::text FROM users WHERE username = 'mallory')`,
    );
    expect(rows).toHaveLength(1);

    // When the lock runs out the right password works again.
    await server.owner.query(
      `UPDATE users SET lockout_until = now() - interval '1 second' WHERE username = 'mallory'`,
    );
    expect((await client.authenticate('mallory', 'right-pass')).statusCode).toBe(200);
  });

  it('refuses a payload encrypted with a key older than the previous minute', async () => {
    const stale = await encryptLoginPayload(
      { username: 'alice', password: 'correct-horse' },
      new Date(Date.now() - 3 * 60_000),
    );
    const res = await server
      .client('acme')
      .request('POST', '/identity/authenticateiso', { rawBody: JSON.stringify(stale) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.loginPayloadUnreadable);
  });

  it('writes the sign-in to the audit log', async () => {
    const client = server.client('acme');
    const token = await client.signIn('alice', 'correct-horse');
    const { rows } = await server.owner.query(
      `SELECT entity, action, user_id FROM audit_log WHERE action = 'sign-in' AND user_id = $1`,
      [token.uid],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ entity: 'session', action: 'sign-in' });
  });
});

describe('sessions: refresh, validation, logout', () => {
  it('refreshes a live token and revokes every token on logout', async () => {
    const client = server.client('acme');
    const { token } = await client.signIn('alice', 'correct-horse');

    const refreshed = await client.post('/identity/refreshToken', { jwt: token });
    expect(refreshed.statusCode).toBe(200);
    const newJwt = refreshed.json().data.jwt as string;
    expect(newJwt).not.toBe(token);
    expect(new Date(refreshed.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const valid = await client.post('/identity/tokenValidation', { token: newJwt });
    expect(valid.json().data.valid).toBe(true);

    client.token = newJwt;
    const out = await client.post('/identity/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(MESSAGES.loggedOut);

    for (const jwt of [token, newJwt]) {
      const after = await client.get('/identity/isAuthenticated', { authorization: `Bearer ${jwt}` });
      expect(after.statusCode).toBe(401);
      expect((await client.post('/identity/tokenValidation', { token: jwt })).json().data.valid).toBe(false);
    }
    const again = await client.post('/identity/refreshToken', { jwt: newJwt });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MESSAGES.refreshFailed);
    // The session cookie is gone too: no new token can be minted from it.
    expect((await client.post('/identity/token')).statusCode).toBe(401);
  });

  it('rejects a forged or garbled bearer token', async () => {
    const client = server.client('acme');
    const { token } = await client.signIn('alice', 'correct-horse');
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await client.get('/identity/isAuthenticated', { authorization: `Bearer ${forged}` })).statusCode,
    ).toBe(401);
    expect(
      (await client.get('/identity/isAuthenticated', { authorization: 'Bearer nonsense' })).statusCode,
    ).toBe(401);
    expect(
      (await client.get('/identity/isAuthenticated', { authorization: 'Basic YWxpY2U6eA==' })).statusCode,
    ).toBe(401);
    expect((await server.client('acme').get('/identity/isAuthenticated')).statusCode).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  const secret = newTotpSecret();
  beforeAll(() =>
    server.createUser('acme', { username: 'tess', password: 'two-factor', totpSecret: secret }),
  );

  it('asks for the code, then opens the session; the same code cannot be used twice', async () => {
    const client = server.client('acme');
    const first = await client.authenticate('tess', 'two-factor');
    expect(first.json().data).toEqual({ requiresTwoFactor: true });
    expect(client.cookies.has('fl_session')).toBe(false);
    expect((await client.post('/identity/token')).statusCode).toBe(401);

    const info = await client.get('/identity/getInfo2fa');
    expect(info.json().data).toEqual({ name: 'tess' });

    const bad = await client.post('/identity/loginWith2Fa', {
      twoFactorCode: '000000',
      rememberMachine: false,
      isPersistent: true,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MESSAGES.invalidTwoFactorCode);

    const code = generateTotp(secret);
    const good = await client.post('/identity/loginWith2Fa', {
      twoFactorCode: code,
      rememberMachine: false,
      isPersistent: true,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().success).toBe(true);
    const token = await client.fetchSessionToken();
    expect(token).toMatchObject({ username: 'tess', is2faEnabled: true, isMachineRemembered: false });

    const replay = server.client('acme');
    await replay.authenticate('tess', 'two-factor');
    const again = await replay.post('/identity/loginWith2Fa', {
      twoFactorCode: code,
      rememberMachine: false,
      isPersistent: true,
    });
    expect(again.statusCode).toBe(401);
  });

  it('a remembered machine skips the second step until the security stamp changes', async () => {
    const client = server.client('acme');
    await client.authenticate('tess', 'two-factor');
    await server.owner.query(`UPDATE users SET last_totp_step = NULL WHERE username = 'tess'`);
    const ok = await client.post('/identity/loginWith2Fa', {
      twoFactorCode: generateTotp(secret),
      rememberMachine: true,
      isPersistent: true,
    });
    expect(ok.statusCode).toBe(200);
    const rememberCookie = ok.cookies.find((c: { name: string }) => c.name === 'fl_rm') as
      { maxAge: number } | undefined;
    expect(rememberCookie?.maxAge).toBe(25 * 24 * 3600);

    // Sign out, sign in again on the same machine: no second step.
    await client.fetchSessionToken();
    await client.post('/identity/logout');
    const again = await client.authenticate('tess', 'two-factor');
    expect(again.json().data.requiresTwoFactor).toBe(false);
    expect((await client.fetchSessionToken()).isMachineRemembered).toBe(true);

    // Another browser without the cookie still must give a code.
    expect(
      (await server.client('acme').authenticate('tess', 'two-factor')).json().data.requiresTwoFactor,
    ).toBe(true);

    // A credential change (new stamp) forgets the machine.
    await server.owner.query(`UPDATE users SET security_stamp = 'changed' WHERE username = 'tess'`);
    expect((await client.authenticate('tess', 'two-factor')).json().data.requiresTwoFactor).toBe(true);
  });

  it('the second step expires with its cookie: no pending sign-in, no code check', async () => {
    const client = server.client('acme');
    const res = await client.post('/identity/loginWith2Fa', {
      twoFactorCode: generateTotp(secret),
      rememberMachine: false,
      isPersistent: true,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.twoFactorSessionExpired);
    expect((await client.get('/identity/getInfo2fa')).statusCode).toBe(401);
  });
});
