// The server a benchmark measures: its own process (as in production, so the load generator and raw
// loops in the benchmark's process never queue on its event loop) on a temporary data folder with
// its own embedded PostgreSQL, the admin's password known, its CPU read from /proc.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../apps/server/src/platform/config/config.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process.ts';
import { watchServerCpu } from './cpu-accounting.ts';

export const BENCH_PASSWORD = 'bench-password';

export interface BenchServer {
  config: Config;
  server: ServerProcess;
  /** Stops the server and removes its data folder (kept, and named, with BENCH_KEEP_DATA=1). */
  stop: () => Promise<void>;
}

export async function startBenchServer(
  name: string,
  options: { nodeArgs?: string[]; watchCpu?: boolean } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `formloop-bench-${name}-`));
  // PostgreSQL runs as the 'postgres' system user when we are root: it must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    ADMIN_PASSWORD: BENCH_PASSWORD,
    // The benchmarks measure their own apps only.
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const server = await startServerProcess(env, { nodeArgs: options.nodeArgs ?? [] });
  // PostgreSQL runs as the server process's descendants: its backends' CPU is read from /proc.
  if (options.watchCpu ?? true) watchServerCpu(server.child.pid);
  return {
    config: loadConfig(env),
    server,
    stop: async () => {
      await server.stop();
      if (process.env.BENCH_KEEP_DATA === '1') console.log(`data folder kept: ${dataDir}`);
      else await rm(dataDir, { recursive: true, force: true });
    },
  };
}
