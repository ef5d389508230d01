import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, hostOf, type TestServer } from '../../../../test/harness.ts';

// Answers Node's HTTP parser and Fastify's router give before any route runs, over a real socket
// (inject skips Node's parser): each is the API's {success:false, message, data:{code}} envelope.

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: hostOf('acme'), ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Writes raw bytes (a request Node's parser refuses) and reads what comes back before the close. */
const raw = (text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

/** The keyed error envelope (ADR 0012) of a spec message. */
const envelope = (key: 'headersTooLarge' | 'addressTooLong' | 'addressUnreadable' | 'requestUnreadable') => ({
  success: false,
  message: MESSAGES[key],
  data: { code: 'VALIDATION_FAILED', key: `validation.${key}`, params: {} },
});

describe('answers given before any route runs keep the error envelope', () => {
  it('431 when the headers exceed what Node reads', async () => {
    const res = await get('/api/sys/tenant/info', { 'x-padding': 'p'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual(envelope('headersTooLarge'));
  });

  it('431 for a request line (URL) longer than the header limit too', async () => {
    const res = await get(`/api/sys/tenant/info?q=${'u'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(envelope('headersTooLarge'));
  });

  it('414 when a path parameter exceeds the router’s maximum length (FST_ERR_MAX_PARAM_LENGTH)', async () => {
    const res = await get(`/api/sys/teams/${'i'.repeat(500)}`);
    expect(res.status).toBe(414);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual(envelope('addressTooLong'));
  });

  it('400 for a path parameter that does not URL-decode (FST_ERR_BAD_URL)', async () => {
    const res = await get('/api/sys/teams/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(envelope('addressUnreadable'));
  });

  it('400 for bytes that are not HTTP', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual(envelope('requestUnreadable'));
  });
});
