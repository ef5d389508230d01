// Measuring helpers of the records benchmark: HTTP load through autocannon with every response time
// kept (autocannon's own summary has no p95), and the raw side as the same number of concurrent
// loops over pg clients, timed the same way.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type pg from 'pg';
import { cpuPerRequest, cpuSnapshot } from './cpu-accounting.ts';

export interface Measured {
  requests: number;
  seconds: number;
  rate: number;
  p50: number;
  p95: number;
  /** CPU time per request of the server, PostgreSQL and the benchmark (cpu-accounting.ts). */
  cpu: string;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

function summary(latencies: number[], seconds: number, cpu: string): Measured {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    cpu,
    requests: sorted.length,
    seconds,
    rate: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

/** `connections` keep-alive clients sending the same request for `seconds`; every latency kept. */
export async function httpLoad(options: {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A body per request instead of one for all (e.g. each approval names another task). */
  nextBody?: () => string;
  /** Requests each connection sends in turn, over and over (paths on the url's origin). */
  sequence?: Array<{ path: string; body: string }>;
  connections: number;
  seconds: number;
}): Promise<Measured> {
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = cpuSnapshot();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        headers: options.headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.nextBody
          ? {
              requests: [
                {
                  method: options.method,
                  setupRequest: (request: autocannon.Request) => ({ ...request, body: options.nextBody!() }),
                },
              ],
            }
          : {}),
        ...(options.sequence
          ? {
              requests: options.sequence.map((request) => ({
                method: options.method,
                path: request.path,
                body: request.body,
              })),
            }
          : {}),
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failures += 1;
    });
  });
  if (failures > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${failures} non-2xx answers, ${result.errors} errors`);
  }
  return summary(latencies, options.seconds, cpuPerRequest(cpuBefore, cpuSnapshot(), latencies.length));
}

/** `connections` loops, each on its own pooled client, running `work` back to back for `seconds`. */
export async function rawLoad(
  pool: pg.Pool,
  connections: number,
  seconds: number,
  work: (client: pg.PoolClient) => Promise<void>,
): Promise<Measured> {
  const latencies: number[] = [];
  const cpuBefore = cpuSnapshot();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const started = performance.now();
          await work(client);
          latencies.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
    }),
  );
  return summary(latencies, seconds, cpuPerRequest(cpuBefore, cpuSnapshot(), latencies.length));
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
