import type { HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, hostOf, type TestServer } from '../../../../test/harness.ts';
import { createTenantDb, type TenantDb } from '../../database/tenant-db.ts';
import { NOTIFICATION_TARGET, publishToUsers, type NotificationPush } from '../hub-publish.ts';
import {
  HttpStatusError,
  collect,
  connectedHubClient,
  handshakenRawHub,
  hubClient,
  notPing,
  openRawHub,
  type RawHub,
} from './hub-clients.ts';

// /TaskHub on a listening server with the official @microsoft/signalr client (and a bare socket where
// the official client hides what happens), pushes published in real tenant transactions.

let server: TestServer;
let base: string;
let appPool: pg.Pool;
let db: TenantDb;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const GLOBEX = hostOf('globex');

const push = (content: string): NotificationPush => ({
  content,
  moduleId: null,
  recordId: null,
  notificationId: null,
  type: 'test',
  params: {},
});

const publish = (tenant: 'acme' | 'globex', userIds: string[], content: string) =>
  db.inTenant(ids[tenant]!, (tx) =>
    publishToUsers(tx, ids[tenant]!, userIds, NOTIFICATION_TARGET, [push(content)]),
  );

const started: HubConnection[] = [];
const connect = async (...args: Parameters<typeof connectedHubClient>) => {
  const connection = await connectedHubClient(...args);
  started.push(connection);
  return connection;
};
const rawSockets: RawHub[] = [];
const raw = async (url: string, headers: Record<string, string> = {}) => {
  const hub = await handshakenRawHub(url, headers);
  rawSockets.push(hub);
  return hub;
};
const bearer = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

/** How the official client reports a negotiate the server refused. */
const REFUSED = (status: number) => new RegExp(`Failed to complete negotiation .* Status code '${status}'`);

/** Waits until `received` holds `count` pushes. */
const receivedCount = (received: unknown[], count: number) =>
  vi.waitFor(() => expect(received).toHaveLength(count), { timeout: 10_000 });

beforeAll(async () => {
  // Pings every 200 ms, so the ping test need not wait 15 s.
  server = await createTestServer({ HUB_KEEP_ALIVE_INTERVAL_MS: '200' });
  ids['acme'] = await server.createTenant('acme');
  ids['globex'] = await server.createTenant('globex');
  // sam exists in both tenants: same name, different people.
  for (const [tenant, username] of [
    ['acme', 'sam'],
    ['acme', 'ann'],
    ['globex', 'sam'],
  ] as const) {
    const key = `${tenant}:${username}`;
    ids[key] = await server.createUser(tenant, { username, password: `${username}-pass` });
    const client = server.client(tenant);
    await client.signIn(username, `${username}-pass`);
    tokens[key] = client.token!;
  }
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  appPool = new pg.Pool({ connectionString: server.appRoleUrl, max: 2 });
  db = createTenantDb(appPool);
});

afterAll(async () => {
  await Promise.all(started.map((connection) => connection.stop()));
  for (const hub of rawSockets) hub.socket.close();
  await appPool?.end();
  await server?.close();
});

describe('connecting', () => {
  it('connects with a JWT; GetConnectionId answers the negotiated connection id', async () => {
    const connection = await connect(base, { token: tokens['acme:sam']!, userId: ids['acme:sam']! });
    expect(connection.connectionId).toMatch(/^[\w-]{22}$/);
    expect(await connection.invoke('GetConnectionId')).toBe(connection.connectionId);
    expect(server.app.hub.connectionCount({ tenantId: ids['acme']!, userId: ids['acme:sam']! })).toBe(1);
    await connection.stop();
    await vi.waitFor(() =>
      expect(server.app.hub.connectionCount({ tenantId: ids['acme']!, userId: ids['acme:sam']! })).toBe(0),
    );
  });

  it('refuses negotiate without a token or with a wrong one (401)', async () => {
    await expect(hubClient(base).start()).rejects.toThrow(REFUSED(401));
    await expect(hubClient(base, { token: 'not-a-jwt' }).start()).rejects.toThrow(REFUSED(401));
    // Another tenant's token is not valid on this host.
    await expect(hubClient(base, { token: tokens['globex:sam']! }).start()).rejects.toThrow(REFUSED(401));
    const res = await fetch(`${base}/TaskHub/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, data: { code: 'UNAUTHENTICATED' } });
  });

  it('answers negotiate in the SignalR format, with the access_token query parameter too', async () => {
    const res = await fetch(
      `${base}/TaskHub/negotiate?negotiateVersion=1&access_token=${tokens['acme:sam']}`,
      { method: 'POST' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
  });

  it('documents negotiate in OpenAPI and answers a plain GET of the hub with 404', async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/TaskHub/negotiate');
    const plain = await fetch(`${base}/TaskHub`, { headers: bearer('acme:sam') });
    expect(plain.status).toBe(404);
  });

  it('refuses a userId that is not the signed-in user, at negotiate and at the upgrade', async () => {
    await expect(
      hubClient(base, { token: tokens['acme:sam']!, userId: ids['acme:ann']! }).start(),
    ).rejects.toThrow(REFUSED(403));
    const refused = openRawHub(`${base}/TaskHub?userId=${ids['acme:ann']}`, bearer('acme:sam'));
    await expect(refused).rejects.toEqual(new HttpStatusError(403));
  });

  it('answers an unknown, forged or already used connection token with 404 before the upgrade', async () => {
    await expect(openRawHub(`${base}/TaskHub?id=nonsense`, bearer('acme:sam'))).rejects.toEqual(
      new HttpStatusError(404),
    );
    const negotiated = async () => {
      const res = await fetch(`${base}/TaskHub/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: bearer('acme:sam'),
      });
      return ((await res.json()) as { connectionToken: string }).connectionToken;
    };
    const token = await negotiated();
    const [body, signature] = token.split('.');
    const forged = `${body!.slice(0, -2)}xx.${signature}`;
    await expect(openRawHub(`${base}/TaskHub?id=${forged}`)).rejects.toEqual(new HttpStatusError(404));

    // The token alone opens the socket once (the client's WebSocket needs no header of its own).
    const first = await raw(`${base}/TaskHub?id=${token}`);
    first.sendRecords({ type: 1, invocationId: '0', target: 'GetConnectionId', arguments: [] });
    expect(await first.next(notPing)).toMatchObject({
      type: 3,
      invocationId: '0',
      result: expect.any(String),
    });
    await expect(openRawHub(`${base}/TaskHub?id=${token}`)).rejects.toEqual(new HttpStatusError(404));

    // A token negotiated by one tenant's user means nothing on another tenant's host.
    const other = await negotiated();
    await expect(openRawHub(`${base}/TaskHub?id=${other}`, { host: GLOBEX })).rejects.toEqual(
      new HttpStatusError(404),
    );
    // ...nor for another user's token sent along with it.
    await expect(openRawHub(`${base}/TaskHub?id=${other}`, bearer('acme:ann'))).rejects.toEqual(
      new HttpStatusError(403),
    );
  });

  it('connects without negotiating when the upgrade carries the token, and refuses it without one', async () => {
    const connection = await connect(base, { token: tokens['acme:ann']!, skipNegotiation: true });
    expect(await connection.invoke('GetConnectionId')).toMatch(/^[\w-]{22}$/);
    await expect(openRawHub(`${base}/TaskHub`)).rejects.toEqual(new HttpStatusError(401));
    await expect(openRawHub(`${base}/TaskHub?access_token=forged`)).rejects.toEqual(new HttpStatusError(401));
    await expect(hubClient(base, { skipNegotiation: true }).start()).rejects.toThrow();
  });
});

describe('the JSON hub protocol', () => {
  it('refuses an unknown protocol in the handshake and closes', async () => {
    const hub = await openRawHub(`${base}/TaskHub`, bearer('acme:sam'));
    rawSockets.push(hub);
    hub.sendRecords({ protocol: 'messagepack', version: 1 });
    expect(await hub.next()).toEqual({ error: "Requested protocol 'messagepack' is not available." });
    await hub.closed;
  });

  it('answers an unknown method with SignalR’s error text', async () => {
    const connection = await connect(base, { token: tokens['acme:sam']! });
    await expect(connection.invoke('DeleteEverything', 1)).rejects.toThrow(
      "Failed to invoke 'DeleteEverything' due to an error on the server. HubException: Method does not exist.",
    );
    // The connection carries on.
    expect(await connection.invoke('GetConnectionId')).toBe(connection.connectionId);
  });

  it('reads several records from one frame and does not answer fire-and-forget invocations', async () => {
    const hub = await openRawHub(`${base}/TaskHub`, bearer('acme:sam'));
    rawSockets.push(hub);
    hub.sendRecords(
      { protocol: 'json', version: 1 },
      { type: 1, target: 'GetConnectionId', arguments: [] },
      { type: 1, target: 'Unknown', arguments: [] },
      { type: 6 },
      { type: 1, invocationId: '7', target: 'GetConnectionId', arguments: [] },
    );
    expect(await hub.next()).toEqual({});
    // The first answer is the one asked for with an id: the others got none.
    expect(await hub.next(notPing)).toEqual({ type: 3, invocationId: '7', result: expect.any(String) });
  });

  it('pings every connection at the keep-alive interval', async () => {
    const hub = await raw(`${base}/TaskHub`, bearer('acme:sam'));
    expect(await hub.next()).toEqual({ type: 6 });
    expect(await hub.next()).toEqual({ type: 6 });
  });

  it('closes the socket when the client sends a close message', async () => {
    const hub = await raw(`${base}/TaskHub`, bearer('acme:sam'));
    hub.sendRecords({ type: 7 });
    expect(await hub.closed).toBe(1000);
  });
});

describe('pushes', () => {
  it('reach every connection of the user in that tenant, and nobody else', async () => {
    const samTab1 = await connect(base, { token: tokens['acme:sam']! });
    const samTab2 = await connect(base, { token: tokens['acme:sam']! });
    const ann = await connect(base, { token: tokens['acme:ann']! });
    const globexSam = await connect(base, { token: tokens['globex:sam']!, host: GLOBEX });
    const got = [samTab1, samTab2, ann, globexSam].map((c) => collect(c, NOTIFICATION_TARGET));

    // A message of one tenant naming another tenant's user goes nowhere.
    await publish('globex', [ids['acme:sam']!], 'wrong tenant');
    await publish('acme', [ids['acme:sam']!], 'for sam of acme');
    await receivedCount(got[0]!, 1);
    await receivedCount(got[1]!, 1);
    expect(got[0]).toEqual([push('for sam of acme')]);
    expect(got[1]).toEqual([push('for sam of acme')]);

    // NOTIFY messages arrive in commit order on one channel: a marker published after the push reaches
    // ann and globex's sam first, so the push never went to them.
    await publish('acme', [ids['acme:ann']!], 'marker');
    await publish('globex', [ids['globex:sam']!], 'marker');
    await receivedCount(got[2]!, 1);
    await receivedCount(got[3]!, 1);
    expect(got[2]).toEqual([push('marker')]);
    expect(got[3]).toEqual([push('marker')]);
  });

  it('are not sent when the transaction rolls back', async () => {
    const ann = await connect(base, { token: tokens['acme:ann']! });
    const got = collect(ann, NOTIFICATION_TARGET);
    await expect(
      db.inTenant(ids['acme']!, async (tx) => {
        await publishToUsers(tx, ids['acme']!, [ids['acme:ann']!], NOTIFICATION_TARGET, [push('undone')]);
        throw new Error('the change fails after the push was queued');
      }),
    ).rejects.toThrow('the change fails');
    await publish('acme', [ids['acme:ann']!], 'after the rollback');
    await receivedCount(got, 1);
    expect(got).toEqual([push('after the rollback')]);
  });

  it('reach a large audience split into several NOTIFY messages', async () => {
    const ann = await connect(base, { token: tokens['acme:ann']! });
    const got = collect(ann, NOTIFICATION_TARGET);
    // 400 user ids are far more than one NOTIFY payload (8000 bytes) holds.
    const crowd = Array.from(
      { length: 399 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await publish('acme', [...crowd, ids['acme:ann']!], 'for everyone');
    await receivedCount(got, 1);
    expect(got).toEqual([push('for everyone')]);
  });

  it('keep coming after the listening database connection was cut', async () => {
    const ann = await connect(base, { token: tokens['acme:ann']! });
    const got = collect(ann, NOTIFICATION_TARGET);
    const before = server.app.hub.listenerGeneration();
    const { rowCount } = await server.owner.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'formloop-hub' AND datname = current_database()`,
    );
    expect(rowCount).toBe(1);
    await vi.waitFor(() => expect(server.app.hub.listenerGeneration()).toBe(before + 1), { timeout: 15_000 });
    await publish('acme', [ids['acme:ann']!], 'after the reconnection');
    await receivedCount(got, 1);
  });
});

describe('cross-origin negotiate', () => {
  it('allows this deployment’s origins with credentials and the SignalR headers, and no other', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/TaskHub/negotiate?negotiateVersion=1`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-requested-with, x-signalr-user-agent',
        },
      });
    const allowed = await preflight('https://acme.formloop.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://acme.formloop.test');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(
      /X-Requested-With.*X-SignalR-User-Agent/,
    );

    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const negotiated = await fetch(`${base}/TaskHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { ...bearer('acme:sam'), origin: 'https://acme.formloop.test' },
    });
    expect(negotiated.status).toBe(200);
    expect(negotiated.headers.get('access-control-allow-origin')).toBe('https://acme.formloop.test');
    // A page of another site may not even open the socket.
    await expect(
      openRawHub(`${base}/TaskHub`, { ...bearer('acme:sam'), origin: 'https://evil.example' }),
    ).rejects.toEqual(new HttpStatusError(403));
  });
});

describe('ending connections', () => {
  let shortLived: TestServer;

  afterAll(() => shortLived?.close());

  it('closes the connections of a session that signs out, and only those', async () => {
    // Two sign-ins of ann: one ends, the other (another device) keeps its connection and its pushes.
    const leaving = server.client('acme');
    await leaving.signIn('ann', 'ann-pass');
    const staying = server.client('acme');
    await staying.signIn('ann', 'ann-pass');
    const leavingHub = hubClient(base, { token: leaving.token! });
    const leavingClosed = new Promise<Error | undefined>((resolve) => leavingHub.onclose(resolve));
    await leavingHub.start();
    const stayingHub = await connect(base, { token: staying.token! });
    const got = collect(stayingHub, NOTIFICATION_TARGET);

    expect((await leaving.post('/identity/logout')).statusCode).toBe(200);
    expect(await leavingClosed).toEqual(
      new Error('Server returned an error on close: Your session has ended.'),
    );

    await publish('acme', [ids['acme:ann']!], 'still here');
    await receivedCount(got, 1);
    expect(stayingHub.state).toBe('Connected');
  });

  it('drops a connection when its access token expires, and closes the rest when the server closes', async () => {
    shortLived = await createTestServer({ JWT_ACCESS_TTL_SECONDS: '5' });
    await shortLived.createUser('acme', { username: 'eve', password: 'eve-pass' });
    await shortLived.createUser('acme', { username: 'max', password: 'max-pass' });
    const eve = shortLived.client('acme');
    await eve.signIn('eve', 'eve-pass');
    const shortBase = await shortLived.app.listen({ port: 0, host: '127.0.0.1' });

    const expiring = hubClient(shortBase, { token: eve.token! });
    const ended = new Promise<Error | undefined>((resolve) => expiring.onclose(resolve));
    await expiring.start();
    expect(await ended).toEqual(
      new Error('Server returned an error on close: The access token has expired.'),
    );

    // A fresh token for the shutdown; the bare socket shows the close message the client gets.
    const max = shortLived.client('acme');
    await max.signIn('max', 'max-pass');
    const hub = await handshakenRawHub(`${shortBase}/TaskHub`, { authorization: `Bearer ${max.token}` });
    await shortLived.app.close();
    expect(await hub.next(notPing)).toEqual({ type: 7, allowReconnect: true });
    expect(await hub.closed).toBe(1001);
  });
});
