import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema } from '@formloop/contracts';
import { COMPLETE_ACTIVITY_ID, type ModuleDefinition } from '@formloop/domain';
import { ListColumns } from '../../records/index.ts';
import { groupedReportSql, pivotReportSql, reportWhere } from '../report-query/report-sql.ts';
import { groupedResult, pivotResult } from '../report-query/report-results.ts';

// Shaping what PostgreSQL answers: GROUPING() bits decide groups, subtotals and the grand total;
// ranks past the limit only mark the answer as cut; pivot cells land under their column.

const APP = '00000000-0000-4000-8000-000000000002';
const scope = { tenantId: '00000000-0000-4000-8000-000000000001', moduleId: APP, timeZone: 'UTC' };
const app = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'city', fieldType: 'text', editorType: 'text' },
        { name: 'owner', fieldType: 'user', editorType: 'user' },
        { name: 'amount', fieldType: 'number', editorType: 'number' },
      ],
    },
  ],
  defaultConfig: {},
  permission: [],
} as unknown as ModuleDefinition;
const columns = new ListColumns(app, COMPLETE_ACTIVITY_ID);
const where = reportWhere(columns, scope, []);

describe('groupedResult', () => {
  const definition = reportDefinitionSchema.parse({
    moduleId: APP,
    groupBy: [{ field: 'owner' }, { field: 'city' }],
    measures: [
      { aggregate: 'sum', field: 'amount' },
      { aggregate: 'max', field: 'city' },
    ],
    totals: true,
    limit: 2,
  });
  const built = groupedReportSql(columns, definition, scope, where);

  it('tells groups, subtotals and the grand total apart and labels users by name', () => {
    const result = groupedResult(
      [
        { g_0: 'u1', g_1: 'Berlin', label_0: 'Ann', m_0: 10, m_1: 'Berlin', grouping_bits: 0, rank: '1' },
        { g_0: 'u1', g_1: null, label_0: 'Ann', m_0: 10, m_1: 'Berlin', grouping_bits: 1, rank: '1' },
        { g_0: null, g_1: null, label_0: null, m_0: 10, m_1: 'Berlin', grouping_bits: 3, rank: '1' },
      ],
      built,
      definition.limit,
    );
    if (result.kind !== 'grouped') throw new Error(result.kind);
    expect(result.rows).toEqual([
      { groups: ['u1', 'Berlin'], labels: ['Ann', 'Berlin'], measures: [10, 'Berlin'], level: 0 },
    ]);
    expect(result.subtotals).toEqual([
      { groups: ['u1', null], labels: ['Ann', null], measures: [10, 'Berlin'], level: 1 },
    ]);
    expect(result.total).toEqual({
      groups: [null, null],
      labels: [null, null],
      measures: [10, 'Berlin'],
      level: 2,
    });
    expect(result.truncated).toBe(false);
    expect(result.columns.map((column) => [column.key, column.label, column.kind])).toEqual([
      ['group:0', 'owner', 'user'],
      ['group:1', 'city', 'text'],
      ['measure:0', 'sum amount', 'number'],
      ['measure:1', 'max city', 'text'],
    ]);
  });

  it('marks the answer cut when a level has more groups than the limit, and leaves the extra out', () => {
    const row = (rank: number) => ({
      g_0: `u${rank}`,
      g_1: 'x',
      label_0: null,
      m_0: 1,
      m_1: 'x',
      grouping_bits: 0,
      rank,
    });
    const result = groupedResult([row(1), row(2), row(3)], built, 2);
    if (result.kind !== 'grouped') throw new Error(result.kind);
    expect(result.rows.map((r) => r.groups[0])).toEqual(['u1', 'u2']);
    expect(result.truncated).toBe(true);
  });
});

describe('pivotResult', () => {
  const definition = reportDefinitionSchema.parse({
    moduleId: APP,
    pivot: { rows: [{ field: 'city' }], column: { field: 'amount' }, measure: { aggregate: 'count' } },
  });
  const built = pivotReportSql(columns, definition.pivot!, scope, where, 10);

  it('puts each cell under its column, with row, column and grand totals (bits: 0 cell, 1 row, 2 column, 3 all)', () => {
    const result = pivotResult(
      [
        { g_0: 'Berlin', g_1: '5', m_0: 2, grouping_bits: 0, row_rank: 1, column_rank: 2 },
        { g_0: 'Rome', g_1: '1', m_0: 1, grouping_bits: 0, row_rank: 2, column_rank: 1 },
        { g_0: 'Berlin', g_1: null, m_0: 2, grouping_bits: 1, row_rank: 1, column_rank: 1 },
        { g_0: 'Rome', g_1: null, m_0: 1, grouping_bits: 1, row_rank: 2, column_rank: 1 },
        { g_0: null, g_1: '1', m_0: 1, grouping_bits: 2, row_rank: 1, column_rank: 1 },
        { g_0: null, g_1: '5', m_0: 2, grouping_bits: 2, row_rank: 1, column_rank: 2 },
        { g_0: null, g_1: null, m_0: 3, grouping_bits: 3, row_rank: 1, column_rank: 1 },
      ],
      built,
      definition.pivot!,
      10,
    );
    if (result.kind !== 'pivot') throw new Error(result.kind);
    expect(result.columnKeys).toEqual([1, 5]);
    expect(result.rows).toEqual([
      { groups: ['Berlin'], labels: ['Berlin'], cells: [null, 2], total: 2 },
      { groups: ['Rome'], labels: ['Rome'], cells: [1, null], total: 1 },
    ]);
    expect(result.columnTotals).toEqual([1, 2]);
    expect(result.total).toBe(3);
    expect(result.truncated).toBe(false);
  });

  it('drops rows and columns past their limits and says the pivot was cut', () => {
    const result = pivotResult(
      [
        { g_0: 'A', g_1: '1', m_0: 1, grouping_bits: 0, row_rank: 1, column_rank: 1 },
        { g_0: 'B', g_1: '1', m_0: 1, grouping_bits: 0, row_rank: 2, column_rank: 1 },
        { g_0: null, g_1: '1', m_0: 2, grouping_bits: 2, row_rank: 1, column_rank: 1 },
      ],
      built,
      definition.pivot!,
      1,
    );
    if (result.kind !== 'pivot') throw new Error(result.kind);
    expect(result.rows.map((row) => row.groups[0])).toEqual(['A']);
    expect(result.truncated).toBe(true);
  });
});
