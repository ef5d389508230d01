import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, REPORT_PATHS, reportExportPath } from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import type { People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { arrangeReportWorld } from './report-fixtures.ts';

// Exports of a report against real PostgreSQL: the heading with the filters and their values, a
// grouped report's subtotals and total, a pivot read back from XLSX with exceljs, a PDF read back
// with pdf-parse, a plain report streamed as the viewer's list; hidden fields and other tenants refused.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
});
afterAll(() => server?.close());

describe('exports of what the viewer sees', () => {
  const exportOf = async (client: TestClient, body: object) => {
    const res = await client.post(REPORT_PATHS.export, body);
    expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
    return res;
  };
  const grouped = {
    moduleId: '',
    groupBy: [{ field: 'city' }],
    measures: [{ aggregate: 'sum', field: 'amount' }],
    totals: true,
    filters: [{ field: 'amount', operator: 'gte', value: 5 }],
  };

  it('writes a grouped report as CSV under a heading with the filter values, subtotals and total', async () => {
    const res = await exportOf(people.fred, {
      name: 'By city',
      format: 'csv',
      definition: { ...grouped, moduleId: appId },
      filters: [{ field: 'city', operator: 'neq', value: 'Rome' }],
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('By city.csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines.slice(0, 2)).toEqual(['By city', 'Filters: AMOUNT ≥ 5; CITY ≠ Rome']);
    expect(lines[2]).toMatch(/^Exported: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Berlin\)$/);
    expect(lines.slice(4)).toEqual(['CITY,sum AMOUNT', 'Berlin,30', 'Paris,12', 'Total,42']);
  });

  it('writes a pivot as XLSX that stays pivoted when read back', async () => {
    const res = await people.fred.post(REPORT_PATHS.export, {
      format: 'xlsx',
      language: 'de',
      definition: {
        moduleId: appId,
        pivot: {
          rows: [{ field: 'city' }],
          column: { field: 'created_on', grain: 'month' },
          measure: { aggregate: 'sum', field: 'amount' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Orders']);
    expect(values(2)).toEqual(['Filter: Keine Filter']);
    expect(values(5)).toEqual(['CITY', '2026-03-01', '2026-04-01', 'Gesamt']);
    expect(values(6)).toEqual(['Berlin', 30, undefined, 30]);
    expect(values(7)).toEqual(['Paris', 5, 7, 12]);
    expect(values(8)).toEqual(['Rome', undefined, 100, 100]);
    expect(values(9)).toEqual(['Gesamt', 35, 107, 142]);
  });

  it('writes a saved report as a PDF whose text holds the heading and the totals', async () => {
    const saved = await people.fred.post(REPORT_PATHS.save, {
      name: 'Amounts PDF',
      definition: { ...grouped, moduleId: appId },
    });
    const id = saved.json().data.id as string;
    const res = await people.fred.post(reportExportPath(id), { format: 'pdf', landscape: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    expect(text).toContain('Amounts PDF');
    expect(text).toContain('Filters: AMOUNT ≥ 5');
    expect(text).toMatch(/Berlin\s+30/);
    expect(text).toMatch(/Rome\s+100/);
    expect(text).toMatch(/Total\s+142/);
    // Another tenant cannot export it.
    expect((await gina.post(reportExportPath(id), { format: 'pdf' })).statusCode).toBe(404);
  });

  it('streams a plain report as the viewer’s list, under the heading, hidden fields never', async () => {
    const res = await exportOf(people.fred, {
      format: 'csv',
      definition: {
        moduleId: appId,
        columns: ['city', 'amount'],
        orders: [{ column: 'amount', dir: 'asc' }],
      },
      filters: [{ field: 'city', operator: 'isin', value: ['Paris', 'Rome'] }],
    });
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    // CSV quotes the line: its values are separated by a comma.
    expect(lines.slice(0, 2)).toEqual(['Orders', '"Filters: CITY is one of Paris, Rome"']);
    expect(lines.slice(4)).toEqual(['CITY,AMOUNT', 'Paris,5', 'Paris,7', 'Rome,100']);
    const hidden = await people.fred.post(REPORT_PATHS.export, {
      format: 'csv',
      definition: { moduleId: appId, columns: ['secret'] },
    });
    expect(hidden.statusCode).toBe(400);
  });
});

describe('drill to records', () => {
  const drill = async (definition: object, keys: unknown[], filters: object[] = []) => {
    const res = await people.fred.post(REPORT_PATHS.drill, {
      definition: { moduleId: appId, ...definition },
      keys,
      filters,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { moduleId: string; filters: object[] };
  };
  const listCount = async (filters: object[]) => {
    const res = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: appId, filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.recordsFiltered as number;
  };

  it('gives the list the filters that count exactly what each group counted', async () => {
    const definition = {
      groupBy: [{ field: 'created_on', grain: 'week' }, { field: 'city' }],
      filters: [{ field: 'amount', operator: 'gt', value: 1 }],
      totals: true,
    };
    const run = await people.fred.post(REPORT_PATHS.run, { definition: { moduleId: appId, ...definition } });
    const result = run.json().data as {
      rows: Array<{ groups: unknown[]; measures: number[] }>;
      subtotals: Array<{ groups: unknown[]; measures: number[] }>;
    };
    expect(result.rows.length).toBeGreaterThan(2);
    for (const row of result.rows) {
      const target = await drill(definition, row.groups);
      expect(target.moduleId).toBe(appId);
      expect(await listCount(target.filters), JSON.stringify(row.groups)).toBe(row.measures[0]);
    }
    // A subtotal: the week across Berlin's DST change holds the Sunday-night and Thursday records.
    for (const subtotal of result.subtotals) {
      const target = await drill(definition, subtotal.groups.slice(0, 1));
      expect(await listCount(target.filters), JSON.stringify(subtotal.groups)).toBe(subtotal.measures[0]);
    }
    expect(result.subtotals.find((row) => row.groups[0] === '2026-03-30')?.measures[0]).toBe(2);
  });

  it('drills a pivot cell and a number card, and refuses hidden fields', async () => {
    const pivot = {
      pivot: {
        rows: [{ field: 'city' }],
        column: { field: 'created_on', grain: 'month' },
        measure: { aggregate: 'count' },
      },
    };
    expect(await listCount((await drill(pivot, ['Paris', '2026-04-01'])).filters)).toBe(1);
    // Every column total of the pivot: the column's records, whatever their city.
    const run = await people.fred.post(REPORT_PATHS.run, { definition: { moduleId: appId, ...pivot } });
    const { columnKeys: keys, columnTotals } = run.json().data as {
      columnKeys: unknown[];
      columnTotals: number[];
    };
    expect(keys.length).toBeGreaterThan(1);
    for (const [i, column] of keys.entries()) {
      const res = await people.fred.post(REPORT_PATHS.drill, {
        definition: { moduleId: appId, ...pivot },
        column,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await listCount(res.json().data.filters), String(column)).toBe(columnTotals[i]);
    }
    const card = {
      measures: [{ aggregate: 'count' }],
      filters: [{ field: 'city', operator: 'eq', value: 'Berlin' }],
    };
    expect(await listCount((await drill(card, [])).filters)).toBe(2);
    const hidden = await people.fred.post(REPORT_PATHS.drill, {
      definition: { moduleId: appId, groupBy: [{ field: 'secret' }] },
      keys: [1],
    });
    expect(hidden.statusCode).toBe(400);
  });
});
