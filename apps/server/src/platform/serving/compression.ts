import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// API answers compressed on the fly (@fastify/compress), for the routes registered after it. Built
// web files are not compressed here: the build ships .br/.gz copies (web-app.ts) and an answer that
// already has a Content-Encoding is passed through.
//
// Cost, measured on a record list page (3.5 KB of JSON, bench/RESULTS.md "Records"): brotli at
// quality 1 takes ~0.07–0.1 ms and sends ~360 bytes; quality 4 (the plugin's default) took ~0.2 ms for
// 320 bytes, and gzip level 6 ~0.13 ms for 370. So the fast levels, and a small window (an answer of
// a few KB gains nothing from a 4 MB one, which costs its allocation on every call).

/**
 * Below this an answer fits one TCP segment anyway (typical MSS ~1.4 KB): compressing it saves no
 * round trip and costs CPU. Most small envelopes (isAuthenticated, badges, saves) stay below.
 */
export const COMPRESS_THRESHOLD_BYTES = 1400;

/**
 * JSON, text (never a Server-Sent Events stream, which must reach the client event by event), XML,
 * JavaScript and SVG. Not octet-stream: stored files of unknown type are usually compressed already.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml)(?:;|$)|application\/javascript|image\/svg\+xml)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are never sent compressed by our clients; no hook for them on every route.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_LGWIN]: 18,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 1 },
  });
}
