import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// API answers compressed on the fly (@fastify/compress), for the routes registered after it. Built
// web files are not compressed here: the build ships .br/.gz copies (web-app.ts) and an answer that
// already has a Content-Encoding is passed through.
//
// Cost (npm run bench:compression, bench/RESULTS.md): a record list page of ~9 KB of JSON goes out
// as ~700 bytes of brotli for ~45 µs more CPU per request. Quality 1 because it is the cheap end:
// quality 4 (the plugin's default) took twice the time for ~10 % fewer bytes on such answers, and
// gzip level 6 more time than brotli 1 for a slightly larger answer. A small window: an answer of a
// few KB gains nothing from a 4 MB one, which costs its allocation on every call.

/**
 * Below this an answer fits one TCP segment anyway (typical MSS ~1.4 KB): compressing it saves no
 * round trip and costs CPU. Most small envelopes (isAuthenticated, badges, saves) stay below.
 */
export const COMPRESS_THRESHOLD_BYTES = 1400;

/** At brotli quality 1 this much takes well under a millisecond of the event loop. */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

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
    // Answers up to this size are compressed in one synchronous call instead of a zlib stream: for
    // a list page (~9 KB) the stream's set-up cost several times the compression itself (0.55 ms
    // against ~0.1 ms, bench/RESULTS.md). The plugin's default on 2 cores is 8 KB.
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
  });
}
