import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { format, resolveConfig } from 'prettier';

const FILE = new URL('./RESULTS.md', import.meta.url);

/** Replaces (or adds) one `## section` of bench/RESULTS.md with a dated measurement. */
export async function recordResult(section: string, body: string): Promise<void> {
  let text = '';
  try {
    text = await readFile(FILE, 'utf8');
  } catch {
    text =
      '# Benchmark results\n\nEach section is rewritten by its benchmark (`npm run bench:*`); budgets are in DESIGN.md.\n';
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const block = `## ${section}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.\n\n${body}\n`;
  const pattern = new RegExp(`## ${section}\\n[\\s\\S]*?(?=\\n## |$)`);
  text = pattern.test(text) ? text.replace(pattern, block.trimEnd()) : `${text.trimEnd()}\n\n${block}`;
  // The repository's format check covers RESULTS.md: every rewrite leaves it formatted.
  const options = { ...(await resolveConfig(FILE)), filepath: FILE.pathname };
  await writeFile(FILE, await format(`${text.trimEnd()}\n`, options));
}
