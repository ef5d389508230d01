import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { isPublicAddress } from './remote-address.ts';

// The outbound HTTP client (RemoteUrl's proxy, the workflow's HTTP activity, the connectors to come):
// one HTTP exchange with an external service, on the server's
// terms. Only http(s); the host is resolved first and every address it resolves to must be public
// (unless allowPrivate), and the connection is pinned to those checked addresses, so a second DNS
// answer cannot swap in an internal one. Redirects are followed by hand, each hop checked again.
// The whole exchange has one deadline, and an answer is read only up to maxBytes (decompressed).

export interface OutgoingRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

export interface RemoteAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FetchPolicy {
  allowPrivate: boolean;
  /** Overrides the address check (tests: treat loopback as public to exercise redirects). */
  isAllowed?: (address: string) => boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type RemoteProblem = 'invalidUrl' | 'notAllowed' | 'timeout' | 'tooLarge' | 'failed';

export class RemoteError extends Error {
  constructor(
    readonly problem: RemoteProblem,
    readonly detail = '',
  ) {
    super(`${problem}${detail ? `: ${detail}` : ''}`);
    this.name = 'RemoteError';
  }
}

type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers kept when a redirect leaves the origin (configured ones may hold credentials). */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-encoding', 'user-agent', 'accept-language']);

/** The checked addresses of the URL's host; RemoteError when the URL or an address is not allowed. */
async function addressesOf(url: URL, policy: FetchPolicy, resolve: Resolver): Promise<LookupAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteError('invalidUrl');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  const family = isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new RemoteError('failed', (error as NodeJS.ErrnoException).code ?? 'DNS');
    }
  }
  if (addresses.length === 0) throw new RemoteError('failed', 'DNS');
  const allowed = policy.isAllowed ?? isPublicAddress;
  if (!policy.allowPrivate && addresses.some((entry) => !allowed(entry.address))) {
    throw new RemoteError('notAllowed');
  }
  return addresses;
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Reads at most maxBytes of the (decompressed) answer. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new RemoteError('tooLarge');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new RemoteError('tooLarge'));
      chunks.push(chunk);
      done();
    },
  });
  const decoder = decoderFor(response.headers['content-encoding']);
  await (decoder ? pipeline(response, decoder, sink) : pipeline(response, sink));
  return Buffer.concat(chunks);
}

function exchange(
  request: OutgoingRequest,
  addresses: LookupAddress[],
  signal: AbortSignal,
  maxBytes: number,
): Promise<RemoteAnswer> {
  const client = request.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        signal,
        agent: false,
        // Pinned to the addresses checked above: no second DNS answer is ever used.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (options?.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        }) as never,
      },
      (response) => {
        readBody(response, maxBytes).then(
          (body) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          reject,
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** One exchange with redirects followed (each hop checked), within the policy's limits. */
export async function remoteFetch(
  request: OutgoingRequest,
  policy: FetchPolicy,
  resolve: Resolver = systemResolver,
): Promise<RemoteAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  let current = request;
  try {
    for (let hop = 0; ; hop += 1) {
      const addresses = await addressesOf(current.url, policy, resolve);
      const answer = await exchange(current, addresses, controller.signal, policy.maxBytes);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || !location) return answer;
      if (hop >= policy.maxRedirects) throw new RemoteError('failed', 'too many redirects');
      let next: URL;
      try {
        next = new URL(location, current.url);
      } catch {
        throw new RemoteError('failed', 'bad redirect');
      }
      // 303 always, and 301/302 after a POST, continue as a GET without a body (as browsers do).
      const asGet =
        answer.status === 303 ||
        ((answer.status === 301 || answer.status === 302) && current.method === 'POST');
      const sameOrigin = next.origin === current.url.origin;
      const headers = Object.fromEntries(
        Object.entries(current.headers).filter(([name]) => {
          const lower = name.toLowerCase();
          if (asGet && (lower === 'content-type' || lower === 'content-length')) return false;
          return sameOrigin || CROSS_ORIGIN_SAFE.has(lower);
        }),
      );
      current = {
        url: next,
        method: asGet ? 'GET' : current.method,
        headers,
        body: asGet ? undefined : current.body,
      };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new RemoteError('timeout');
    if (error instanceof RemoteError) throw error;
    throw new RemoteError('failed', (error as NodeJS.ErrnoException).code ?? 'network');
  } finally {
    clearTimeout(timer);
  }
}
