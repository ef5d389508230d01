import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import {
  HttpClient,
  HttpError,
  HttpResponse,
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HttpRequest,
  type HubConnection,
} from '@microsoft/signalr';
import { RECORD_SEPARATOR } from '../hub-protocol.ts';

// Clients of /TaskHub for the integration tests: the official @microsoft/signalr client (what the
// web app uses) and a bare `ws` socket for what the official client hides (pings, handshake errors,
// HTTP refusals of the upgrade).

/**
 * Node's fetch drops a Host header, and tenants are told apart by Host: to reach another tenant than
 * the default one on 127.0.0.1, the client's HTTP goes through node:http, which keeps it. (Its
 * WebSocket, the `ws` package, keeps the `headers` option's Host as it is.)
 */
class HostHttpClient extends HttpClient {
  constructor(private readonly host: string) {
    super();
  }

  override send(request: HttpRequest): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const content = typeof request.content === 'string' ? request.content : '';
      // The headers the client's own fetch-based HTTP client sends.
      const headers = {
        'content-type': 'text/plain;charset=UTF-8',
        'x-requested-with': 'XMLHttpRequest',
        ...request.headers,
        'content-length': String(Buffer.byteLength(content)),
        host: this.host,
      };
      const outgoing = httpRequest(request.url!, { method: request.method, headers }, (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          if (status >= 200 && status < 300)
            resolve(new HttpResponse(status, incoming.statusMessage ?? '', body));
          else reject(new HttpError(incoming.statusMessage ?? '', status));
        });
      });
      outgoing.on('error', reject);
      outgoing.end(content);
    });
  }
}

export interface HubClientOptions {
  /** The access token; omitted: no token at all. */
  token?: string;
  /** Another tenant's host (the default tenant answers 127.0.0.1). */
  host?: string;
  /** The spec's userId query parameter. */
  userId?: string;
  skipNegotiation?: boolean;
}

/** An official client for `${base}/TaskHub`, not started yet. */
export function hubClient(base: string, options: HubClientOptions = {}): HubConnection {
  const url = `${base}/TaskHub${options.userId !== undefined ? `?userId=${encodeURIComponent(options.userId)}` : ''}`;
  return new HubConnectionBuilder()
    .withUrl(url, {
      ...(options.token !== undefined ? { accessTokenFactory: () => options.token! } : {}),
      ...(options.host
        ? { httpClient: new HostHttpClient(options.host), headers: { Host: options.host } }
        : {}),
      transport: HttpTransportType.WebSockets,
      skipNegotiation: options.skipNegotiation ?? false,
    })
    .configureLogging(LogLevel.None)
    .build();
}

/** Started official client; the caller stops it. */
export async function connectedHubClient(base: string, options: HubClientOptions): Promise<HubConnection> {
  const connection = hubClient(base, options);
  await connection.start();
  return connection;
}

/** What every push a client receives on `target` is collected in, in order of arrival. */
export function collect(connection: HubConnection, target: string): unknown[] {
  const received: unknown[] = [];
  connection.on(target, (...args: unknown[]) => received.push(args.length === 1 ? args[0] : args));
  return received;
}

// ---- bare WebSocket ----

interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(
    event: 'unexpected-response',
    listener: (req: { destroy(): void }, res: { statusCode: number }) => void,
  ): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsSocket;

// `ws` ships no types; the little of it used here is typed above.
const WebSocket = createRequire(import.meta.url)('ws') as WsConstructor;

/** A bare socket's view: each record received (parsed), and how the socket ended. */
export interface RawHub {
  socket: WsSocket;
  /** Records received so far, parsed; pings included. */
  records: unknown[];
  /** Waits for the next record that `match` accepts (records already received count). */
  next(match?: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  sendRecords(...messages: object[]): void;
  closed: Promise<number>;
}

/** Opens a socket to a hub URL; rejects with the HTTP status when the upgrade is refused. */
export function openRawHub(url: string, headers: Record<string, string> = {}): Promise<RawHub> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  const records: unknown[] = [];
  const waiters: Array<() => void> = [];
  let text = '';
  socket.on('message', (data) => {
    const parts = (text + data.toString('utf8')).split(RECORD_SEPARATOR);
    text = parts.pop() ?? '';
    for (const part of parts) records.push(JSON.parse(part));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      resolve(code);
      // Whoever waits for a record that will not come now learns so.
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  let consumed = 0;
  const hub: RawHub = {
    socket,
    records,
    closed,
    next(match = () => true) {
      return new Promise((resolve, reject) => {
        const look = () => {
          while (consumed < records.length) {
            const record = records[consumed++] as Record<string, unknown>;
            if (match(record)) return resolve(record);
          }
          if (socket.readyState > 1)
            return reject(new Error(`socket closed; received ${JSON.stringify(records)}`));
          waiters.push(look);
        };
        look();
      });
    },
    sendRecords(...messages) {
      socket.send(messages.map((message) => JSON.stringify(message) + RECORD_SEPARATOR).join(''));
    },
  };
  return new Promise((resolve, reject) => {
    socket.on('open', () => resolve(hub));
    socket.on('unexpected-response', (req, res) => {
      req.destroy();
      reject(new HttpStatusError(res.statusCode));
    });
    socket.on('error', reject);
  });
}

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Opens a socket and completes the JSON protocol handshake. */
export async function handshakenRawHub(url: string, headers: Record<string, string> = {}): Promise<RawHub> {
  const hub = await openRawHub(url, headers);
  hub.sendRecords({ protocol: 'json', version: 1 });
  const answer = await hub.next();
  if (Object.keys(answer).length !== 0) throw new Error(`handshake refused: ${JSON.stringify(answer)}`);
  return hub;
}

/** Skips pings: the next record that is not one. */
export const notPing = (record: Record<string, unknown>) => record['type'] !== 6;
