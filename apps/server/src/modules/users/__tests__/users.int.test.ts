import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { startSmtpCapture } from '../../../../test/smtp-capture.ts';
import { P, auditRows, call, everyRoute, expectNoSecrets, linkIn, setSeats } from './users-fixtures.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let sysAdmin: TestClient;
let admin: TestClient;
let consultant: TestClient;
let user: TestClient;
let fullUser: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url });
  ids.sam = await server.createUser('acme', {
    username: 'sam',
    password: 'sam-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  ids.ada = await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  ids.cora = await server.createUser('acme', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' });
  ids.uma = await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  ids.fred = await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  ids.gus = await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'USER' });
  const signedIn = async (name: string) => {
    const client = server.client('acme');
    await client.signIn(name, `${name}-pass`);
    return client;
  };
  sysAdmin = await signedIn('sam');
  admin = await signedIn('ada');
  consultant = await signedIn('cora');
  user = await signedIn('uma');
  fullUser = await signedIn('fred');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('who may manage users', () => {
  it('refuses ordinary and full users on every route (403), and strangers (401)', async () => {
    for (const client of [user, fullUser]) {
      for (const [method, url, body] of everyRoute(ids.cora!)) {
        const res = await call(client, method, url, body);
        expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 403 });
      }
    }
    const stranger = server.client('acme');
    for (const [method, url, body] of everyRoute(ids.cora!)) {
      expect((await call(stranger, method, url, body)).statusCode).toBe(401);
    }
    // The role check runs before validation: a bad body still answers 403, not 400.
    expect((await user.post(P.create, { username: '' })).statusCode).toBe(403);
  });

  it('serves system administrators, administrators and consultants', async () => {
    for (const client of [sysAdmin, admin, consultant]) {
      expect((await client.get(P.licences)).statusCode).toBe(200);
      expect((await client.post(P.datatables, {})).statusCode).toBe(200);
      const detail = await client.get(P.detail(ids.uma!));
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({ username: 'uma', user_kind: 'USER', is_active: true });
    }
  });

  it('answers 404 for another tenant’s user, an unknown id and a malformed one, on every route', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const target of [ids.gus!, unknown, 'not-a-uuid']) {
      for (const [method, url, body] of everyRoute(target)) {
        if (!url.includes(target)) continue;
        const res = await call(admin, method, url, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        expect(res.json().message).toBe('This user does not exist.');
      }
    }
    // And nothing of globex's user changed.
    const { rows } = await server.owner.query(`SELECT is_active, user_kind, email FROM users WHERE id = $1`, [
      ids.gus,
    ]);
    expect(rows[0]).toEqual({ is_active: true, user_kind: 'USER', email: 'gus@globex.example' });
  });
});

describe('licences', () => {
  it('counts active users per kind against the tenant’s seats; a missing kind is unlimited', async () => {
    await setSeats(server, 'acme', { FULL_USER: 3, CONSULTANT: 1 });
    const res = await admin.get(P.licences);
    expect(res.json().data).toEqual([
      { kind: 'USER', limit: null, used: 1, available: null },
      { kind: 'FULL_USER', limit: 3, used: 1, available: 2 },
      { kind: 'CONSULTANT', limit: 1, used: 1, available: 0 },
      { kind: 'ADMINISTRATOR', limit: null, used: 1, available: null },
      { kind: 'SYSTEM_ADMINISTRATOR', limit: null, used: 1, available: null },
    ]);
    await setSeats(server, 'acme', {});
  });
});

describe('the user list', () => {
  const body = (res: { json: () => any }) => res.json().data;
  const names = (res: { json: () => any }) => body(res).records.map((r: { username: string }) => r.username);

  it('pages, sorts, searches ignoring case and filters by licence and status', async () => {
    const first = await admin.post(P.datatables, { length: 10 });
    expect(body(first)).toMatchObject({ recordsTotal: 5, recordsFiltered: 5 });
    expect(names(first)).toEqual(['ada', 'cora', 'fred', 'sam', 'uma']);
    expect(body(first).records[0]).toEqual({
      id: ids.ada,
      username: 'ada',
      email: 'ada@acme.example',
      fullname: 'ada Tester',
      user_kind: 'ADMINISTRATOR',
      is_active: true,
      two_factor_enabled: false,
      created_at: expect.any(String),
    });

    const sorted = await admin.post(P.datatables, { orders: [{ column: 'user_kind', dir: 'desc' }] });
    expect(body(sorted).records[0].user_kind).toBe('USER');

    const paged = await admin.post(P.datatables, { page: 2, length: 10 });
    expect(names(paged)).toEqual([]);

    const searched = await admin.post(P.datatables, { search: 'CORA' });
    expect(names(searched)).toEqual(['cora']);
    expect(body(searched)).toMatchObject({ recordsTotal: 5, recordsFiltered: 1 });
    // By e-mail too; LIKE wildcards are taken literally.
    expect(names(await admin.post(P.datatables, { search: 'fred@acme' }))).toEqual(['fred']);
    expect(names(await admin.post(P.datatables, { search: 'a_a' }))).toEqual([]);

    const licensed = await admin.post(P.datatables, { license: 'FULL_USER' });
    expect(names(licensed)).toEqual(['fred']);

    await server.owner.query(`UPDATE users SET is_active = false WHERE id = $1`, [ids.fred]);
    expect(names(await admin.post(P.datatables, { status: 'inactive' }))).toEqual(['fred']);
    expect(names(await admin.post(P.datatables, { status: 'active' }))).not.toContain('fred');
    await server.owner.query(`UPDATE users SET is_active = true WHERE id = $1`, [ids.fred]);
  });

  it('refuses bad requests with 400 and the reason', async () => {
    const cases: Array<[unknown, string]> = [
      [{ length: 15 }, 'Page size must be 10, 20, 50 or 100.'],
      [{ search: 'a<b' }, MESSAGES.searchSpecialChars],
      [{ orders: [{ column: 'password_hash', dir: 'asc' }] }, 'Unknown sort column.'],
      [{ license: 'KING' }, 'Choose one of the licences.'],
      [{ status: 'gone' }, 'Choose active, inactive or all.'],
    ];
    for (const [request, message] of cases) {
      const res = await admin.post(P.datatables, request);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors.map((e: { message: string }) => e.message)).toEqual([message]);
    }
  });
});

describe('creating users', () => {
  it('checks the name rules with the spec’s messages', async () => {
    const valid = {
      username: 'newbie',
      email: 'newbie@acme.example',
      fullname: 'New Bie',
      user_kind: 'USER',
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ username: 'a'.repeat(65) }, 'username', 'Cannot exceed 64 characters'],
      [{ username: 'bad--name' }, 'username', 'Cannot contain special characters'],
      [{ username: ' lead' }, 'username', 'Cannot start with a space'],
      [{ username: '9lives' }, 'username', 'Cannot start with a number'],
      [{ username: '  ' }, 'username', 'This field is required'],
      [{ email: 'not-an-address' }, 'email', 'Please enter a valid e-mail address.'],
      [{ fullname: 'x'.repeat(65) }, 'fullname', 'Cannot exceed 64 characters'],
      [{ password: 'ab' }, 'password', 'Minimum 3 characters'],
      [{ password: 'p'.repeat(51) }, 'password', 'Maximum 50 characters'],
      [{ user_kind: 'KING' }, 'user_kind', 'Choose one of the licences.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin.post(P.create, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field, message }]);
    }
    expect((await admin.post(P.create, { ...valid, username: 'a'.repeat(64) })).statusCode).toBe(200);
  });

  it('creates a user with a password who can sign in at once; names are unique ignoring case', async () => {
    const res = await consultant.post(P.create, {
      username: 'Petra ',
      email: ' petra@acme.example ',
      fullname: 'Petra Pass',
      user_kind: 'FULL_USER',
      password: 'petra-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The user has been created.',
      data: { username: 'Petra', email: 'petra@acme.example', user_kind: 'FULL_USER', invited: false },
    });
    const client = server.client('acme');
    await expect(client.signIn('petra', 'petra-pass')).resolves.toMatchObject({ isFullUser: true });

    const again = await admin.post(P.create, {
      username: 'PETRA',
      email: 'p2@acme.example',
      fullname: 'Petra Two',
      user_kind: 'USER',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A user with this user name already exists.');

    const rows = await auditRows(server, res.json().data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      user_id: ids.cora,
      before: null,
      after: { username: 'Petra', user_kind: 'FULL_USER', is_active: true, invited: false },
    });
    expectNoSecrets(rows, ['petra-pass']);
  });

  it('invites a user without a password: the mailed link sets one that signs in', async () => {
    const res = await admin.post(P.create, {
      username: 'ivy',
      email: 'ivy@acme.example',
      fullname: 'Ivy Invited',
      user_kind: 'USER',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The user has been invited: an e-mail with a link to set a password is on its way.',
      data: { invited: true },
    });
    const mail = await smtp.waitFor('ivy@acme.example');
    expect(mail.subject).toBe('You have been invited to Formloop');
    expect(mail.text).toContain('Your user name is: ivy');
    expect(mail.text).toContain('ada Tester');
    const { url, token } = linkIn(mail.text ?? '');
    expect(url.startsWith('http://acme.formloop.test/reset-password?token=')).toBe(true);
    // The page it opens asks the newcomer to choose a password, not to reset one.
    expect(url.endsWith('&invite=1')).toBe(true);

    const fresh = server.client('acme');
    const set = await fresh.post('/api/email/resetpassword', { token, password: 'ivy-chosen' });
    expect(set.statusCode).toBe(200);
    await expect(fresh.signIn('ivy', 'ivy-chosen')).resolves.toMatchObject({ username: 'ivy' });

    const rows = await auditRows(server, res.json().data.id);
    expect(rows[0]).toMatchObject({ action: 'create', after: { invited: true } });
    expectNoSecrets(rows, [token]);
  });

  it("writes the invitation in the inviting administrator's language while the new user has none", async () => {
    expect((await admin.post(API_PATHS.userInfo, { language: 'fr' })).statusCode).toBe(200);
    try {
      const res = await admin.post(P.create, {
        username: 'yves',
        email: 'yves@acme.example',
        fullname: 'Yves Invité',
        user_kind: 'USER',
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await smtp.waitFor('yves@acme.example');
      expect(mail.subject).toBe('Vous êtes invité(e) sur Formloop');
      expect(mail.text).toContain('Votre nom d’utilisateur est : yves');
      expect(mail.text).toContain('expire dans 7 jours');
    } finally {
      await admin.post(API_PATHS.userInfo, { language: 'en' });
    }
  });

  it('holds to the seats of the licence', async () => {
    await setSeats(server, 'acme', { FULL_USER: 2 });
    // fred and Petra already hold the two FULL_USER seats.
    const res = await admin.post(P.create, {
      username: 'extra',
      email: 'extra@acme.example',
      fullname: 'Extra Seat',
      user_kind: 'FULL_USER',
      password: 'extra-pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No Full User licence is left: all 2 are in use.');
    const { rows } = await server.owner.query(`SELECT 1 FROM users WHERE username = 'extra'`);
    expect(rows).toHaveLength(0);
    await setSeats(server, 'acme', {});
  });

  it('lets only a system administrator grant the System Administrator licence', async () => {
    const body = {
      username: 'root2',
      email: 'root2@acme.example',
      fullname: 'Root Two',
      user_kind: 'SYSTEM_ADMINISTRATOR',
      password: 'root-pass',
    };
    const refused = await admin.post(P.create, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only a system administrator can grant or take away the System Administrator licence.',
    );
    expect((await sysAdmin.post(P.create, body)).statusCode).toBe(200);
  });
});

describe('editing users', () => {
  it('changes e-mail and full name with an audit row; only system administrators edit system administrators', async () => {
    const res = await admin.post(P.update(ids.uma!), { email: 'uma@new.example', fullname: 'Uma Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The user has been saved.',
      data: { email: 'uma@new.example', fullname: 'Uma Renamed' },
    });
    const rows = await auditRows(server, ids.uma);
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      before: { email: 'uma@acme.example', fullname: 'uma Tester' },
      after: { email: 'uma@new.example', fullname: 'Uma Renamed' },
    });
    // The same values again write nothing.
    await admin.post(P.update(ids.uma!), { email: 'uma@new.example', fullname: 'Uma Renamed' });
    expect(await auditRows(server, ids.uma)).toHaveLength(rows.length);

    const bad = await admin.post(P.update(ids.uma!), { email: '', fullname: 'x--y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toMatchObject([
      { field: 'email', message: 'This field is required' },
      { field: 'fullname', message: 'Cannot contain special characters' },
    ]);

    const onRoot = await admin.post(P.update(ids.sam!), { email: 'sam@x.example', fullname: 'Sam' });
    expect(onRoot.statusCode).toBe(403);
    expect(
      (await sysAdmin.post(P.update(ids.sam!), { email: 'sam@x.example', fullname: 'Sam' })).statusCode,
    ).toBe(200);
  });
});

describe('the API description', () => {
  it('documents every user-management route in OpenAPI', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { description?: string }>>;
    for (const path of [
      '/api/sys/users/licences',
      '/api/sys/users/datatables',
      '/api/sys/users/create',
      '/api/sys/users/{id}',
      '/api/sys/users/{id}/update',
      '/api/sys/users/{id}/deactivate',
      '/api/sys/users/{id}/activate',
      '/api/sys/users/{id}/reset-password',
      '/api/sys/users/{id}/reset-2fa',
      '/api/sys/users/{id}/licence',
      '/api/sys/users/{id}/roles',
    ]) {
      const operations = Object.values(paths[path] ?? {});
      expect({ path, documented: operations.some((op) => (op.description ?? '').includes('403')) }).toEqual({
        path,
        documented: true,
      });
    }
  });
});
