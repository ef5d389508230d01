import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LOOKUP_MESSAGES, RECORD_LOOKUP_PATHS as L } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

// With REMOTE_URL_ALLOW_PRIVATE off (the default), RemoteUrl never reaches the server's own
// network: loopback, private, link-local (cloud metadata) and IPv6 internal addresses, by IP or by a
// name resolving to them, and redirects to them.

let remote: Server;
let port: number;
let hits = 0;
let server: TestServer;
let fred: TestClient;

beforeAll(async () => {
  remote = createServer((_request, response) => {
    hits += 1;
    response.end('{}');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  server = await createTestServer();
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  fred = server.client('acme');
  await fred.signIn('fred', 'fred-pass');
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => remote?.close(resolve));
});

describe('RemoteUrl address checks', () => {
  it('refuses internal addresses before connecting', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://172.20.0.5/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/`,
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
    ]) {
      const res = await fred.post(L.remoteUrl, { url, requestType: 'GET' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(RECORD_LOOKUP_MESSAGES.urlNotAllowed);
    }
    expect(hits).toBe(0);
  });
});
