// Bytes over the wire of a first visit (empty cache) to the web app's main routes, as the server
// really sends them: the build's files (apps/web/dist, after `npm run build:web`) are served by the
// server's own registration (platform/serving: pre-compressed files, then on-the-fly compression)
// and fetched over HTTP with a browser's Accept-Encoding; what is counted is each answer's body as
// received, still compressed.
// Which files a route needs comes from the Vite manifest: index.html's entry, the route's lazy
// modules and their static imports (with their CSS), and the translation chunks it asks for.
// Usage: tsx bench/bundle.bench.ts [--record]   (root `npm run bench:bundle` builds, then records;
// `npm run test:e2e` runs it as a budget check: the exit code is 1 when the login route is over).
// Budgets (DESIGN.md): login route ≤ 250 KB, the builder (form editor) and item editor ≤ 350 KB.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { registerCompression } from '../apps/server/src/platform/serving/compression.ts';
import { registerBuiltFiles } from '../apps/server/src/platform/serving/web-app.ts';
import { recordResult } from './results.ts';

const DIST = new URL('../apps/web/dist/', import.meta.url);
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'; // what Chromium sends
const LANGUAGE = 'en';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; assets?: string[] }>;

interface Route {
  name: string;
  path: string;
  budgetKb: number | null;
  /** Lazy modules the route loads on a first visit (src/…), besides index.html's entry. */
  modules: string[];
  /** Translation namespaces it asks for, in LANGUAGE. */
  namespaces: string[];
}

const SIGN_IN_NAMESPACES = ['common', 'auth', 'validation'];
// A signed-in page: the session check and area pages, the shell, the table of the other namespaces'
// loaders, the shell's and the notification bell's translations.
const SIGNED_IN = [
  'src/app/signed-in-elements.ts',
  'src/features/shell/app-shell.tsx',
  'src/app/locale-loaders.ts',
];
const SIGNED_IN_NAMESPACES = [...SIGN_IN_NAMESPACES, 'shell', 'notifications'];

const ROUTES: Route[] = [
  {
    name: 'login',
    path: '/authentication/login',
    budgetKb: 250,
    modules: ['src/features/auth/pages/login-page.tsx'],
    namespaces: SIGN_IN_NAMESPACES,
  },
  {
    name: 'tasks',
    path: '/tasks',
    budgetKb: null,
    modules: [...SIGNED_IN, 'src/features/tasks/pages/task-list-page.tsx'],
    namespaces: [...SIGNED_IN_NAMESPACES, 'tasks'],
  },
  {
    name: 'form editor (builder)',
    path: '/form-editor/show/:id',
    budgetKb: 350,
    modules: [...SIGNED_IN, 'src/features/form-editor/pages/form-editor-page.tsx'],
    namespaces: [...SIGNED_IN_NAMESPACES, 'formEditor', 'formRenderer'],
  },
  {
    name: 'item editor',
    path: '/item-editor/:moduleId',
    budgetKb: 350,
    modules: [...SIGNED_IN, 'src/features/item-editor/pages/item-editor-page.tsx'],
    namespaces: [...SIGNED_IN_NAMESPACES, 'itemEditor', 'formRenderer'],
  },
];

/** The built files a route loads: index.html's entry, its modules, their static imports and CSS. */
function filesOf(manifest: Manifest, route: Route): string[] {
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the build manifest: ${key} (run npm run build:web)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  const locales = route.namespaces.map((ns) => `src/locales/${LANGUAGE}/${ns}.json`);
  ['index.html', ...route.modules, ...locales].forEach(visit);
  return [...files];
}

interface Fetched {
  wire: number;
  encoding: string;
}

/** GETs `path` and counts the body's bytes as they arrive (not decoded). */
function fetchRaw(port: number, path: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => (wire += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        else resolve({ wire, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Measured {
  route: Route;
  requests: number;
  wireKb: number;
  plainKb: number;
  largest: Array<{ file: string; kb: number; encoding: string }>;
  over: boolean;
}

async function measure(port: number, manifest: Manifest, route: Route): Promise<Measured> {
  const kb = (bytes: number) => bytes / 1024;
  // The page itself (the SPA fallback for a deep link), then every file it loads.
  const page = route.path.replace(/:\w+/g, '1');
  const html = { accept: 'text/html', 'accept-encoding': ACCEPT_ENCODING };
  const rows = [
    {
      file: 'index.html',
      ...(await fetchRaw(port, page, html)),
      plain: (await fetchRaw(port, page, { accept: 'text/html' })).wire,
    },
  ];
  for (const file of filesOf(manifest, route)) {
    const sent = await fetchRaw(port, `/${file}`, { 'accept-encoding': ACCEPT_ENCODING });
    rows.push({ file, ...sent, plain: readFileSync(new URL(file, DIST)).length });
  }
  const wireKb = kb(rows.reduce((sum, row) => sum + row.wire, 0));
  return {
    route,
    requests: rows.length,
    wireKb,
    plainKb: kb(rows.reduce((sum, row) => sum + row.plain, 0)),
    largest: rows
      .sort((a, b) => b.wire - a.wire)
      .slice(0, 5)
      .map((row) => ({ file: row.file, kb: kb(row.wire), encoding: row.encoding })),
    over: route.budgetKb !== null && wireKb > route.budgetKb,
  };
}

const app = Fastify();
await registerBuiltFiles(app, fileURLToPath(DIST));
await registerCompression(app);
app.setNotFoundHandler((_request, reply) => reply.type('text/html').sendFile('index.html'));
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', DIST), 'utf8')) as Manifest;

const results: Measured[] = [];
try {
  for (const route of ROUTES) results.push(await measure(port, manifest, route));
} finally {
  await app.close();
}

const verdict = (m: Measured) =>
  m.route.budgetKb === null
    ? 'recorded'
    : `budget ${m.route.budgetKb} KB: ${m.over ? 'OVER BUDGET' : 'within budget'}`;
for (const m of results) {
  console.log(`\n${m.route.name} (${m.route.path}): ${m.requests} requests`);
  for (const row of m.largest)
    console.log(`${row.kb.toFixed(1).padStart(8)} KB  ${row.encoding.padEnd(8)} ${row.file}`);
  console.log(
    `${m.wireKb.toFixed(1).padStart(8)} KB  over the wire (${m.plainKb.toFixed(1)} KB uncompressed); ${verdict(m)}`,
  );
}
// The login route's budget is the one the e2e stage enforces; the others are DESIGN.md's, recorded.
if (results.some((m) => m.route.name === 'login' && m.over)) process.exitCode = 1;

if (process.argv.includes('--record')) {
  const table = results
    .map(
      (m) =>
        `| ${m.route.name} (\`${m.route.path}\`) | ${m.requests} | ${m.wireKb.toFixed(1)} KB | ${m.plainKb.toFixed(1)} KB | ${verdict(m)} |`,
    )
    .join('\n');
  const largest = results
    .map(
      (m) =>
        `${m.route.name}: ${m.largest.map((row) => `${row.file} ${row.kb.toFixed(1)} KB (${row.encoding})`).join(', ')}`,
    )
    .join('\n\n');
  await recordResult(
    'Route bytes over the wire',
    `A first visit (empty cache, ${LANGUAGE}) to each route: index.html and every file the route loads, served by the server's own registration (platform/serving: the build's pre-compressed .br/.gz files) and fetched over HTTP with Accept-Encoding \`${ACCEPT_ENCODING}\`; the bodies' bytes as received (HTTP headers not counted).\n\n` +
      `| route | requests | over the wire | uncompressed | verdict |\n|---|---|---|---|---|\n${table}\n\n` +
      `Largest answers:\n\n${largest}`,
  );
}
