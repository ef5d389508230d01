import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';

// Issue 22: after LOCKOUT_THRESHOLD failures a real user got 423 while an unknown name got 401 for
// ever, so a handful of tries told which usernames exist. Unknown names now keep a counter of their
// own (in the database, per tenant) and answer exactly like real ones.

const THRESHOLD = 3;
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ LOCKOUT_THRESHOLD: String(THRESHOLD), LOCKOUT_MINUTES: '15' });
  await server.createTenant('acme');
  await server.createTenant('globex');
  await server.createUser('acme', { username: 'real-rita', password: 'rita-pass' });
  for (let i = 0; i < 5; i++)
    await server.createUser('acme', { username: `timed-${i}`, password: 'timed-pass' });
});
afterAll(() => server?.close());

/** What a caller can see of an answer: status, envelope and whether a cookie was set. */
async function attempt(tenant: string, username: string, password: string) {
  const res = await server.client(tenant).authenticate(username, password);
  return { status: res.statusCode, body: res.json() as unknown, cookies: res.cookies.length };
}

/** Both names tried side by side, `times` times: the two series of answers. */
async function series(real: string, unknown: string, times: number, realPassword = 'wrong-pass') {
  const reals = [];
  const unknowns = [];
  for (let i = 0; i < times; i++) {
    reals.push(await attempt('acme', real, realPassword));
    unknowns.push(await attempt('acme', unknown, 'wrong-pass'));
  }
  return { reals, unknowns };
}

const invalid = {
  status: 401,
  body: {
    success: false,
    message: MESSAGES.invalidLogin,
    data: { code: 'UNAUTHENTICATED', key: 'validation.invalidLogin', params: {} },
  },
  cookies: 0,
};
const locked = {
  status: 423,
  body: {
    success: false,
    message: MESSAGES.accountLocked(15),
    data: { code: 'ACCOUNT_LOCKED', key: 'validation.accountLocked', params: { minutes: 15 } },
  },
  cookies: 0,
};

const expire = async () => {
  await server.owner.query(
    `UPDATE users SET lockout_until = now() - interval '1 second' WHERE username = 'real-rita'`,
  );
  await server.owner.query(`UPDATE unknown_login_attempts SET lockout_until = now() - interval '1 second'`);
};

describe('an unknown username answers exactly like a real one', () => {
  it('through the threshold, past it, and after the lockout window', async () => {
    const { reals, unknowns } = await series('real-rita', 'ghost-gary', THRESHOLD + 2);
    expect(unknowns).toEqual(reals);
    expect(reals).toEqual([invalid, invalid, locked, locked, locked]);

    // During the lockout even the right password of the real user gets the same 423.
    expect(await attempt('acme', 'real-rita', 'rita-pass')).toEqual(
      await attempt('acme', 'ghost-gary', 'rita-pass'),
    );
    expect(await attempt('acme', 'real-rita', 'rita-pass')).toEqual(locked);

    // When the window has passed, both count again from zero and lock again at the threshold.
    await expire();
    const after = await series('real-rita', 'ghost-gary', THRESHOLD + 1);
    expect(after.unknowns).toEqual(after.reals);
    expect(after.reals).toEqual([invalid, invalid, locked, locked]);

    // After that second window the real user signs in; the unknown name still gets the 401 of a wrong password.
    await expire();
    expect((await attempt('acme', 'real-rita', 'rita-pass')).status).toBe(200);
    expect(await attempt('acme', 'ghost-gary', 'rita-pass')).toEqual(invalid);
  });

  it('matches names without regard to case, like usernames, and creates no user', async () => {
    const users = async () => (await server.owner.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const before = await users();
    const names = ['Phantom-Pat', 'phantom-pat', 'PHANTOM-PAT'];
    const answers = [];
    for (const name of names) answers.push(await attempt('acme', name, 'wrong-pass'));
    expect(answers).toEqual([invalid, invalid, locked]);
    expect(await users()).toBe(before);
    const { rows } = await server.owner.query(
      `SELECT username_key, failed_login_count FROM unknown_login_attempts WHERE username_key = 'phantom-pat'`,
    );
    expect(rows).toEqual([{ username_key: 'phantom-pat', failed_login_count: 0 }]);
  });

  it('keeps the counters of each tenant apart', async () => {
    for (let i = 0; i < THRESHOLD; i++) await attempt('acme', 'shared-sam', 'wrong-pass');
    expect(await attempt('acme', 'shared-sam', 'wrong-pass')).toEqual(locked);
    expect(await attempt('globex', 'shared-sam', 'wrong-pass')).toEqual(invalid);
  });

  it('audits the lockout of an unknown name for the administrators', async () => {
    const { rows } = await server.owner.query(
      `SELECT user_id FROM audit_log WHERE entity = 'unknown-username' AND entity_id = 'ghost-gary' AND action = 'lockout'`,
    );
    expect(rows).toEqual([{ user_id: null }, { user_id: null }]);
  });

  it('spends the time of a password check on unknown names too (same timing class)', async () => {
    const timed = async (name: string) => {
      const started = performance.now();
      await server.client('acme').authenticate(name, 'wrong-pass');
      return performance.now() - started;
    };
    const reals: number[] = [];
    const unknowns: number[] = [];
    // Fresh names, one failure each: neither side reaches a lockout (which skips the check on both).
    for (let i = 0; i < 5; i++) {
      reals.push(await timed(`timed-${i}`));
      unknowns.push(await timed(`nobody-${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    // Without the dummy argon2 verify an unknown name answers several times faster than a real one.
    expect(median(unknowns)).toBeGreaterThan(median(reals) / 2);
    expect(median(unknowns)).toBeLessThan(median(reals) * 2);
  });
});
