import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptLoginPayload } from '@formloop/domain';
import { freePort } from './free-port.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
let dataDir = '';

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (dataDir && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* already gone */
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts `src/main.ts` the way `npm start` does and collects what it prints. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Formloop is running on')) {
        clearInterval(timer);
        // The first-start banner follows the running line in the same write.
        setTimeout(() => resolve(output), 100);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return { child, ready, output: () => output };
}

async function signIn(port: number, username: string, password: string) {
  const base = `http://localhost:${port}`;
  const cipher = await encryptLoginPayload({ username, password });
  const auth = await fetch(`${base}/identity/authenticateiso`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cipher),
  });
  if (auth.status !== 200) return { status: auth.status, body: await auth.json() };
  const cookie = auth.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${base}/identity/token`, { method: 'POST', headers: { cookie } });
  return { status: token.status, body: await token.json() };
}

describe('npm start on a fresh data directory', () => {
  it('starts embedded PostgreSQL, seeds the demo admin and example business, prints the logins, survives a kill, shuts down cleanly', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-start-'));
    await chmod(dataDir, 0o755);
    const env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
    };
    const port = Number(env.PORT);

    const first = startMain(env);
    const printed = await first.ready;
    const username = printed.match(/username: (\S+)/)?.[1];
    const password = printed.match(/password: (\S+)/)?.[1];
    expect(username).toBe('admin');
    expect(password).toBeTruthy();
    expect(readFileSync(path.join(dataDir, 'initial-admin.txt'), 'utf8')).toContain(`password: ${password}`);

    // The example business: its people's one password is printed after the administrator's.
    const demoPassword = printed.match(/Its people \(([^)]*)\) sign in with\s+password: (\S+)/);
    expect(demoPassword?.[1]).toContain('olivia.hart');
    expect(readFileSync(path.join(dataDir, 'demo-people.txt'), 'utf8')).toContain(
      `password: ${demoPassword?.[2]}`,
    );
    const olivia = await signIn(port, 'olivia.hart', demoPassword![2]!);
    expect(olivia.body.data).toMatchObject({ username: 'olivia.hart', isAdministrator: true });

    const session = await signIn(port, username!, password!);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ username: 'admin', isSysAdmin: true, isAdministrator: true });
    const docs = await fetch(`http://localhost:${port}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(Object.keys((await docs.json()).paths)).toContain('/identity/authenticateiso');

    // A killed run leaves an orphaned postmaster and its pid file behind.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const second = startMain(env);
    const again = await second.ready;
    expect(again).not.toContain('First start');
    expect(again).not.toContain('Example business');
    expect((await signIn(port, username!, password!)).status).toBe(200);
    expect((await signIn(port, username!, 'wrong-password')).status).toBe(401);

    // Graceful shutdown stops HTTP and the embedded PostgreSQL too.
    const pgPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    second.child.kill('SIGTERM');
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(() => process.kill(pgPid, 0)).toThrow();
  }, 120_000);
});

describe('a bad setting', () => {
  it('stops the server at boot with a message naming the variable and the value', async () => {
    const { child, output } = (() => {
      const started = startMain({ PORT: 'eighty', SMTP_URL: 'http://not-smtp' });
      started.ready.catch(() => undefined);
      return started;
    })();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output()).toContain('Invalid configuration:');
    expect(output()).toContain('PORT');
    expect(output()).toContain('(got "eighty")');
    expect(output()).toContain('SMTP_URL: must be a smtp:// or smtps:// URL');
  });
});
