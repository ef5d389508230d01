import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteError, remoteFetch, type FetchPolicy } from '../remote-fetch.ts';

// Redirects are checked hop by hop: here loopback counts as public, so the first hop is allowed
// and a redirect into link-local or private space must be refused before it is followed.

let remote: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  remote = createServer((request, response) => {
    hits.push(request.url!);
    const targets: Record<string, string> = {
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-private-name': 'http://internal.example/',
      '/to-file': 'file:///etc/passwd',
    };
    const location = targets[request.url!];
    if (location) response.writeHead(302, { location });
    response.end('ok');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => remote.close(resolve)));

const policy: FetchPolicy = {
  allowPrivate: false,
  isAllowed: (address) => address === '127.0.0.1',
  timeoutMs: 2000,
  maxBytes: 1024,
  maxRedirects: 3,
};
const resolver = async (host: string) =>
  host === 'internal.example' ? [{ address: '10.0.0.7', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
const get = (path: string) =>
  remoteFetch({ url: new URL(path, base), method: 'GET', headers: {} }, policy, resolver);

describe('remoteFetch redirects', () => {
  it('fetches an allowed address', async () => {
    const answer = await get('/plain');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('ok');
  });

  it('refuses a redirect to a link-local address, a name resolving to a private one, or another scheme', async () => {
    await expect(get('/to-metadata')).rejects.toMatchObject({ problem: 'notAllowed' });
    await expect(get('/to-private-name')).rejects.toMatchObject({ problem: 'notAllowed' });
    await expect(get('/to-file')).rejects.toBeInstanceOf(RemoteError);
    await expect(get('/to-file')).rejects.toMatchObject({ problem: 'invalidUrl' });
  });
});
