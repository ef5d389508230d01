import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplate, renderMessage, type MessageRef } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

// ADR 0012: every error answer names its message by key and params in `data`, and its English
// `message` is the key's template filled with those params.

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  admin = server.client('acme');
  await admin.signIn('ada', 'ada-pass');
});
afterAll(() => server?.close());

type Answer = { statusCode: number; json: () => any };

/** The envelope carries a known key whose rendered English is the message. */
const expectKeyed = (res: Answer, status: number, key: string, params: Record<string, unknown> = {}) => {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, data: { key, params } });
  expect(messageTemplate(body.data.key)).toBeDefined();
  expect(body.message).toBe(renderMessage({ key: body.data.key, params: body.data.params } as MessageRef));
  return body;
};

describe('error keys', () => {
  it('a 400 names the rule of each field by key', async () => {
    const res = await admin.post('/api/sys/teams/save', { team_name: '9 lives' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    // A schema 400 names every field in its message; its key is the first field's.
    expect(body).toMatchObject({
      success: false,
      message: 'team_name: Cannot start with a number',
      data: { code: 'VALIDATION_FAILED', key: 'validation.leadingDigit', params: {} },
    });
    expect(body.data.errors).toMatchObject([
      {
        field: 'team_name',
        message: 'Cannot start with a number',
        key: 'validation.leadingDigit',
        params: {},
      },
    ]);
  });

  it("a 400 from zod's own rule carries its parameters", async () => {
    const res = await admin.post('/api/sys/teams/save', { team_name: 42 });
    expect(res.statusCode).toBe(400);
    const [error] = res.json().data.errors;
    expect(error).toMatchObject({ field: 'team_name', key: 'validation.required' });
    const wrongType = await admin.post('/api/sys/teams/datatables', { page: 1, orders: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().data.errors[0]).toMatchObject({
      field: 'orders',
      key: 'server.invalidType',
      params: { expected: 'array' },
    });
  });

  it('a 404 and a 409 carry the area’s key', async () => {
    expectKeyed(
      await admin.get('/api/sys/teams/00000000-0000-4000-8000-000000000000'),
      404,
      'teams.notFound',
    );
    expect((await admin.post('/api/sys/teams/save', { team_name: 'Keyed' })).statusCode).toBe(200);
    expectKeyed(await admin.post('/api/sys/teams/save', { team_name: 'keyed' }), 409, 'teams.duplicateName');
  });

  it('401, malformed JSON and unknown paths are keyed too', async () => {
    expectKeyed(await server.client('acme').get('/api/sys/teams/lookup'), 401, 'server.unauthenticated');
    expectKeyed(
      await admin.request('POST', '/api/sys/teams/save', { rawBody: '{"team_name":' }),
      400,
      'validation.invalidJson',
    );
    expectKeyed(await admin.get('/api/no/such/thing'), 404, 'server.notFound');
  });

  it('429 is keyed', async () => {
    const limited = await createTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      await limited.createTenant('acme');
      const client = limited.client('acme');
      await client.authenticate('whoever', 'whatever');
      expectKeyed(await client.authenticate('whoever', 'whatever'), 429, 'validation.tooManyAttempts');
    } finally {
      await limited.close();
    }
  });
});
