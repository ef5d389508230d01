import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_LOOKUP_MESSAGES, RECORD_LOOKUP_PATHS as L } from '@formloop/contracts';
import { formatMessage } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  table,
  userId,
} from '../../apps/__tests__/app-fixtures.ts';

// RemoteUrl against a real HTTP server started here (REMOTE_URL_ALLOW_PRIVATE=true, as its
// address is loopback): what is sent, what comes back, redirects, limits and failures.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let remote: Server;
let base: string;
const seen: Seen[] = [];
let server: TestServer;
let fred: TestClient; // builder
let uma: TestClient; // USER with view on the app
let wes: TestClient; // USER without grants
let appId: string;

async function readAll(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function startRemote(): Promise<void> {
  remote = createServer(async (request, response) => {
    const body = await readAll(request);
    const entry = { method: request.method!, url: request.url!, headers: request.headers, body };
    seen.push(entry);
    const url = new URL(request.url!, 'http://x');
    const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      response.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/echo?from=redirect' });
      return response.end();
    }
    switch (url.pathname) {
      case '/see-other':
        response.writeHead(303, { location: '/echo' });
        return response.end();
      case '/cross-origin':
        response.writeHead(307, { location: `${base.replace('127.0.0.1', 'localhost')}/echo` });
        return response.end();
      case '/slow':
        setTimeout(() => response.end('{}'), 3000);
        return;
      case '/big':
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 6; i += 1) response.write(Buffer.alloc(1024 * 1024, 0x20));
        return response.end('{}');
      case '/fail':
        response.writeHead(500, { 'content-type': 'text/plain' });
        return response.end('boom');
      case '/xml':
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end('<rate currency="EUR">1.08</rate>');
      case '/gzip':
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        return response.end(gzipSync(JSON.stringify({ data: { items: [{ name: 'zipped' }] } })));
      case '/not-json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('<html>');
      default:
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ received: { ...entry, body: body ? tryJson(body) : null } }));
    }
  });
  return new Promise((resolve) =>
    remote.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}
const tryJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

beforeAll(async () => {
  await startRemote();
  server = await createTestServer({ REMOTE_URL_ALLOW_PRIVATE: 'true', REMOTE_URL_TIMEOUT_MS: '1000' });
  const sign = async (username: string, kind: 'FULL_USER' | 'USER') => {
    await server.createUser('acme', { username, password: `${username}-pass`, kind });
    const client = server.client('acme');
    await client.signIn(username, `${username}-pass`);
    return client;
  };
  fred = await sign('fred', 'FULL_USER');
  uma = await sign('uma', 'USER');
  wes = await sign('wes', 'USER');
  appId = await createApp(fred, 'Rates');
  const external = {
    url: `${base}/echo/{code}?fixed=yes`,
    requestType: 'POST' as const,
    headers: [{ key: 'X-Api-Key', value: 'secret-{code}' }],
    params: [{ key: 'q', value: '{name}' }],
    body: '{"name":"{name}","amount":{amount}}',
    responseFormat: 'json' as const,
    responsePath: 'received.body',
    dataType: '',
    resultType: '',
    addGovHeaders: false,
  };
  const groups = [
    section('main', [[field('remote-lookup', 'rate', { external }), field('text', 'name')]]),
    table(
      'lines',
      [field('input-external', 'price', { external: { ...external, responsePath: 'received.url' } })],
      1,
    ),
  ];
  expect((await saveForm(fred, appId, groups)).statusCode).toBe(200);
  expect((await fred.post(P.publish, { id: appId })).statusCode).toBe(200);
  await grantApps(server, 'acme', 'uma', [{ appId }]);
});
afterAll(async () => {
  await server?.close();
  remote?.closeAllConnections();
  await new Promise((resolve) => remote?.close(resolve));
});

const raw = (client: TestClient, settings: Record<string, unknown>) =>
  client.post(L.remoteUrl, { requestType: 'GET', ...settings });
const last = () => seen[seen.length - 1]!;

describe('RemoteUrl at runtime (settings from the published field)', () => {
  it('sends the field’s method, params, headers and body with placeholders filled, and picks the path', async () => {
    const res = await uma.post(L.remoteUrl, {
      moduleId: appId,
      fieldName: 'rate',
      values: { code: 'A/B', name: 'Zoë & co', amount: 12.5 },
      // Ignored at runtime: the published settings decide.
      url: 'http://169.254.169.254/',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 200, data: { name: 'Zoë & co', amount: 12.5 } });
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/echo/A%2FB?fixed=yes&q=Zo%C3%AB+%26+co');
    expect(request.headers['x-api-key']).toBe('secret-A/B');
    expect(request.headers['content-type']).toBe('application/json');
    // The caller's credentials never leave.
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers['gov-client-connection-method']).toBeUndefined();
  });

  it('finds table fields by their group', async () => {
    const res = await uma.post(L.remoteUrl, {
      moduleId: appId,
      groupName: 'lines',
      fieldName: 'price',
      values: { code: 'x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toBe('/echo/x?fixed=yes&q=');
  });

  it('answers 404 to a caller who may not see the app, 400 for a field that calls nothing', async () => {
    expect((await wes.post(L.remoteUrl, { moduleId: appId, fieldName: 'rate' })).statusCode).toBe(404);
    const plain = await uma.post(L.remoteUrl, { moduleId: appId, fieldName: 'name' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(RECORD_LOOKUP_MESSAGES.fieldNotExternal);
    expect((await uma.post(L.remoteUrl, { moduleId: appId, fieldName: 'nope' })).statusCode).toBe(400);
  });
});

describe('RemoteUrl with settings in the body (builders trying them out)', () => {
  it('is for builders only', async () => {
    const before = seen.length;
    const res = await raw(uma, { url: `${base}/echo` });
    expect(res.statusCode).toBe(403);
    expect(seen.length).toBe(before);
  });

  it('adds the fraud-prevention headers when asked', async () => {
    const res = await raw(fred, {
      url: `${base}/echo`,
      addGovHeaders: true,
      govClient: {
        timezone: 'UTC+01:00',
        screens: 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
        windowSize: 'width=1256&height=803',
        deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
        browserJsUserAgent: 'Mozilla/5.0 test',
        unknownKey: 'dropped',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const headers = last().headers;
    expect(headers).toMatchObject({
      'gov-client-connection-method': 'WEB_APP_VIA_SERVER',
      'gov-client-public-ip': '127.0.0.1',
      'gov-client-user-ids': `formloop=${await userId(server, 'fred')}`,
      'gov-client-timezone': 'UTC+01:00',
      'gov-client-screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
      'gov-client-window-size': 'width=1256&height=803',
      'gov-client-device-id': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
      'gov-client-browser-js-user-agent': 'Mozilla/5.0 test',
      'gov-vendor-product-name': 'Formloop',
      'gov-vendor-version': 'formloop=0.1.0',
    });
    expect(headers['gov-client-public-ip-timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.stringify(headers)).not.toContain('dropped');
  });

  it('answers the server-side gov headers at govheaders', async () => {
    const res = await uma.get(L.govHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER',
      'Gov-Client-Public-IP': '127.0.0.1',
      'Gov-Vendor-Product-Name': 'Formloop',
    });
  });

  it('parses per responseFormat: json (gzip too), text, xml as text; a missing path is a 400', async () => {
    const zipped = await raw(fred, {
      url: `${base}/gzip`,
      responseFormat: 'json',
      responsePath: 'data.items[0].name',
    });
    expect(zipped.json().data).toEqual({ status: 200, data: 'zipped' });
    const xml = await raw(fred, { url: `${base}/xml`, responseFormat: 'xml' });
    expect(xml.json().data.data).toBe('<rate currency="EUR">1.08</rate>');
    const text = await raw(fred, { url: `${base}/echo`, responseFormat: 'text' });
    expect(typeof text.json().data.data).toBe('string');
    const missing = await raw(fred, {
      url: `${base}/echo`,
      responseFormat: 'json',
      responsePath: 'received.nothing[2]',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(RECORD_LOOKUP_MESSAGES.pathNotFound);
    const notJson = await raw(fred, { url: `${base}/not-json`, responseFormat: 'json' });
    expect(notJson.statusCode).toBe(502);
  });

  it('follows up to 3 redirects, and refuses a 4th', async () => {
    const three = await raw(fred, {
      url: `${base}/redirect/3`,
      responsePath: 'received.url',
      responseFormat: 'json',
    });
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().data.data).toBe('/echo?from=redirect');
    const four = await raw(fred, { url: `${base}/redirect/4` });
    expect(four.statusCode).toBe(502);
    expect(four.json().message).toBe(
      formatMessage(RECORD_LOOKUP_MESSAGES.remoteFailed, { status: 'too many redirects' }),
    );
  });

  it('continues a 303 as a GET without body, and drops configured headers across origins', async () => {
    await raw(fred, { url: `${base}/see-other`, requestType: 'POST', body: '{"a":1}' });
    expect(last()).toMatchObject({ method: 'GET', url: '/echo', body: '' });
    await raw(fred, { url: `${base}/cross-origin`, headers: [{ key: 'X-Api-Key', value: 'k' }] });
    expect(last().url).toBe('/echo');
    expect(last().headers.host).toContain('localhost');
    expect(last().headers['x-api-key']).toBeUndefined();
  });

  it('answers 502 for failures, timeouts and answers over 5 MB', async () => {
    const failed = await raw(fred, { url: `${base}/fail` });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(formatMessage(RECORD_LOOKUP_MESSAGES.remoteFailed, { status: 500 }));
    const slow = await raw(fred, { url: `${base}/slow` });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toBe(RECORD_LOOKUP_MESSAGES.remoteTimeout);
    const big = await raw(fred, { url: `${base}/big` });
    expect(big.statusCode).toBe(502);
    expect(big.json().message).toBe(RECORD_LOOKUP_MESSAGES.remoteTooLarge);
    const refused = await raw(fred, { url: 'http://127.0.0.1:1/' });
    expect(refused.statusCode).toBe(502);
  });

  it('refuses what is not an http(s) URL', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1/', 'javascript:alert(1)', '']) {
      const res = await raw(fred, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(RECORD_LOOKUP_MESSAGES.urlInvalid);
    }
  });
});
