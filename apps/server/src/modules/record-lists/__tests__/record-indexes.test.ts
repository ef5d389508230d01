import { describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '@formloop/domain';
import { recordIndexName, recordIndexPlan, recordStatisticsPlan } from '../record-indexes.ts';

// The indexes publishing creates: their names and statements, exactly as the list's SQL reads the
// same values (with the key as a quoted literal where the list binds a parameter).

const APP = '0A1B2C3D-0000-4000-8000-00000000000F';
const definition = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'title', fieldType: 'text', editorType: 'text' },
        { name: 'amount', fieldType: 'number', editorType: 'number' },
        { name: 'due', fieldType: 'date', editorType: 'date' },
        { name: 'ref', fieldType: 'lookup', editorType: 'lookup' },
        { name: 'tags', fieldType: 'checklist', editorType: 'checklist' },
        { name: 'done', fieldType: 'switch', editorType: 'switch' },
        { name: 'pin', fieldType: 'password', editorType: 'password' },
      ],
    },
    { name: 'lines', isTable: true, fields: [{ name: 'qty', fieldType: 'number', editorType: 'number' }] },
  ],
} as unknown as ModuleDefinition;

const WHERE = "WHERE module_id = '0a1b2c3d-0000-4000-8000-00000000000f'::uuid";
const name = (field: string, kind: Parameters<typeof recordIndexName>[2], method: 'b' | 't' | 's') =>
  recordIndexName(APP, field, kind, method);

describe('recordIndexPlan', () => {
  it('plans a partial (value, id) btree per filterable field and a trigram GIN per text field', () => {
    expect(recordIndexPlan(APP, definition).map((index) => index.statement)).toEqual([
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('title', 'text', 'b')} ON records USING btree ((data->>'title'::text), id) ${WHERE}`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('title', 'text', 't')} ON records USING gin ((data->>'title'::text) gin_trgm_ops) ${WHERE}`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('amount', 'number', 'b')} ON records USING btree ((CASE WHEN jsonb_typeof(data->'amount'::text) = 'number' THEN (data->>'amount'::text)::numeric END), id) ${WHERE}`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('due', 'date', 'b')} ON records USING btree ((data->>'due'::text), id) ${WHERE}`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('ref', 'lookup', 'b')} ON records USING btree ((data->'ref'::text->>'label'), id) ${WHERE}`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('ref', 'lookup', 't')} ON records USING gin ((data->'ref'::text->>'label') gin_trgm_ops) ${WHERE}`,
    ]);
  });

  it('plans an expression statistics object per indexed field, on the same expressions', () => {
    const target = (field: string, kind: Parameters<typeof recordIndexName>[2]) =>
      `; ALTER STATISTICS ${name(field, kind, 's')} SET STATISTICS 1000`;
    expect(recordStatisticsPlan(APP, definition).map((entry) => entry.statement)).toEqual([
      `CREATE STATISTICS IF NOT EXISTS ${name('title', 'text', 's')} ON ((data->>'title'::text)) FROM records${target('title', 'text')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('amount', 'number', 's')} ON ((CASE WHEN jsonb_typeof(data->'amount'::text) = 'number' THEN (data->>'amount'::text)::numeric END)) FROM records${target('amount', 'number')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('due', 'date', 's')} ON ((data->>'due'::text)) FROM records${target('due', 'date')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('ref', 'lookup', 's')} ON ((data->'ref'::text->>'label')) FROM records${target('ref', 'lookup')}`,
    ]);
  });

  it('names indexes deterministically within 63 characters, per app, field and kind', () => {
    const first = name('title', 'text', 'b');
    expect(first).toMatch(/^rl_0a1b2c3d00004000800000000000000f_[0-9a-f]{12}_b$/);
    expect(first.length).toBeLessThanOrEqual(63);
    expect(name('title', 'text', 'b')).toBe(first);
    expect(name('title', 'number', 'b')).not.toBe(first);
    expect(recordIndexName('0a1b2c3d-0000-4000-8000-000000000010', 'title', 'text', 'b')).not.toBe(first);
  });

  it('quotes field names as literals and refuses ids that are not uuids', () => {
    const odd = {
      fieldGroups: [
        { name: 'g', isTable: false, fields: [{ name: "it's", fieldType: 'number', editorType: 'number' }] },
      ],
    } as unknown as ModuleDefinition;
    expect(recordIndexPlan(APP, odd)[0]!.statement).toContain(`(data->>'it''s'::text)::numeric`);
    expect(() => recordIndexPlan("x'; DROP TABLE records; --", definition)).toThrow();
  });
});
