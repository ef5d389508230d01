import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The built SPA (apps/web/dist). The build writes a .br and a .gz beside each text file; the answer is
// the smallest one the browser accepts (Accept-Encoding), sent as it is on disk. Files under /assets
// carry a content hash in their name, so they never change: browsers keep them a year without asking
// again. index.html (also the SPA fallback) names the current hashes, so it is revalidated on every
// visit (no-cache: its ETag makes that a 304 when nothing changed).

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a built file, from its path inside the dist folder. */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the files of `distDir` (one route per file, found at start) and decorates reply.sendFile
 * (the SPA fallback sends index.html with it) with the same encodings and caching.
 */
export async function registerBuiltFiles(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Set by setHeaders instead (send's own header would be `public, max-age=0` for every file).
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControlFor(path.relative(root, file)));
      // The answer depends on Accept-Encoding: a shared cache must keep one copy per encoding.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
