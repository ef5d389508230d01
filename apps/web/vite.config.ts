import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// The SPA is built into dist/ and served by the Fastify server (with an index.html fallback).
// The build leaves a brotli and a gzip copy beside each text file (scripts/precompress.ts), which the
// server sends to browsers that accept them. In development the Vite server forwards API, identity and realtime traffic to that server.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets bench/bundle.bench.ts add up what one route loads (login budget ≤ 250 KB sent).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // Everything the first page needs goes into one chunk instead of many small ones: fewer requests
      // and less per-chunk overhead on the login route (about 9 KB gzipped).
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
      treeshake: {
        // Our shared packages are pure (no work at import time beyond building constants), so a module
        // of theirs whose exports go unused is dropped: importing API_PATHS must not drag in zod.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/identity': { target: backend, changeOrigin: false },
      '/TaskHub': { target: backend, changeOrigin: false, ws: true },
    },
  },
});
