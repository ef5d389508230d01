import { describe, expect, it } from 'vitest';
import { INDEX_CAP, type ModuleDefinition } from '@formloop/domain';
import {
  recordIndexName,
  recordIndexPlan,
  recordPartitionOf,
  recordStatisticsPlan,
} from '../record-indexes.ts';
import { lookupsOf, planIndexedFields, type IndexUsage, type PlanDefinition } from '../record-index-plan.ts';

// The indexes publishing creates on the app's partition: their names and statements, exactly as
// the list's SQL reads the same values (with the key as a quoted literal where the list binds a
// parameter); and the index plan's rule deciding which fields get one, within INDEX_CAP.

const APP = '0A1B2C3D-0000-4000-8000-00000000000F';
const PARTITION = 'records_0a1b2c3d00004000800000000000000f';
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

const name = (field: string, kind: Parameters<typeof recordIndexName>[2], method: 'b' | 't' | 's') =>
  recordIndexName(APP, field, kind, method);

type Kind = 'text' | 'number' | 'date' | 'switch' | 'checklist';
/** An app of `count` fields f0…f(n-1), their types cycling through `kinds`, in one section. */
function wide(
  count: number,
  kinds: Kind[],
  defaultConfig: PlanDefinition['defaultConfig'] = {},
): PlanDefinition {
  return {
    defaultConfig,
    fieldGroups: [
      {
        name: 'main',
        isTable: false,
        sectionIndex: 0,
        orderIndex: 0,
        fields: Array.from({ length: count }, (_, index) => ({
          name: `f${index}`,
          fieldType: kinds[index % kinds.length],
          editorType: kinds[index % kinds.length],
          rowIndex: index,
          columnIndex: 0,
        })),
      },
    ],
  } as unknown as PlanDefinition;
}

const names = (plan: ReturnType<typeof planIndexedFields>) => ({
  btree: plan.btree.map((column) => column.name),
  trigram: plan.trigram.map((column) => column.name),
});

describe('recordIndexPlan', () => {
  it('plans a (value, id) btree per filterable field and a trigram GIN per text field, on the partition', () => {
    expect(recordIndexPlan(APP, definition).map((index) => index.statement)).toEqual([
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('title', 'text', 'b')} ON ${PARTITION} USING btree ((data->>'title'::text), id) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('title', 'text', 't')} ON ${PARTITION} USING gin ((data->>'title'::text) gin_trgm_ops) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('amount', 'number', 'b')} ON ${PARTITION} USING btree ((CASE WHEN jsonb_typeof(data->'amount'::text) = 'number' THEN (data->>'amount'::text)::numeric END), id) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('due', 'date', 'b')} ON ${PARTITION} USING btree ((data->>'due'::text), id) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('ref', 'lookup', 'b')} ON ${PARTITION} USING btree ((data->'ref'::text->>'label'), id) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name('ref', 'lookup', 't')} ON ${PARTITION} USING gin ((data->'ref'::text->>'label') gin_trgm_ops) WHERE module_id = '${APP.toLowerCase()}'::uuid`,
    ]);
    for (const index of recordIndexPlan(APP, definition)) {
      // On the partition, never the parent; partial on the app id (the plan's reason in recordIndexPlan).
      expect(index.statement).not.toMatch(/ON records /);
      expect(index.statement).toMatch(new RegExp(`WHERE module_id = '${APP.toLowerCase()}'::uuid$`));
    }
  });

  it('plans an expression statistics object per indexed field, on the same expressions and the partition', () => {
    const target = (field: string, kind: Parameters<typeof recordIndexName>[2]) =>
      `; ALTER STATISTICS ${name(field, kind, 's')} SET STATISTICS 1000`;
    expect(recordStatisticsPlan(APP, definition).map((entry) => entry.statement)).toEqual([
      `CREATE STATISTICS IF NOT EXISTS ${name('title', 'text', 's')} ON ((data->>'title'::text)) FROM ${PARTITION}${target('title', 'text')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('amount', 'number', 's')} ON ((CASE WHEN jsonb_typeof(data->'amount'::text) = 'number' THEN (data->>'amount'::text)::numeric END)) FROM ${PARTITION}${target('amount', 'number')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('due', 'date', 's')} ON ((data->>'due'::text)) FROM ${PARTITION}${target('due', 'date')}`,
      `CREATE STATISTICS IF NOT EXISTS ${name('ref', 'lookup', 's')} ON ((data->'ref'::text->>'label')) FROM ${PARTITION}${target('ref', 'lookup')}`,
    ]);
  });

  it('names the partition as app_record_partition does, and indexes deterministically within 63 characters', () => {
    expect(recordPartitionOf(APP)).toBe(PARTITION);
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
    expect(() => recordStatisticsPlan('records; --', definition)).toThrow();
    expect(() => recordPartitionOf('1')).toThrow();
  });
});

describe('planIndexedFields (the index plan rule)', () => {
  it('a 500-field app gets at most the cap (24 btrees, 8 trigram indexes), not 750 indexes', () => {
    const app = wide(500, ['text', 'number', 'date', 'switch']);
    // Without any other use: the list's default columns, the first 25 fields (booleans get none).
    const plan = planIndexedFields(app);
    const listed = Array.from({ length: 25 }, (_, index) => `f${index}`).filter(
      (_, index) => index % 4 !== 3,
    );
    expect(names(plan)).toEqual({ btree: listed, trigram: ['f0', 'f4', 'f8', 'f12', 'f16', 'f20', 'f24'] });
    // Marking fields fills the cap exactly and goes no further.
    const marked = wide(500, ['text', 'number', 'date', 'switch'], {
      indexedFields: Array.from({ length: 500 }, (_, index) => `f${499 - index}`),
    });
    expect(planIndexedFields(marked).btree).toHaveLength(INDEX_CAP.btree);
    expect(planIndexedFields(marked).trigram).toHaveLength(INDEX_CAP.trigram);
    const indexes = recordIndexPlan(APP, marked);
    expect(indexes).toHaveLength(INDEX_CAP.btree + INDEX_CAP.trigram);
    expect(new Set(indexes.map((index) => index.name)).size).toBe(indexes.length);
    expect(recordStatisticsPlan(APP, marked).length).toBeLessThanOrEqual(INDEX_CAP.btree + INDEX_CAP.trigram);
  });

  it('holds the cap however much usage piles up, and every use at once', () => {
    const app = wide(500, ['text'], {
      indexedFields: Array.from({ length: 100 }, (_, index) => `f${index + 200}`),
      listColumns: Array.from({ length: 100 }, (_, index) => `f${index}`),
      recordTitle: '{f499} {f498}',
    });
    const usage: IndexUsage = {
      lookups: Array.from({ length: 50 }, (_, index) => ({
        filters: [{ field: `f${300 + index}`, operator: 'contains' }],
        sortValuesBy: `f${400 + index}`,
        selectFieldsByThisProcess: [`f${450 + index}`],
      })),
      listConfigs: Array.from({ length: 50 }, (_, index) => ({
        filters: [{ field: `f${100 + index}`, operator: 'eq' }],
        orders: [{ column: `f${150 + index}` }],
      })),
    };
    const plan = planIndexedFields(app, usage);
    expect(plan.btree).toHaveLength(INDEX_CAP.btree);
    expect(plan.trigram).toHaveLength(INDEX_CAP.trigram);
    // The builder's marks come first and fill both.
    expect(names(plan).btree).toEqual(Array.from({ length: 24 }, (_, index) => `f${index + 200}`));
    expect(names(plan).trigram).toEqual(Array.from({ length: 8 }, (_, index) => `f${index + 200}`));
  });

  it('orders the tiers: marks, lookups, saved lists (most used first), list columns, title', () => {
    const app = wide(60, ['number'], {
      indexedFields: ['f50'],
      listColumns: ['f40', 'f41'],
      recordTitle: '{f45}',
    });
    const usage: IndexUsage = {
      lookups: [{ filters: [{ field: 'f30', operator: 'eq' }], sortValuesBy: 'f31' }],
      listConfigs: [
        { filters: [{ field: 'f20', operator: 'gt' }] },
        { filters: [{ field: 'f21', operator: 'eq' }], orders: [{ column: 'f20', dir: 'asc' } as never] },
        { orders: [{ column: 'f21' }] },
        { orders: [{ column: 'f21' }] },
      ],
    };
    expect(names(planIndexedFields(app, usage)).btree).toEqual([
      'f50',
      'f30',
      'f31',
      'f21',
      'f20',
      'f40',
      'f41',
      'f45',
    ]);
  });

  it('gives lookups what they use: btrees for comparisons and sorts, trigrams for contains and the label', () => {
    const app = wide(10, ['text'], { listColumns: ['f9'] });
    const plan = planIndexedFields(app, {
      lookups: [
        {
          filters: [
            { field: 'f1', operator: 'contains' },
            { field: 'f2', operator: 'eq' },
            { field: 'f3', operator: 'startswith' },
          ],
          sortValuesBy: 'f4',
          selectFieldsByThisProcess: ['f6', 'f5'],
          hideFields: ['f6'],
          flowToLookUp: 'Some app',
        },
        { selectFieldsByThisProcess: ['f7', 'f8'], flowToLookUp: 'f8' },
      ],
      listConfigs: [],
    });
    expect(names(plan)).toEqual({ btree: ['f2', 'f4', 'f9'], trigram: ['f1', 'f3', 'f5', 'f8', 'f9'] });
  });

  it('uses the default list columns when set, else the first 25 fields in form order', () => {
    const set = planIndexedFields(wide(40, ['number'], { listColumns: ['f39', 'unknown', 'f38'] }));
    expect(names(set).btree).toEqual(['f39', 'f38']);
    // Form order is the sections' and rows' order, not the stored order.
    const shuffled = wide(30, ['number']);
    shuffled.fieldGroups[0]!.fields.reverse();
    expect(names(planIndexedFields(shuffled)).btree).toEqual(
      Array.from({ length: 24 }, (_, index) => `f${index}`),
    );
  });

  it('ignores what cannot be indexed: unknown names, system columns, lists, booleans, table fields', () => {
    const plan = planIndexedFields(
      {
        ...definition,
        defaultConfig: { indexedFields: ['nope', 'created_on', 'tags', 'done', 'qty', 'pin'] },
      },
      {
        lookups: [{ filters: [{ field: 42 }, { operator: 'eq' }], sortValuesBy: null }],
        listConfigs: [
          { filters: [{ field: 'modified_on', operator: 'gt' }], orders: [{ column: undefined }] },
        ],
      },
    );
    // Only the definition's own list columns remain, as without the junk.
    expect(names(plan)).toEqual(names(planIndexedFields(definition)));
    expect(names(plan)).toEqual({ btree: ['title', 'amount', 'due', 'ref'], trigram: ['title', 'ref'] });
  });

  it('a small app keeps an index on every filterable field whatever its usage', () => {
    const usage: IndexUsage = {
      lookups: [{ sortValuesBy: 'amount' }],
      listConfigs: [{ orders: [{ column: 'due' }] }],
    };
    expect(recordIndexPlan(APP, definition, usage).map((index) => index.name)).toEqual(
      recordIndexPlan(APP, definition).map((index) => index.name),
    );
  });
});

describe('lookupsOf', () => {
  it('finds the lookups of a definition that look up the app, in table groups too, ignoring case', () => {
    const other = {
      fieldGroups: [
        { name: 'a', fields: [{ name: 'x', lookup: { moduleId: APP.toLowerCase(), sortValuesBy: 'f1' } }] },
        { name: 't', isTable: true, fields: [{ name: 'y', lookup: { moduleId: APP, sortValuesBy: 'f2' } }] },
        {
          name: 'b',
          fields: [{ name: 'z', lookup: { moduleId: '0a1b2c3d-0000-4000-8000-000000000010' } }, null],
        },
      ],
    };
    expect(lookupsOf(other, APP).map((lookup) => lookup.sortValuesBy)).toEqual(['f1', 'f2']);
    expect(lookupsOf(null, APP)).toEqual([]);
    expect(lookupsOf({ fieldGroups: 'x' }, APP)).toEqual([]);
  });
});
