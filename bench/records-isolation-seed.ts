// Seeding the isolation benchmark's wide apps with SQL (set-up, not what is measured).
import type pg from 'pg';
import { COLOURS } from './records-setup.ts';
import { DAYS, WORDS, type WideField } from './records-isolation-setup.ts';

/** A field's value for row `row` in SQL, the same as cell() writes to CSV (numbers as numbers). */
function cellSql(field: WideField, i: number): string {
  const words = `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const colours = `(ARRAY[${COLOURS.map((c) => `'${c}'`).join(',')}])`;
  switch (field.type) {
    case 'text':
      return `${words}[((row + ${i}) % 10) + 1] || ' ' || ((row * 31 + ${i * 7}) % 997)::text`;
    case 'number':
      return `to_jsonb((row * 13 + ${i}) % 10000)`;
    case 'date':
      return `to_char(date '2020-01-01' + ((row * 7 + ${i}) % ${DAYS.length})::int, 'YYYY-MM-DD')`;
    default:
      return `${colours}[((row + ${i}) % ${COLOURS.length}) + 1]`;
  }
}

/** Rows a seeding statement inserts. */
const SEED_BATCH = 50_000;

/**
 * Writes records `first` … `first + count - 1` of a wide app with SQL on the owner pool: the same
 * values the import would write from cell()'s CSV, submitted and completed, without the import's parsing
 * and checks. For the benchmark's other apps and the republished app, whose loading is set-up, not
 * what is measured (the import's own speed is measured in bench/records and phase a).
 */
export async function seedWide(
  owner: pg.Pool,
  moduleId: string,
  fields: WideField[],
  first: number,
  count: number,
): Promise<void> {
  // jsonb_build_object takes at most 100 arguments: 50 fields a call, the calls joined with ||.
  const parts: string[] = [];
  for (let at = 0; at < fields.length; at += 50) {
    const pairs = fields
      .slice(at, at + 50)
      .map((field, j) => `'${field.name}', ${cellSql(field, at + j)}`)
      .join(', ');
    parts.push(`jsonb_build_object(${pairs})`);
  }
  const data = parts.length ? parts.join(' || ') : `'{}'::jsonb`;
  for (let start = first; start < first + count; start += SEED_BATCH) {
    const end = Math.min(first + count - 1, start + SEED_BATCH - 1);
    await owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft, submitted_on,
                            workflow_started_on, workflow_completed_on)
       SELECT m.tenant_id, m.id, m.module_version, ${data}, false, now(), now(), now()
         FROM modules m, generate_series($2::int, $3::int) AS row
        WHERE m.id = $1`,
      [moduleId, start, end],
    );
  }
}
