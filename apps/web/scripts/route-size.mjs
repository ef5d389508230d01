// Adds up the gzipped JavaScript one route loads, from the Vite build manifest.
// Usage: node scripts/route-size.mjs [page module] [language]   (after `vite build`)
// Default: the login route in English. Budget (DESIGN.md): login route ≤ 250 KB gzipped JS.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const page = process.argv[2] ?? 'src/features/auth/pages/login-page.tsx';
const language = process.argv[3] ?? 'en';
const BUDGET_KB = 250;

// What a first visit to the page needs: the entry, the page's chunk and its translations.
const namespaces = ['common', 'auth', 'validation'];
const starts = ['index.html', page, ...namespaces.map((ns) => `src/locales/${language}/${ns}.json`)];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
starts.forEach(visit);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  return { file, kb: (size / 1024).toFixed(1) };
});
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
for (const row of rows) console.log(`${row.kb.padStart(7)} KB  ${row.file}`);
const kb = total / 1024;
console.log(
  `${kb.toFixed(1).padStart(7)} KB  total gzipped JS for ${page} (${language}); budget ${BUDGET_KB} KB`,
);
if (kb > BUDGET_KB) process.exitCode = 1;
