// The CPU an API answer's compression costs the server, on a record list page like bench/records'
// (10 rows, ~9.5 KB of JSON): the server's own compression registration (platform/serving) on a bare
// Fastify, the same answer asked for with a browser's Accept-Encoding and with none, in alternating
// rounds in one process (so a busy machine slows both alike), CPU per request from process.cpuUsage.
// Run: npm run bench:compression   (a few seconds; writes the "API answer compression" section)
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import type { RecordDataTable, RecordRow } from '@formloop/contracts';
import {
  COMPRESS_THRESHOLD_BYTES,
  registerCompression,
} from '../apps/server/src/platform/serving/compression.ts';
import { recordResult } from './results.ts';

const ROUNDS = 7;
const REQUESTS = 2000;
const BROWSER = 'gzip, deflate, br, zstd';

const row = (i: number): RecordRow => ({
  id: `0193b2c4-7d1e-7a3b-9f00-${String(100000000000 + i * 7919)}`,
  module_id: '0193b2c4-1111-7a3b-9f00-000000000001',
  module_version: 1,
  data: {
    title: `Order jasper 7${i} for the warehouse`,
    amount: 5000.5,
    due: '2026-11-22',
    colour: 'red',
    paid: true,
  },
  is_draft: false,
  status: 'Completed',
  display_status: 'Completed',
  workflow_status: null,
  tasks: 0,
  workflow_activity_name: null,
  workflow_started_on: null,
  workflow_initiator_user: null,
  workflow_initiator_email: null,
  workflow_completed_on: null,
  workflow_faulted_on: null,
  workflow_instance_id: null,
  flow_name: null,
  submitted_on: `2026-11-2${i % 10}T13:31:0${i % 10}.000Z`,
  expire_at: null,
  created_by: '0193b2c4-2222-7a3b-9f00-000000000002',
  created_by_name: 'System Administrator',
  modified_by: '0193b2c4-2222-7a3b-9f00-000000000002',
  modified_by_name: 'System Administrator',
  created_on: `2026-11-2${i % 10}T13:31:0${i % 10}.000Z`,
  modified_on: `2026-11-2${i % 10}T13:31:0${i % 10}.000Z`,
});
const page: RecordDataTable = {
  data: Array.from({ length: 10 }, (_, i) => row(i)),
  recordsTotal: 1_000_000,
  recordsFiltered: 12,
  countIsEstimate: true,
};
const answer = JSON.stringify({ success: true, message: '', data: page });

const app = Fastify();
await registerCompression(app);
app.post('/list', async (_request, reply) => reply.type('application/json; charset=utf-8').send(answer));
await app.ready();

async function round(
  acceptEncoding: string | null,
): Promise<{ cpuUs: number; bytes: number; encoding: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  let bytes = 0;
  let encoding = 'identity';
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 1) {
    const res = await app.inject({ method: 'POST', url: '/list', headers, payload: '{}' });
    bytes = res.rawPayload.length;
    encoding = String(res.headers['content-encoding'] ?? 'identity');
  }
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / REQUESTS, bytes, encoding };
}

const started = performance.now();
await round(BROWSER); // warm-up of both paths
await round(null);
const plain: number[] = [];
const compressed: number[] = [];
let sample = { bytes: 0, encoding: '' };
for (let r = 0; r < ROUNDS; r += 1) {
  plain.push((await round(null)).cpuUs);
  const c = await round(BROWSER);
  compressed.push(c.cpuUs);
  sample = c;
}
await app.close();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const extra = compressed.map((c, i) => c - plain[i]!);
const lines = [
  `A record list page of 10 rows: ${answer.length} bytes of JSON, sent ${sample.encoding} as ${sample.bytes} bytes (threshold ${COMPRESS_THRESHOLD_BYTES} bytes). ${ROUNDS} alternating rounds of ${REQUESTS} requests (fastify inject, one process), CPU per request:`,
  '',
  '| Accept-Encoding | CPU per request (median round) | bytes sent |',
  '|---|---|---|',
  `| none | ${median(plain).toFixed(0)} µs | ${answer.length} |`,
  `| \`${BROWSER}\` | ${median(compressed).toFixed(0)} µs | ${sample.bytes} |`,
  `| compression's cost | ${median(extra).toFixed(0)} µs (rounds: ${extra.map((e) => e.toFixed(0)).join(', ')}) | |`,
];
console.log(lines.join('\n'));
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
await recordResult('API answer compression', lines.join('\n'));
