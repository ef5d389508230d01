import { describe, expect, it } from 'vitest';
import { exportLanguage } from '../lib/export-language.ts';
import { fileNameOf } from '../../../shared/api/file-request.ts';
import { chartPointKeys, drillKeysOf, drillLabelOf } from '../lib/result-data.ts';
import { quickDefinition } from '../pages/inquiry-page.tsx';
import { groupedResult, MODULE_ID } from './report-fixtures.tsx';

describe('drill keys', () => {
  it('keeps a group’s keys, a subtotal’s leading ones, and none for the total', () => {
    const [row] = groupedResult.kind === 'grouped' ? groupedResult.rows : [];
    expect(row && drillKeysOf(row)).toEqual(['North', '2026-01']);
    expect(row && drillLabelOf(row, '(empty)')).toBe('North / Jan 2026');
    expect(drillKeysOf({ groups: ['North', null], labels: [null, null], measures: [15], level: 1 })).toEqual([
      'North',
    ]);
    expect(drillKeysOf({ groups: [null, null], labels: [null, null], measures: [22], level: 2 })).toEqual([]);
    // An empty group drills into its null key (the server turns it into "is empty").
    expect(drillKeysOf({ groups: [null], labels: [null], measures: [1], level: 0 })).toEqual([null]);
  });

  it('gives each chart point the keys of the group it draws', () => {
    expect(chartPointKeys(groupedResult)).toEqual([
      ['North', '2026-01'],
      ['North', '2026-02'],
      ['South', '2026-01'],
    ]);
  });
});

describe('exports', () => {
  it('sends the UI language, or English for one the server does not know', () => {
    expect(exportLanguage('de')).toBe('de');
    expect(exportLanguage('zh-CN')).toBe('zh');
    expect(exportLanguage('pt-BR')).toBe('en');
    expect(exportLanguage(undefined)).toBe('en');
  });

  it('names the file as the server does', () => {
    expect(
      fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''Umsatz%20%C3%BCbersicht.csv`, 'x'),
    ).toBe('Umsatz übersicht.csv');
    expect(fileNameOf('attachment; filename="plain.pdf"', 'x')).toBe('plain.pdf');
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});

describe('Quick Report definition', () => {
  it('lists records plainly, or counts per group with totals', () => {
    expect(quickDefinition(MODULE_ID, ['region'], [], [])).toMatchObject({
      columns: ['region'],
      groupBy: [],
      measures: [],
      totals: false,
    });
    expect(quickDefinition(MODULE_ID, ['region'], [], [{ field: 'region' }])).toMatchObject({
      columns: [],
      groupBy: [{ field: 'region' }],
      measures: [{ aggregate: 'count' }],
      totals: true,
    });
  });
});
