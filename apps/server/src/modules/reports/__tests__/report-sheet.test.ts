import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@formloop/contracts';
import { EXPORT_TEXTS } from '../report-export/export-texts.ts';
import { filterText, headingOf, nestGrouped, sheetOf } from '../report-export/report-sheet.ts';
import { csvOf } from '../report-export/report-files.ts';

// The heading of an exported report (its filters with their values, the moment in the
// organization's zone, in the viewer's language) and a grouped report's reading order.

const f = (field: string, operator: string, value?: unknown, matchesAll = false) =>
  ({ field, operator, value, ignoreCase: false, matchesAll }) as Parameters<typeof filterText>[0];
const labels: Record<string, string> = { city: 'City', amount: 'Amount', notes: 'Notes' };

describe('export heading', () => {
  it('prints each filter with its value, several values joined by or / and', () => {
    const en = EXPORT_TEXTS.en;
    expect(filterText(f('amount', 'gte', 7), 'Amount', en)).toBe('Amount ≥ 7');
    expect(filterText(f('city', 'eq', ['Berlin', 'Paris']), 'City', en)).toBe('City = Berlin or Paris');
    expect(filterText(f('city', 'contains', ['a', 'b'], true), 'City', en)).toBe('City contains a and b');
    expect(filterText(f('notes', 'isempty'), 'Notes', en)).toBe('Notes is empty');
    expect(filterText(f('city', 'isin', ['Rome', 'Oslo']), 'City', en)).toBe('City is one of Rome, Oslo');
    expect(filterText(f('owner', 'eq', { label: 'Ann', value: 1 }), 'Owner', en)).toBe('Owner = Ann');
    expect(filterText(f('city', 'doesnotcontain', 'x'), 'Stadt', EXPORT_TEXTS.de)).toBe(
      'Stadt enthält nicht x',
    );
  });

  it('names the report, its filters (or none) and the moment of export in the zone', () => {
    const now = new Date('2026-03-29T00:30:00Z');
    expect(
      headingOf(
        'Sales',
        [f('amount', 'lt', 5)],
        (field) => labels[field]!,
        EXPORT_TEXTS.en,
        now,
        'Europe/Berlin',
      ),
    ).toEqual(['Sales', 'Filters: Amount < 5', 'Exported: 2026-03-29 01:30 (Europe/Berlin)']);
    // After the DST change an hour later, Berlin is two hours ahead.
    expect(
      headingOf(
        'Sales',
        [],
        (field) => labels[field]!,
        EXPORT_TEXTS.ja,
        new Date('2026-03-29T01:30:00Z'),
        'Europe/Berlin',
      ),
    ).toEqual(['Sales', 'フィルター: フィルターなし', 'エクスポート日時: 2026-03-29 03:30 (Europe/Berlin)']);
  });
});

describe('grouped reading order', () => {
  const row = (groups: Array<string | null>, level: number, value: number) => ({
    groups,
    labels: groups,
    measures: [value],
    level,
  });
  const result: Extract<ReportResult, { kind: 'grouped' }> = {
    kind: 'grouped',
    columns: [
      { key: 'group:0', label: 'Region', kind: 'text' },
      { key: 'group:1', label: 'City', kind: 'text' },
      { key: 'measure:0', label: 'Sum', kind: 'number' },
    ],
    // In the report's order (by the measure): groups of both regions interleave.
    rows: [row(['North', 'Oslo'], 0, 50), row(['South', 'Rome'], 0, 40), row(['North', 'Bergen'], 0, 10)],
    subtotals: [row(['South', null], 1, 40), row(['North', null], 1, 60)],
    total: row([null, null], 2, 100),
    truncated: false,
  };

  it('puts each group’s rows before its subtotal, parents in their own order, the total last', () => {
    expect(nestGrouped(result).map(({ row: r, kind }) => [kind, ...r.groups, r.measures[0]])).toEqual([
      ['row', 'South', 'Rome', 40],
      ['subtotal', 'South', null, 40],
      ['row', 'North', 'Oslo', 50],
      ['row', 'North', 'Bergen', 10],
      ['subtotal', 'North', null, 60],
      ['total', null, null, 100],
    ]);
  });

  it('writes subtotal and total rows with their words in the viewer’s language', () => {
    const sheet = sheetOf(result, ['Sales'], EXPORT_TEXTS.fr);
    expect(sheet.rows).toEqual([
      ['South', 'Rome', 40],
      ['South', 'Sous-total', 40],
      ['North', 'Oslo', 50],
      ['North', 'Bergen', 10],
      ['North', 'Sous-total', 60],
      ['Total', null, 100],
    ]);
    expect(csvOf(sheet).toString('utf8')).toBe(
      '\ufeffSales\n\nRegion,City,Sum\nSouth,Rome,40\nSouth,Sous-total,40\nNorth,Oslo,50\nNorth,Bergen,10\nNorth,Sous-total,60\nTotal,,100\n',
    );
  });
});
