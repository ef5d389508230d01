import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PATHS } from '@formloop/contracts';
import { precompressDir } from '../../../../../web/scripts/precompress.ts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../compression.ts';
import { HSTS_VALUE, registerSecurityHeaders, routeHelmet } from '../security-headers.ts';

// The real app serving a built web app (a small dist folder pre-compressed by the build's own
// plugin): encodings by Accept-Encoding, caching, compressed API answers, security headers.

const ASSET = '/assets/app-3f9aB2cD.js';
const assetSource = Array.from(
  { length: 200 },
  (_, i) => `export const line${i} = () => 'Formloop serves line ${i}';`,
).join('\n');
const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Formloop</title>
<style>${'body { margin: 0; }\n'.repeat(80)}</style>
<script type="module" crossorigin src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;

let dist: string;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'formloop-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), indexHtml);
  await writeFile(path.join(dist, ASSET), assetSource);
  await writeFile(path.join(dist, 'assets/tiny-0aB1cD2e.js'), 'export const tiny = 1;');
  await precompressDir(dist);
  server = await createTestServer({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
  await server.createUser('acme', { username: 'sam', password: 'sam-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  // Enough users that their list is well above the compression threshold.
  for (let i = 0; i < 12; i += 1) {
    await server.createUser('acme', { username: `member${i}`, password: 'member-pass' });
  }
  admin = server.client('acme');
  await admin.signIn('sam', 'sam-pass');
});
afterAll(async () => {
  await server?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { host: hostOf('acme'), ...headers } });

describe('built files', () => {
  it('the build wrote a brotli and a gzip copy of the big files only', async () => {
    expect((await readdir(dist)).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz']);
    expect((await readdir(path.join(dist, 'assets'))).sort()).toEqual([
      'app-3f9aB2cD.js',
      'app-3f9aB2cD.js.br',
      'app-3f9aB2cD.js.gz',
      'tiny-0aB1cD2e.js',
    ]);
  });

  it('a hashed asset answers brotli when asked, kept for a year', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(assetSource.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(assetSource);
  });

  it('gzip when only gzip is accepted, and brotli first for a browser that takes both', async () => {
    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetSource);
    const browser = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
  });

  it('the file itself without Accept-Encoding (or with identity only)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const res = await get(ASSET, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(assetSource);
    }
  });

  it('a file without compressed copies is sent as it is', async () => {
    const res = await get('/assets/tiny-0aB1cD2e.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export const tiny = 1;');
  });

  it('index.html and the SPA fallback are revalidated on every visit', async () => {
    for (const url of ['/index.html', '/tasks', '/authentication/login?returnUrl=%2Ftasks']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
    const plain = await get('/tasks', { accept: 'text/html' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(indexHtml);
  });

  it('a revalidation of an unchanged index.html is a 304', async () => {
    const first = await get('/index.html', { 'accept-encoding': 'gzip' });
    const again = await get('/index.html', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('API answers', () => {
  it('an answer above the threshold is compressed, and still the same JSON', async () => {
    const plain = await admin.post(USERS_PATHS.datatables, { length: 20 });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await admin.post(USERS_PATHS.datatables, { length: 20 }, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('a small answer is not', async () => {
    const res = await admin.get('/identity/isAuthenticated', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  };

  it('on the page, the assets, API answers and errors', async () => {
    expectHeaders((await get('/tasks', { accept: 'text/html' })).headers);
    expectHeaders((await get(ASSET)).headers);
    expectHeaders((await admin.get('/identity/isAuthenticated')).headers);
    expectHeaders((await get('/api/no-such-route')).headers);
  });

  it('the OpenAPI UI has the same policy and nothing inline that it would block', async () => {
    const page = await get('/api/docs', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expectHeaders(page.headers);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\son[a-z]+=/);
  });

  it('HSTS only on https: over plain http none, through a proxy that says https it is sent', async () => {
    expect(
      (await get('/tasks', { accept: 'text/html' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const https = await get('/tasks', { accept: 'text/html', 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const api = await admin.get('/identity/isAuthenticated', { 'x-forwarded-proto': 'https' });
    expect(api.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('a route may have its own policy: another form target, a nonce for its inline script', async () => {
    const bare = Fastify();
    await registerSecurityHeaders(bare);
    bare.get(
      '/post-to-idp',
      { helmet: routeHelmet({ 'form-action': ['https://idp.example'] }, { enableCSPNonces: true }) },
      async (_request, reply) => reply.type('text/html').send(`<script nonce="${reply.cspNonce.script}">`),
    );
    bare.get('/', async () => 'ok');
    const special = await bare.inject({ url: '/post-to-idp' });
    const csp = String(special.headers['content-security-policy']);
    expect(csp).toContain('form-action https://idp.example');
    const nonce = /nonce="([^"]+)"/.exec(special.body)![1];
    expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-${nonce}'`));
    expect(csp).toContain("frame-ancestors 'self'");
    const usual = String((await bare.inject({ url: '/' })).headers['content-security-policy']);
    expect(usual).toContain("form-action 'self'");
    expect(usual).not.toContain('nonce-');
    await bare.close();
  });

  it('a proxy is not believed without TRUST_PROXY', async () => {
    const bare = Fastify({ trustProxy: false });
    await registerSecurityHeaders(bare);
    bare.get('/', async () => 'ok');
    const res = await bare.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await bare.close();
  });
});
