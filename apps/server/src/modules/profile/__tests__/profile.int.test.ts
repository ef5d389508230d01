import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROFILE_MESSAGES } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
let pennyId: string;

beforeAll(async () => {
  server = await createTestServer();
  pennyId = await server.createUser('acme', { username: 'penny', password: 'penny-pass', kind: 'FULL_USER' });
  await server.createUser('acme', { username: 'olive', password: 'olive-pass' });
  await server.createUser('globex', { username: 'penny', password: 'globex-pass' });
});
afterAll(() => server?.close());

const auditRows = async (action: string, userId: string) =>
  (
    await server.owner.query(
      `SELECT before, after, request_id FROM audit_log WHERE action = $1 AND user_id = $2 ORDER BY id`,
      [action, userId],
    )
  ).rows;

describe('userinfo', () => {
  it('answers 401 to every profile call without a signed-in user', async () => {
    const anonymous = server.client('acme');
    const calls = [
      anonymous.get(API_PATHS.userInfo),
      anonymous.post(API_PATHS.userInfo, { fullname: 'X' }),
      anonymous.post(API_PATHS.setUserTimeZone, { timeZone: 'UTC' }),
      anonymous.get(`${API_PATHS.timeZones}?iana=true`),
      anonymous.post(API_PATHS.changePassword, { currentPassword: 'a', newPassword: 'abcd' }),
      anonymous.get(API_PATHS.securityPolicy),
      anonymous.get(API_PATHS.securityQuestions),
      anonymous.post(API_PATHS.saveSecurityQuestions, { answers: [] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });

  it('returns the caller’s profile with flags, and never a secret', async () => {
    const client = server.client('acme');
    await client.signIn('penny', 'penny-pass');
    const res = await client.get(API_PATHS.userInfo);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      uid: pennyId,
      username: 'penny',
      email: 'penny@acme.example',
      fullname: 'penny Tester',
      time_zone: 'UTC',
      date_format: 'YYYY-MM-DD',
      language: null,
      preference: { launch_page: { type: 'home' } },
      is2faEnabled: false,
      isFullUser: true,
      isAdministrator: false,
      user_kind: 'FULL_USER',
      config: { time_zone: 'UTC', user_kind: 'FULL_USER' },
    });
    expect(JSON.stringify(data)).not.toMatch(/password|stamp|totp/i);
  });

  it('updates name, e-mail, date format and launch page, audited with before and after', async () => {
    const client = server.client('acme');
    await client.signIn('penny', 'penny-pass');
    const res = await client.post(API_PATHS.userInfo, {
      fullname: 'Penny Lane',
      email: 'penny.lane@acme.example',
      date_format: 'DD-MM-YYYY',
      preference: { launch_page: { type: 'dashboard&reports' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MESSAGES.profileSaved);
    expect(res.json().data).toMatchObject({
      fullname: 'Penny Lane',
      email: 'penny.lane@acme.example',
      date_format: 'DD-MM-YYYY',
      preference: { launch_page: { type: 'dashboard&reports' } },
    });
    expect((await client.get(API_PATHS.userInfo)).json().data.fullname).toBe('Penny Lane');
    // The next session token carries the new user info too.
    const fresh = await server.client('acme').signIn('penny', 'penny-pass');
    expect(fresh.config.userInfo.preference.launch_page.type).toBe('dashboard&reports');

    const [row] = await auditRows('profile-updated', pennyId);
    expect(row.before).toMatchObject({ fullname: 'penny Tester', email: 'penny@acme.example' });
    expect(row.after).toMatchObject({
      fullname: 'Penny Lane',
      date_format: 'DD-MM-YYYY',
      preference: { launch_page: { type: 'dashboard&reports' } },
    });
    expect(row.request_id).toBeTruthy();

    // A partial update keeps the rest; no change writes no audit row.
    await client.post(API_PATHS.userInfo, { fullname: 'Penny Lane' });
    expect(await auditRows('profile-updated', pennyId)).toHaveLength(1);
  });

  it('stores the language on the user: the profile and the next session token show it, audited', async () => {
    const client = server.client('acme');
    await client.signIn('penny', 'penny-pass');
    const res = await client.post(API_PATHS.userInfo, { language: 'ja' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.language).toBe('ja');
    expect((await client.get(API_PATHS.userInfo)).json().data.language).toBe('ja');
    const fresh = await server.client('acme').signIn('penny', 'penny-pass');
    expect(fresh.config.userInfo.config.language).toBe('ja');
    const rows = await auditRows('profile-updated', pennyId);
    expect(rows.at(-1)).toMatchObject({ before: { language: null }, after: { language: 'ja' } });
    // Another user's language is theirs alone.
    const other = await server.client('acme').signIn('olive', 'olive-pass');
    expect(other.config.userInfo.config.language).toBeNull();
  });

  it('rejects bad input with 400 and the spec’s messages', async () => {
    const client = server.client('acme');
    await client.signIn('olive', 'olive-pass');
    const cases: Array<[unknown, string, string]> = [
      [{ fullname: '' }, 'fullname', MESSAGES.required],
      [{ fullname: ' Olive' }, 'fullname', MESSAGES.leadingSpace],
      [{ fullname: 'O'.repeat(65) }, 'fullname', MESSAGES.userNameTooLong],
      [{ email: 'not-an-email' }, 'email', PROFILE_MESSAGES.invalidEmail],
      [{ email: '' }, 'email', MESSAGES.required],
      [{ date_format: 'YYYY/MM/DD' }, 'date_format', PROFILE_MESSAGES.invalidDateFormat],
      [{ language: 'pt' }, 'language', PROFILE_MESSAGES.invalidLanguage],
      [{ language: 'de-DE' }, 'language', PROFILE_MESSAGES.invalidLanguage],
      [
        { preference: { launch_page: { type: 'reports' } } },
        'preference.launch_page.type',
        PROFILE_MESSAGES.invalidLaunchPage,
      ],
      [{}, 'body', PROFILE_MESSAGES.nothingToUpdate],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post(API_PATHS.userInfo, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.errors).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('stores the launch page for an ordinary user too (it only applies to full users)', async () => {
    const client = server.client('acme');
    await client.signIn('olive', 'olive-pass');
    const res = await client.post(API_PATHS.userInfo, { preference: { launch_page: { type: 'apps' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preference.launch_page.type).toBe('apps');
    expect(res.json().data.isFullUser).toBe(false);
  });

  it('keeps tenants apart: the same username elsewhere is another person, and tokens do not travel', async () => {
    const acme = server.client('acme');
    const { token } = await acme.signIn('penny', 'penny-pass');
    const globex = server.client('globex');
    await globex.signIn('penny', 'globex-pass');
    const theirs = (await globex.get(API_PATHS.userInfo)).json().data;
    expect(theirs.uid).not.toBe(pennyId);
    expect(theirs.email).toBe('penny@globex.example');
    const crossing = server.client('globex');
    expect((await crossing.get(API_PATHS.userInfo, { authorization: `Bearer ${token}` })).statusCode).toBe(
      401,
    );
  });
});

describe('time zones', () => {
  it('lists IANA zones with their current offsets', async () => {
    const client = server.client('acme');
    await client.signIn('olive', 'olive-pass');
    const res = await client.get(`${API_PATHS.timeZones}?iana=true`);
    expect(res.statusCode).toBe(200);
    const zones: Array<{ id: string; label: string; offsetMinutes: number }> = res.json().data;
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((zone) => zone.id === 'UTC')?.label).toBe('(UTC+00:00) UTC');
    // ICU versions disagree on India's canonical id; one of the two is listed, at +05:30.
    const india = zones.find((zone) => zone.id === 'Asia/Kolkata' || zone.id === 'Asia/Calcutta');
    expect(india?.label).toBe(`(UTC+05:30) ${india?.id}`);
    const offsets = zones.map((zone) => zone.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('sets a valid zone, maps GMT Standard Time to UTC, and rejects unknown ones', async () => {
    const client = server.client('acme');
    await client.signIn('penny', 'penny-pass');
    const set = await client.post(API_PATHS.setUserTimeZone, { timeZone: 'Europe/Berlin' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ time_zone: 'Europe/Berlin' });
    expect((await client.get(API_PATHS.userInfo)).json().data.time_zone).toBe('Europe/Berlin');

    const gmt = await client.post(API_PATHS.setUserTimeZone, { timeZone: 'GMT Standard Time' });
    expect(gmt.json().data).toEqual({ time_zone: 'UTC' });

    // Aliases and odd casing are stored as the listed id.
    const alias = await client.post(API_PATHS.setUserTimeZone, { timeZone: 'europe/berlin' });
    expect(alias.json().data).toEqual({ time_zone: 'Europe/Berlin' });

    for (const timeZone of ['Mars/Olympus', 'Europe/Berlin; DROP', '+05:30']) {
      const bad = await client.post(API_PATHS.setUserTimeZone, { timeZone });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.errors).toMatchObject([
        { field: 'timeZone', message: PROFILE_MESSAGES.invalidTimeZone },
      ]);
    }
    const empty = await client.post(API_PATHS.setUserTimeZone, { timeZone: '' });
    expect(empty.json().data.errors).toMatchObject([{ field: 'timeZone', message: MESSAGES.required }]);

    const rows = await auditRows('time-zone-changed', pennyId);
    expect(rows.map((row) => row.after)).toEqual([
      { time_zone: 'Europe/Berlin' },
      { time_zone: 'UTC' },
      { time_zone: 'Europe/Berlin' },
    ]);
  });
});

describe('changepassword', () => {
  it('validates with the spec’s messages and needs the right current password', async () => {
    const client = server.client('acme');
    await client.signIn('olive', 'olive-pass');
    const cases: Array<[unknown, string, string]> = [
      [{ currentPassword: '', newPassword: 'abcd' }, 'currentPassword', MESSAGES.required],
      [{ currentPassword: 'olive-pass', newPassword: '' }, 'newPassword', MESSAGES.required],
      [{ currentPassword: 'olive-pass', newPassword: 'ab' }, 'newPassword', MESSAGES.minimum3],
      [{ currentPassword: 'olive-pass', newPassword: 'a'.repeat(51) }, 'newPassword', MESSAGES.maximum50],
      [
        { currentPassword: 'wrong-pass', newPassword: 'abcd' },
        'currentPassword',
        PROFILE_MESSAGES.wrongCurrentPassword,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post(API_PATHS.changePassword, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.errors).toContainEqual(expect.objectContaining({ field, message }));
    }
    // Nothing changed: the old password still signs in.
    await server.client('acme').signIn('olive', 'olive-pass');
  });

  it('keeps this session, ends the others, and audits it', async () => {
    const userId = await server.createUser('acme', { username: 'carla', password: 'carla-old' });
    const mine = server.client('acme');
    const other = server.client('acme');
    await mine.signIn('carla', 'carla-old');
    await other.signIn('carla', 'carla-old');
    // Warm the guard's session cache for the other session: the change must still end it at once.
    expect((await other.get(API_PATHS.isAuthenticated)).statusCode).toBe(200);

    const res = await mine.post(API_PATHS.changePassword, {
      currentPassword: 'carla-old',
      newPassword: 'carla-new',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MESSAGES.passwordUpdated);
    expect((await mine.get(API_PATHS.userInfo)).statusCode).toBe(200);
    expect((await other.get(API_PATHS.isAuthenticated)).statusCode).toBe(401);

    expect((await server.client('acme').authenticate('carla', 'carla-old')).statusCode).toBe(401);
    await server.client('acme').signIn('carla', 'carla-new');
    const rows = await auditRows('password-changed', userId);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain('carla-new');
  });
});
