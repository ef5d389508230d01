// Arranging the records benchmark: its own server on a temporary data folder, a signed-in builder,
// a published app made through the Editor API, pools for the raw baselines, and the CSV of the
// seed rows written to disk before the import is timed.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import pg from 'pg';
import { APPS_PATHS } from '@formloop/contracts';
import { APP_ROLE } from '@formloop/db';
import {
  createField,
  type FieldType,
  type FormField,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import type { Config } from '../apps/server/src/platform/config/config.ts';
import { loadOrCreateSecrets } from '../apps/server/src/platform/config/secrets.ts';

import type { Api } from '../apps/server/test/http-client.ts';

export { signIn, type Api } from '../apps/server/test/http-client.ts';

function placed(type: FieldType, name: string, columnIndex: number, extra: Partial<FormField> = {}) {
  const field = { ...createField(type, `f-${name}`, name), fieldName: name, ...extra };
  return {
    ...field,
    displayName: name,
    label: name,
    editorType: type,
    rowIndex: 0,
    columnIndex,
    isTable: false,
  } satisfies PayloadField;
}

/** The benchmark's form: text, number, date, dropdown and switch fields in one section. */
export const BENCH_GROUP: PayloadGroup = {
  displayName: 'Order',
  sectionIndex: 0,
  name: 'order',
  orderIndex: 0,
  isTable: false,
  minimumRowCount: 0,
  maximumRowCount: 0,
  fields: [
    placed('text', 'title', 0, { columnWidth: 3, required: true }),
    placed('number', 'amount', 3, { columnWidth: 3, decimalPlaces: 2 }),
    placed('date', 'due', 6, { columnWidth: 2 }),
    placed('dropdown', 'colour', 8, { columnWidth: 2, listToUse: 'bench-colours' }),
    placed('switch', 'paid', 10, { columnWidth: 2 }),
  ],
};

/** Creates and publishes the benchmark app through the Editor API; returns its id. */
export async function publishBenchApp(api: Api): Promise<string> {
  const { id } = await api.post<{ id: string }>(APPS_PATHS.create, { name: `Bench orders ${Date.now()}` });
  await api.post(APPS_PATHS.saveForm, {
    id,
    data: { formName: 'Orders', displayName: 'Orders', isPublished: false, fieldGroups: [BENCH_GROUP] },
  });
  await api.post(APPS_PATHS.publish, { id });
  return id;
}

export const poolUrl = async (config: Config, user: 'owner' | 'app') => {
  const secrets = await loadOrCreateSecrets(config);
  const [name, password] =
    user === 'owner' ? ['postgres', secrets.embeddedSuperuserPassword] : [APP_ROLE, secrets.appRolePassword];
  return `postgres://${name}:${encodeURIComponent(password)}@127.0.0.1:${config.EMBEDDED_PG_PORT}/formloop`;
};

/**
 * Waits until no index build or ANALYZE runs in the database: publishing builds an app's list indexes
 * in the background, and a VACUUM or index build beside it deadlocks.
 */
export async function waitForIndexBuilds(owner: pg.Pool): Promise<void> {
  for (;;) {
    const { rows } = await owner.query<{ busy: number }>(
      `SELECT (SELECT count(*) FROM pg_stat_progress_create_index)
            + (SELECT count(*) FROM pg_stat_progress_analyze) AS busy`,
    );
    if (Number(rows[0]!.busy) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Superuser pool: list indexes, VACUUM ANALYZE, EXPLAIN. Never used for a measured statement. */
export async function ownerPool(config: Config): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: await poolUrl(config, 'owner'), max: 2 });
  // Idle clients see PostgreSQL stop at the end of the run: not a failure of the benchmark.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The raw side's pool: the same non-superuser role as the server, its tenant set for the session,
 * so row-level security applies to the raw statements exactly as to the API's.
 */
export async function appPool(config: Config, tenantId: string, size: number): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: await poolUrl(config, 'app'),
    max: size,
    options: `-c app.tenant_id=${tenantId}`,
  });
  pool.on('error', () => undefined);
  return pool;
}

const WORDS = ['alpha', 'bravo', 'carbon', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'jasper'];
export const COLOURS = ['red', 'green', 'blue', 'amber', 'violet'];
/** Distinct amounts: an equality filter on amount matches about rows / AMOUNT_VALUES records. */
export const AMOUNT_VALUES = 1000;

/** Six years of days from 2020-01-01. */
const DAYS = Array.from({ length: 6 * 365 }, (_unused, day) =>
  new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
);

/** Deterministic pseudo-random numbers, so every run seeds the same data. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes `rows` seed rows: titles of two words and a number, amounts with a decimal comma or point
 * and thousands separators (both styles), dates over six years, a colour and a yes/no.
 */
export async function writeSeedCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const random = mulberry32(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  out.write('Title,Amount,Due,Colour,Paid\n');
  let chunk = '';
  for (let i = 1; i <= rows; i++) {
    const amount = Math.floor(random() * AMOUNT_VALUES) * 10 + 1000;
    const thousands = Math.floor(amount / 1000);
    const rest = String(amount % 1000).padStart(3, '0');
    const text = i % 2 === 0 ? `"${thousands}.${rest},50"` : `"${thousands},${rest}.50"`;
    chunk += `${pick(WORDS)} ${pick(WORDS)} ${i},${text},${pick(DAYS)},${pick(COLOURS)},${random() < 0.5 ? 'yes' : 'no'}\n`;
    if (i % 10_000 === 0) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
