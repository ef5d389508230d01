// Arranging the record storage isolation benchmark (records-isolation.bench.ts): tenants beside the
// default one, apps of many fields made and published through the Editor API, their records written
// through the CSV import endpoint, a paced writer of record creates, and the owner's view of each
// app's partition and indexes. Requests to another tenant name it in the Host header
// ({label}.{BASE_DOMAIN}), which fetch cannot set: they go through node:http.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { APPS_PATHS, RECORD_IMPORT_PATHS, importStatusPath, type ImportStatus } from '@formloop/contracts';
import { seedDemoTenant } from '@formloop/db';
import { createField, encryptLoginPayload, type FieldType, type PayloadGroup } from '@formloop/domain';
import { hashPassword, newSecurityStamp } from '../apps/server/src/modules/identity/index.ts';
import { ensureRecordIndexes } from '../apps/server/src/modules/record-lists/index.ts';
import { COLOURS, writeSeedCsv } from './records-setup.ts';

export const PASSWORD = 'bench-password';
const pgIdent = (name: string) => pg.escapeIdentifier(name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in administrator of one tenant, reached with that tenant's Host header. */
export interface TenantClient {
  label: string;
  call: <T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
  /** Uploads a CSV file to the import endpoint; resolves with the import's id once it answered. */
  upload: (moduleId: string, mapping: Record<string, string>, file: string) => Promise<string>;
}

interface Answer {
  status: number;
  cookies: string[];
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

function send(
  base: URL,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  write: (req: http.ClientRequest) => Promise<void>,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method, path, agent, headers: { ...headers, host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: res.headers['set-cookie'] ?? [],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    write(req).catch(reject);
  });
}

const jsonBody = (body: unknown) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    write: (req: http.ClientRequest) => {
      req.end(text);
      return Promise.resolve();
    },
  };
};

function dataOf<T>(what: string, answer: Answer): T {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 500)}`);
  return (JSON.parse(answer.text) as { data: T }).data;
}

/** Signs `admin` of the tenant `label` in (the web app's login, then the session token). */
export async function tenantClient(base: string, host: string, label: string): Promise<TenantClient> {
  const url = new URL(base);
  const login = jsonBody(await encryptLoginPayload({ username: 'admin', password: PASSWORD }));
  const signed = await send(url, host, 'POST', '/identity/authenticateiso', login.headers, login.write);
  if (signed.status >= 300) throw new Error(`sign-in to ${label}: ${signed.status} ${signed.text}`);
  const cookie = signed.cookies.map((c) => c.split(';')[0]).join('; ');
  const empty = jsonBody(undefined);
  const fetchToken = async () =>
    dataOf<{ token: string }>(
      `token of ${label}`,
      await send(url, host, 'POST', '/identity/token', { cookie }, empty.write),
    ).token;
  // Access tokens live an hour, the benchmark longer: fetched again every 10 minutes.
  let authorization = `Bearer ${await fetchToken()}`;
  const refresh = setInterval(() => {
    fetchToken().then(
      (token) => (authorization = `Bearer ${token}`),
      () => undefined,
    );
  }, 10 * 60_000);
  refresh.unref();
  return {
    label,
    call: async (method, path, body) => {
      const request = jsonBody(body);
      const headers = method === 'GET' ? { authorization } : { authorization, ...request.headers };
      const answer = await send(url, host, method, path, headers, (req) =>
        method === 'GET' ? (req.end(), Promise.resolve()) : request.write(req),
      );
      return dataOf(`${method} ${path}`, answer);
    },
    upload: async (moduleId, mapping, file) => {
      const boundary = `----formloop-bench-${randomUUID()}`;
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const size = (await stat(file)).size;
      const headers = {
        authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
      };
      const path = `${RECORD_IMPORT_PATHS.start}?moduleId=${moduleId}`;
      const answer = await send(url, host, 'POST', path, headers, async (req) => {
        req.write(head);
        for await (const chunk of createReadStream(file)) if (!req.write(chunk)) await once(req, 'drain');
        req.end(tail);
      });
      return dataOf<{ importId: string }>('import', answer).importId;
    },
  };
}

/**
 * Tenants bench2 … bench<count> beside the default one, each with its system administrator, made on
 * the owner pool by the demo seed (as the server makes its first tenant); their clients, default first.
 */
export async function tenantClients(
  owner: pg.Pool,
  base: string,
  baseDomain: string,
  defaultTenant: string,
  count: number,
): Promise<TenantClient[]> {
  const port = new URL(base).port;
  const clients = [await tenantClient(base, `${new URL(base).hostname}:${port}`, defaultTenant)];
  const adminPasswordHash = await hashPassword(PASSWORD);
  for (let n = 2; n <= count; n += 1) {
    const label = `bench${n}`;
    await seedDemoTenant(owner, { tenantLabel: label, adminPasswordHash, securityStamp: newSecurityStamp() });
    clients.push(await tenantClient(base, `${label}.${baseDomain}:${port}`, label));
  }
  return clients;
}

export interface WideField {
  name: string;
  type: FieldType;
}

/** Four kinds in turn: 40 % text, 30 % number, 20 % date, 10 % dropdown. */
const KIND_BY_DIGIT: FieldType[] = [
  'text',
  'text',
  'text',
  'text',
  'number',
  'number',
  'number',
  'date',
  'date',
];
export const wideFields = (count: number, prefix = 'f'): WideField[] =>
  Array.from({ length: count }, (_unused, i) => ({
    name: `${prefix}${String(i + 1).padStart(3, '0')}`,
    type: KIND_BY_DIGIT[i % 10] ?? 'dropdown',
  }));

/** Sections of 50 fields, four fields a row. */
function groupsOf(fields: WideField[]): PayloadGroup[] {
  const groups: PayloadGroup[] = [];
  for (let start = 0; start < fields.length; start += 50) {
    const section = groups.length;
    groups.push({
      displayName: `Section ${section + 1}`,
      sectionIndex: section,
      name: `section_${section + 1}`,
      orderIndex: section,
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      fields: fields.slice(start, start + 50).map((field, i) => ({
        ...createField(field.type, `f-${field.name}`, field.name),
        ...(field.type === 'dropdown' ? { listToUse: 'bench-colours' } : {}),
        fieldName: field.name,
        displayName: field.name,
        label: field.name,
        editorType: field.type,
        columnWidth: 3,
        rowIndex: Math.floor(i / 4),
        columnIndex: (i % 4) * 3,
        isTable: false,
      })),
    });
  }
  return groups;
}

/** Saves the app's form with these fields (and settings) through the Editor API and publishes it. */
export async function saveAndPublish(
  client: TenantClient,
  id: string,
  fields: WideField[],
  defaultConfig: Record<string, unknown> = {},
): Promise<void> {
  await client.call('POST', APPS_PATHS.saveForm, {
    id,
    data: { formName: 'Wide', displayName: 'Wide', isPublished: false, fieldGroups: groupsOf(fields) },
    defaultConfig,
  });
  await client.call('POST', APPS_PATHS.publish, { id });
}

export async function createWideApp(client: TenantClient, name: string, fields: WideField[]) {
  const { id } = await client.call<{ id: string }>('POST', APPS_PATHS.create, {
    name: `${name} ${Date.now()}`,
  });
  await saveAndPublish(client, id, fields);
  return id;
}

export const WORDS = [
  'alpha',
  'bravo',
  'carbon',
  'delta',
  'ember',
  'fjord',
  'garnet',
  'harbor',
  'indigo',
  'jasper',
];
export const DAYS = Array.from({ length: 6 * 365 }, (_unused, day) =>
  new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
);

/** Row `row`'s value of field `i` as CSV text: deterministic, no commas or quotes. */
function cell(field: WideField, i: number, row: number): string {
  switch (field.type) {
    case 'text':
      return `${WORDS[(row + i) % 10]} ${(row * 31 + i * 7) % 997}`;
    case 'number':
      return String((row * 13 + i) % 10_000);
    case 'date':
      return DAYS[(row * 7 + i) % DAYS.length]!;
    default:
      return COLOURS[(row + i) % COLOURS.length]!;
  }
}

/** A record's data as the submit endpoint takes it (numbers as numbers). */
export function recordData(fields: WideField[], row: number): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field, i) => {
      const text = cell(field, i, row);
      return [field.name, field.type === 'number' ? Number(text) : text];
    }),
  );
}

/** Uploads `file` and waits until the import completed with `rows` rows. */
export async function importFile(
  client: TenantClient,
  moduleId: string,
  mapping: Record<string, string>,
  file: string,
  rows: number,
): Promise<void> {
  const importId = await client.upload(moduleId, mapping, file);
  for (;;) {
    await sleep(250);
    const status = await client.call<ImportStatus>('GET', importStatusPath(importId));
    if (status.status === 'running') continue;
    if (status.status !== 'completed' || status.importedRows !== rows) {
      throw new Error(
        `import did not complete: ${JSON.stringify({ ...status, rejected: status.rejected.slice(0, 3) })}`,
      );
    }
    return;
  }
}

/**
 * Whether an index build or an ANALYZE a client asked for runs (autovacuum's own ANALYZE, which the
 * writes of the republish phase set off, is not the product's build).
 */
const busy = async (owner: pg.Pool) => {
  const { rows } = await owner.query<{ busy: number }>(
    `SELECT (SELECT count(*) FROM pg_stat_progress_create_index)
          + (SELECT count(*) FROM pg_stat_progress_analyze p JOIN pg_stat_activity a USING (pid)
              WHERE a.backend_type = 'client backend') AS busy`,
  );
  return Number(rows[0]!.busy) > 0;
};

/**
 * Waits until the index builds publishing started in the server have finished: nothing busy for
 * two seconds (a build starts a moment after the publish answered, and one app's indexes are
 * built one after another). Resolves with the moment it was last seen busy (performance.now()).
 */
export async function settleIndexBuilds(owner: pg.Pool): Promise<number> {
  let lastBusy = performance.now();
  for (;;) {
    if (await busy(owner)) lastBusy = performance.now();
    else if (performance.now() - lastBusy >= 2000) return lastBusy;
    await sleep(200);
  }
}

/** Errors of a build beside the server's (same index, same table): wait for it and try again. */
const RACING = new Set(['40P01', '23505', '42P07']);

/**
 * The app's indexes as its published definition asks (ensureRecordIndexes: idempotent, builds what
 * the server's background build has not). `settled`: when the server's builds were last seen
 * running; `failed`: why the build failed (reported), or null.
 */
export async function ensureIndexes(
  owner: pg.Pool,
  moduleId: string,
): Promise<{ settled: number; failed: string | null }> {
  const { rows } = await owner.query<{ module_published: unknown }>(
    'SELECT module_published FROM modules WHERE id = $1',
    [moduleId],
  );
  for (let attempt = 1; ; attempt += 1) {
    const settled = await settleIndexBuilds(owner);
    try {
      await ensureRecordIndexes(owner, moduleId, rows[0]!.module_published as never);
      return { settled, failed: null };
    } catch (error) {
      if (!RACING.has((error as { code?: string }).code ?? '') || attempt === 5)
        return { settled, failed: (error as Error).message.split('\n')[0]! };
    }
  }
}

export const partitionOf = (moduleId: string) => `records_${moduleId.toLowerCase().replace(/-/g, '')}`;

/** The indexes that serve the app: on its partition, and any still partial on records for it. */
export async function appIndexes(owner: pg.Pool, moduleId: string): Promise<string[]> {
  const { rows } = await owner.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass($1) OR (i.indrelid = 'records'::regclass AND c.relname LIKE $2)
      ORDER BY 1`,
    [partitionOf(moduleId), `rl\\_${partitionOf(moduleId).slice('records_'.length)}%`],
  );
  return rows.map((row) => row.name);
}

/**
 * Drops the app's own indexes on its partition (not those attached to records' indexes: key and
 * list order) before a bulk load of records the benchmark does not measure: building them once
 * after the load (ensureIndexes) is far quicker than the import maintaining hundreds of them row
 * by row. Returns how many it dropped.
 */
export async function dropAppIndexes(owner: pg.Pool, moduleId: string): Promise<number> {
  const { rows } = await owner.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = to_regclass($1) AND NOT EXISTS (SELECT FROM pg_inherits h WHERE h.inhrelid = i.indexrelid)`,
    [partitionOf(moduleId)],
  );
  for (const row of rows) await owner.query(`DROP INDEX IF EXISTS ${pgIdent(row.name)}`);
  return rows.length;
}

/** Attaches (present) or detaches (absent) the apps' partitions; seconds it took. */
export async function setPartitions(owner: pg.Pool, moduleIds: string[], present: boolean): Promise<number> {
  const started = performance.now();
  for (const id of moduleIds) {
    const { rows } = await owner.query<{ attached: boolean }>(
      `SELECT EXISTS (SELECT FROM pg_inherits WHERE inhrelid = to_regclass($1)) AS attached`,
      [partitionOf(id)],
    );
    if (rows[0]!.attached === present) continue;
    // The partition's CHECK (<partition>_app) spares the attach its validating scan.
    await owner.query(
      present
        ? `ALTER TABLE records ATTACH PARTITION ${partitionOf(id)} FOR VALUES IN ('${id}')`
        : `ALTER TABLE records DETACH PARTITION ${partitionOf(id)}`,
    );
  }
  return (performance.now() - started) / 1000;
}

/** The seed CSV (bench/records' rows) cut into the growth steps' files: rows up to each step. */
export async function growthFiles(dir: string, steps: number[]): Promise<string[]> {
  const full = path.join(dir, 'narrow.csv');
  await writeSeedCsv(full, steps.at(-1)!);
  const files = steps.map((_s, i) => path.join(dir, `narrow-${i}.csv`));
  const lines = createInterface({ input: createReadStream(full), crlfDelay: Infinity });
  let header = '';
  let row = 0;
  let step = 0;
  let out: ReturnType<typeof createWriteStream> | null = null;
  for await (const line of lines) {
    if (!header) {
      header = line;
      continue;
    }
    row += 1;
    if (!out) {
      out = createWriteStream(files[step]!);
      out.write(`${header}\n`);
    }
    if (!out.write(`${line}\n`)) await once(out, 'drain');
    if (row === steps[step]) {
      out.end();
      await once(out, 'finish');
      out = null;
      step += 1;
    }
  }
  await rm(full);
  return files;
}
