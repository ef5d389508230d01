import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
let signedIn: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'valid', password: 'valid-pass' });
  signedIn = server.client('acme');
  await signedIn.signIn('valid', 'valid-pass');
});
afterAll(() => server?.close());

const long = 'x'.repeat(5000);

/** Every JSON-body endpoint, with bodies that are wrong in each way a client can be wrong. */
const bodyEndpoints: Array<{
  url: string;
  wrongTypes: unknown;
  missing: unknown;
  overLong: unknown;
  authed?: boolean;
}> = [
  { url: '/identity/authenticateiso', wrongTypes: 42, missing: null, overLong: long },
  {
    url: '/identity/loginWith2Fa',
    wrongTypes: { twoFactorCode: 123456, rememberMachine: 'yes' },
    missing: {},
    overLong: { twoFactorCode: long },
  },
  {
    url: '/identity/loginWithRecoveryCode',
    wrongTypes: { recoveryCode: ['a'] },
    missing: {},
    overLong: { recoveryCode: long },
  },
  { url: '/identity/refreshToken', wrongTypes: { jwt: 7 }, missing: {}, overLong: { jwt: long } },
  { url: '/identity/tokenValidation', wrongTypes: { token: false }, missing: {}, overLong: { token: long } },
  {
    url: '/api/email/resetpassword',
    wrongTypes: { token: 1, password: 2 },
    missing: {},
    overLong: { token: 'abc', password: 'p'.repeat(51) },
  },
  {
    url: '/identity/manageauthenticator/enableAuthenticator',
    wrongTypes: { code: {} },
    missing: {},
    overLong: { code: long },
    authed: true,
  },
];

const expect400 = (res: { statusCode: number; json: () => any }, fieldMessage?: RegExp | string) => {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  if (fieldMessage) {
    const messages = (body.data.errors ?? []).map((e: { message: string }) => e.message).join('|');
    expect(messages).toMatch(fieldMessage);
  }
};

describe('bad input is a 400 with messages, never a 500', () => {
  for (const endpoint of bodyEndpoints) {
    describe(endpoint.url, () => {
      const client = () => (endpoint.authed ? signedIn : server.client('acme'));
      it('malformed JSON', async () => {
        const res = await client().request('POST', endpoint.url, { rawBody: '{"unterminated": ' });
        expect400(res);
        expect(res.json().message).toBe('The request body is not valid JSON.');
      });
      it('wrong types', async () =>
        expect400(await client().request('POST', endpoint.url, { body: endpoint.wrongTypes })));
      it('missing fields', async () =>
        expect400(await client().request('POST', endpoint.url, { body: endpoint.missing })));
      it('over-long strings', async () =>
        expect400(await client().request('POST', endpoint.url, { body: endpoint.overLong })));
    });
  }

  it('names each failing field with the spec message', async () => {
    const res = await server.client('acme').post('/api/email/resetpassword', { token: '', password: 'ab' });
    expect400(res);
    expect(res.json().data.errors).toMatchObject([
      { field: 'token', message: 'This field is required' },
      { field: 'password', message: 'Minimum 3 characters' },
    ]);
    const missing = await server.client('acme').post('/identity/loginWith2Fa', {});
    expect(missing.json().data.errors).toMatchObject([
      { field: 'twoFactorCode', message: 'This field is required' },
    ]);
  });

  it('query strings: forgot-password username rules (spec §5)', async () => {
    const c = server.client('acme');
    expect400(await c.get('/api/email/forgotpassword'), 'Username is required');
    expect400(await c.get('/api/email/forgotpassword?username='), 'Username is required');
    expect400(await c.get('/api/email/forgotpassword?username=ab'), 'Minimum 3 characters');
    expect400(await c.get(`/api/email/forgotpassword?username=${'u'.repeat(51)}`), 'Maximum 50 characters');
    expect400(
      await server.client('login').get('/api/sys/tenant/exists?domain=bad_domain!'),
      'Cannot contain special characters',
    );
  });

  it('a credentials payload that decrypts to the wrong shape is a 400 naming the fields', async () => {
    const res = await server.client('acme').authenticate('', 'ab');
    expect400(res);
    expect(res.json().data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', message: 'This field is required' }),
        expect.objectContaining({ field: 'password', message: 'Minimum 3 characters' }),
      ]),
    );
    expect400(await server.client('acme').authenticate('someone', 'p'.repeat(51)), 'Maximum 50 characters');
    expect400(
      await server.client('acme').request('POST', '/identity/authenticateiso', { rawBody: '"not-a-cipher"' }),
    );
  });

  it('wrong content type and oversize bodies are client errors', async () => {
    const res = await server.client('acme').request('POST', '/identity/refreshToken', {
      rawBody: 'jwt=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
    const huge = await server
      .client('acme')
      .request('POST', '/identity/refreshToken', { rawBody: JSON.stringify({ jwt: 'x'.repeat(2_000_000) }) });
    expect(huge.statusCode).toBe(413);
  });

  it('unknown API paths are a 404 in the envelope', async () => {
    const res = await server.client('acme').get('/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: { code: 'NOT_FOUND' } });
  });

  it('the login endpoint is rate limited per client', async () => {
    const limited = await createTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await limited.createTenant('acme');
      const c = limited.client('acme');
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await c.authenticate('whoever', 'whatever')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await c.authenticate('whoever', 'whatever');
      expect(last.json()).toMatchObject({ success: false, data: { code: 'RATE_LIMITED' } });
    } finally {
      await limited.close();
    }
  });
});
