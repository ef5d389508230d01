import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

// The server as its own operating-system process, started the way `npm start` starts it (src/main.ts):
// for benchmarks, whose load generator must not share the server's event loop, and for tests that
// kill the server (SIGKILL) and start it again on the same data.

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const READY_LINE = 'Formloop is running';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** Stops it (SIGTERM: graceful; SIGKILL: a crash) and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts src/main.ts with `env` over this process's environment; resolves once it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready after ${readyTimeoutMs} ms:\n${output}`)),
      readyTimeoutMs,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await ready;
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { child, output: () => output, stop };
}
