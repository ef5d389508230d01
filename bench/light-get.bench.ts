// Budget (DESIGN.md): an authenticated light GET serves at least 0.3x the requests per second of a
// bare Fastify hello-world, measured on the same machine in the same run.
// Run: npm run bench:light-get   (starts its own embedded PostgreSQL in a temporary folder)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { encryptLoginPayload } from '@formloop/domain';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { recordResult } from './results.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p95: result.latency.p97_5 ?? result.latency.p99 };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-bench-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const server = await startServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
    }),
    () => {},
  );
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  try {
    const base = `http://localhost:${port}`;
    const cipher = await encryptLoginPayload({ username: 'admin', password: 'bench-password' });
    const signIn = await fetch(`${base}/identity/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cipher),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { data } = (await (
      await fetch(`${base}/identity/token`, { method: 'POST', headers: { cookie } })
    ).json()) as {
      data: { token: string };
    };

    const baseline = await load(`http://127.0.0.1:${barePort}/`);
    const measured = await load(`http://127.0.0.1:${port}/identity/isAuthenticated`, {
      authorization: `Bearer ${data.token}`,
    });
    const ratio = measured.rps / baseline.rps;
    const verdict = ratio >= 0.3 ? 'within budget' : 'OVER BUDGET';
    const lines = [
      `| bare Fastify hello-world (baseline) | ${baseline.rps.toFixed(0)} req/s | p97.5 ${baseline.p95} ms |`,
      `| GET /identity/isAuthenticated (bearer JWT + live-session check, answers cached ≤ 2 s) | ${measured.rps.toFixed(0)} req/s | p97.5 ${measured.p95} ms |`,
      `| ratio (budget ≥ 0.30) | ${ratio.toFixed(2)} | ${verdict} |`,
    ];
    console.log(lines.join('\n'));
    await recordResult(
      'Authenticated light GET',
      `${CONNECTIONS} connections, ${DURATION_S} s each, autocannon in the same process as both servers.\n\n| what | throughput | latency |\n|---|---|---|\n${lines.join('\n')}`,
    );
  } finally {
    await bare.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
