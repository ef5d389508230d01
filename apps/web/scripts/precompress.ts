import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// The server sends the build's files as they are on disk (@fastify/static with preCompressed): a
// `.br` and a `.gz` beside each text file let it answer brotli or gzip without compressing per
// request. Built once here at the strongest levels, since the cost is paid at build time only.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text, never images or fonts that already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|wasm)$/;
/** Below this a compressed copy saves less than a packet's headers. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite holds the manifest, read by tools, never served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dir` that they make smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; variants: number }> {
  const work: Promise<number>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      readFile(file).then(async (bytes) => {
        if (bytes.length < MIN_BYTES) return 0;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A variant no smaller than the file is left out: the server then sends the file itself.
        const kept = [
          { suffix: '.br', data: br },
          { suffix: '.gz', data: gz },
        ].filter((variant) => variant.data.length < bytes.length);
        await Promise.all(kept.map((variant) => writeFile(file + variant.suffix, variant.data)));
        return kept.length;
      }),
    );
  }
  const counts = await Promise.all(work);
  return { files: counts.filter((n) => n > 0).length, variants: counts.reduce((a, b) => a + b, 0) };
}

/** Vite plugin: after the build is written, adds the brotli and gzip copies (build only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'formloop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, variants } = await precompressDir(outDir);
      this.info(`pre-compressed ${files} files (${variants} .br/.gz copies)`);
    },
  };
}
