import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  nulCases,
  NUL_TEXT,
  type NulCase,
  type OpenApiDocument,
} from '../../../../test/openapi-nul-cases.ts';

// Issue 22: U+0000 reached PostgreSQL and answered 500. Every operation of the OpenAPI document gets a
// NUL in each of its path parameters, query parameters and body strings, one at a time, signed in as a
// system administrator (so no guard answers first), and must answer 400 naming that field.

let server: TestServer;
let admin: TestClient;
let cases: NulCase[];

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', {
    username: 'root-admin',
    password: 'root-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  admin = server.client('acme');
  await admin.signIn('root-admin', 'root-pass');
  cases = nulCases(server.app.swagger() as unknown as OpenApiDocument);
});
afterAll(() => server?.close());

const jsonOf = (text: string): { success?: boolean; message?: string; data?: { errors?: unknown } } => {
  try {
    return JSON.parse(text) as object;
  } catch {
    return {};
  }
};

/** The field error every case carries: the spec's text, its key and (no) params (ADR 0012). */
const KEYED = { message: MESSAGES.valueSpecialChars, key: 'validation.valueSpecialChars', params: {} };

describe('a NUL character in any string of any operation is a 400, never a 500', () => {
  it('the document yields a case for every operation, and the cases reach every kind of string', () => {
    const doc = server.app.swagger() as unknown as OpenApiDocument;
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item)).length;
    expect(operations).toBeGreaterThan(150);
    expect(new Set(cases.map((c) => c.operation)).size).toBe(operations);
    // Path parameters, query strings, top-level and nested body strings all appear.
    expect(cases.some((c) => c.url.includes('%00') && !c.url.includes('?'))).toBe(true);
    expect(cases.some((c) => c.url.includes('?'))).toBe(true);
    expect(cases.some((c) => c.body === NUL_TEXT)).toBe(true);
    expect(cases.some((c) => c.field.includes('.'))).toBe(true);
  });

  it('every case answers 400 with the field and the spec message', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await admin.request(c.method, c.url, c.body === undefined ? {} : { body: c.body });
      const body = jsonOf(res.body);
      const expected = [{ field: c.field, ...KEYED }];
      const good =
        res.statusCode === 400 &&
        body.success === false &&
        body.message === `${c.field}: ${MESSAGES.valueSpecialChars}` &&
        JSON.stringify(body.data?.errors) === JSON.stringify(expected);
      if (!good) failures.push(`${c.operation} [${c.field}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
  });

  it('also refuses it without sign-in on the public forgot-password call (the 500 of the report)', async () => {
    const res = await server.client('acme').get('/api/email/forgotpassword?username=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `username: ${MESSAGES.valueSpecialChars}`,
      data: {
        code: 'VALIDATION_FAILED',
        key: KEYED.key,
        params: {},
        errors: [{ field: 'username', ...KEYED }],
      },
    });
  });

  it('and in object keys and the login’s bare JSON-string body', async () => {
    const key = await admin.request('POST', '/api/sys/teams/save', { rawBody: '{"na\\u0000me":"x"}' });
    expect(key.statusCode).toBe(400);
    expect(key.json().data.errors).toEqual([{ field: 'na\u0000me', ...KEYED }]);
    const login = await server.client('acme').request('POST', '/identity/authenticateiso', {
      rawBody: JSON.stringify('cipher\u0000text'),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().data.errors).toEqual([{ field: 'body', ...KEYED }]);
  });

  it('and in the fields of a multipart upload, which the routes read themselves', async () => {
    const boundary = 'nul-boundary';
    const rawBody = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="moduleId"',
      '',
      NUL_TEXT,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      '',
      'hello',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await admin.request('POST', '/api/form/FileStorage/Upload', {
      rawBody,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([{ field: 'moduleId', ...KEYED }]);
  });
});
