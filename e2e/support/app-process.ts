import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const SERVER_DIR = fileURLToPath(new URL('../../apps/server', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Superuser connection to the app's embedded database, for arranging test data. */
  db: pg.Pool;
  stop: () => Promise<void>;
}

/** Starts the real server (`src/main.ts`, as `npm start` does) on a fresh data directory. */
export async function startApp(dataDir: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const pgPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Formloop is running on')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the app exited (${code}) before it was ready:\n${output}`));
    });
  });
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    embeddedSuperuserPassword: string;
  };
  const db = new pg.Pool({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.embeddedSuperuserPassword)}@127.0.0.1:${pgPort}/formloop`,
    max: 2,
  });
  return {
    url: `http://localhost:${port}`,
    child,
    db,
    stop: async () => {
      await db.end();
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export interface SeedUser {
  username: string;
  password: string;
  kind: 'USER' | 'FULL_USER' | 'CONSULTANT' | 'ADMINISTRATOR' | 'SYSTEM_ADMINISTRATOR';
  fullname: string;
  email: string;
}

/** Adds users to the demo tenant the way the server stores them (argon2id, a fresh security stamp). */
export async function seedUsers(db: pg.Pool, users: SeedUser[]): Promise<void> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM tenants WHERE label = 'demo'`);
  const tenantId = rows[0]!.id;
  for (const user of users) {
    await db.query(
      `INSERT INTO users (tenant_id, username, email, fullname, user_kind, password_hash, security_stamp)
       VALUES ($1, $2, $3, $4, $5, $6, md5(random()::text))`,
      [tenantId, user.username, user.email, user.fullname, user.kind, await hash(user.password)],
    );
  }
}
