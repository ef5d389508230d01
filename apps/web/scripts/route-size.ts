// Adds up the gzipped JavaScript one route loads, from the Vite build manifest.
// Usage: tsx scripts/route-size.ts [--record] [page module] [language]   (after `vite build`);
// --record writes the result into bench/RESULTS.md (root script `npm run bench:bundle`).
// Default: the login route in English. Budget (DESIGN.md): login route ≤ 250 KB gzipped JS.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { recordResult } from '../../../bench/results.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;
const record = process.argv.includes('--record');
const args = process.argv.slice(2).filter((a) => a !== '--record');
const page = args[0] ?? 'src/features/auth/pages/login-page.tsx';
const language = args[1] ?? 'en';
const BUDGET_KB = 250;

// What a first visit to the page needs: the entry, the page's chunk and its translations.
const namespaces = ['common', 'auth', 'validation'];
const starts = ['index.html', page, ...namespaces.map((ns) => `src/locales/${language}/${ns}.json`)];

const files = new Set<string>();
const visit = (key: string): void => {
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
if (record) {
  const top = rows
    .slice(0, 5)
    .map((row) => `| ${row.file} | ${row.kb} KB |`)
    .join('\n');
  await recordResult(
    'Login route bundle',
    `What a first visit to /authentication/login loads (entry, login page chunk, en translations), gzipped JS.\n\n` +
      `| total | ${kb.toFixed(1)} KB | budget ${BUDGET_KB} KB: ${kb > BUDGET_KB ? 'OVER BUDGET' : 'within budget'} |\n|---|---|---|\n\n` +
      `Largest chunks:\n\n| chunk | gzipped |\n|---|---|\n${top}`,
  );
}
