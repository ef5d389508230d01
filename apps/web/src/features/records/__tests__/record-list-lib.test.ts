import { FILTER_OPERATORS } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { autoMap, parseHeaderRow, readCsvPreview } from '../lib/csv-header.ts';
import { operatorsFor, toRequestFilter, valueKindFor } from '../lib/filter-operators.ts';
import {
  automaticColumns,
  initialColumnSettings,
  listColumns,
  nobodyChoseColumns,
  visibleKeys,
  type ColumnKind,
} from '../lib/list-columns.ts';
import { fileNameOf } from '../../../shared/api/file-request.ts';
import { field, form, group, row } from './record-fixtures.tsx';

describe('record list helpers', () => {
  it('reads a CSV header row with quotes, doubled quotes, a BOM and semicolons', () => {
    expect(parseHeaderRow('\uFEFFname,"Amount, EUR","say ""hi"""\r\n1,2,3')).toEqual([
      'name',
      'Amount, EUR',
      'say "hi"',
    ]);
    expect(parseHeaderRow('a;b;c\n1;2;3')).toEqual(['a', 'b', 'c']);
    expect(parseHeaderRow('')).toEqual([]);
  });

  it('estimates the rows of a file from its first bytes', async () => {
    const preview = await readCsvPreview(new Blob(['a,b\n1,2\n3,4\n']));
    expect(preview).toEqual({ columns: ['a', 'b'], estimatedRows: 2 });
  });

  it('maps CSV columns to fields by name or label, each field once', () => {
    const fields = [field('text', 'customer_name', 'Customer'), field('number', 'amount', 'Amount')];
    expect(autoMap(['Customer', 'customer name', 'AMOUNT', 'Other'], fields)).toEqual({
      Customer: 'customer_name',
      'customer name': '',
      AMOUNT: 'amount',
      Other: '',
    });
  });

  it('takes the file name from Content-Disposition, preferring the encoded one', () => {
    expect(fileNameOf('attachment; filename="a.csv"; filename*=UTF-8\'\'%C3%84pfel.csv', 'x')).toBe(
      'Äpfel.csv',
    );
    expect(fileNameOf('attachment; filename="orders.xlsx"', 'x')).toBe('orders.xlsx');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });

  it('offers every one of the nineteen operators for some column, each with a value kind', () => {
    const kinds: ColumnKind[] = [
      'text',
      'number',
      'date',
      'boolean',
      'list',
      'users',
      'user',
      'file',
      'status',
    ];
    const offered = new Set(kinds.flatMap((kind) => operatorsFor(kind)));
    expect([...offered].sort()).toEqual([...FILTER_OPERATORS].sort());
    expect(valueKindFor('number', 'isin')).toBe('numbers');
    expect(valueKindFor('text', 'minlength')).toBe('length');
    expect(valueKindFor('date', 'isnull')).toBe('none');
    expect(valueKindFor('list', 'partof')).toBe('texts');
  });

  it('sends the flags only where they apply', () => {
    const text = listColumns(form.definition.fieldGroups).find((column) => column.key === 'customer')!;
    const tags = listColumns(form.definition.fieldGroups).find((column) => column.key === 'tags')!;
    const draft = { id: 'x', value: ' ab ', ignoreCase: true, matchesAll: true };
    expect(toRequestFilter({ ...draft, field: 'customer', operator: 'contains' }, text)).toEqual({
      field: 'customer',
      operator: 'contains',
      value: 'ab',
      ignoreCase: true,
      matchesAll: false,
    });
    expect(
      toRequestFilter({ ...draft, field: 'tags', operator: 'isin', value: ['a', 'b'] }, tags),
    ).toMatchObject({
      matchesAll: true,
    });
    expect(toRequestFilter({ ...draft, field: 'customer', operator: 'eq', value: '' }, text)).toBeNull();
  });

  it('shows the first 25 columns, or the app default, or the saved view', () => {
    const many = [
      group(
        'main',
        Array.from({ length: 30 }, (_, index) => field('text', `f${index}`, `F${index}`)),
      ),
    ];
    const columns = listColumns(many);
    expect(visibleKeys(initialColumnSettings(columns, undefined, undefined))).toHaveLength(25);
    expect(visibleKeys(initialColumnSettings(columns, undefined, ['f3', 'status']))).toEqual([
      'f3',
      'status',
    ]);
    expect(visibleKeys(initialColumnSettings(columns, ['f2', 'gone', 'f1'], ['f3']))).toEqual(['f2', 'f1']);
  });

  it('leaves out empty system columns and keeps a phone to a few, only while nobody chose columns', () => {
    const columns = listColumns([
      group('main', [field('text', 'a', 'A'), field('text', 'b', 'B'), field('text', 'c', 'C')]),
    ]);
    expect(nobodyChoseColumns(columns, undefined, undefined)).toBe(true);
    expect(nobodyChoseColumns(columns, undefined, ['gone'])).toBe(true);
    expect(nobodyChoseColumns(columns, undefined, ['a'])).toBe(false);
    expect(nobodyChoseColumns(columns, ['b'], undefined)).toBe(false);

    const settings = initialColumnSettings(columns, undefined, undefined);
    const rows = [
      row('r-1', {}, { tasks: 0, workflow_status: null, workflow_activity_name: null }),
      row('r-2', {}, { tasks: 0, workflow_status: null, workflow_activity_name: null, submitted_on: 'x' }),
    ];
    expect(visibleKeys(automaticColumns(settings, columns, rows, false))).toEqual([
      'a',
      'b',
      'c',
      'status',
      'created_by',
      'modified_by',
      'created_on',
      'modified_on',
      'submitted_on',
      'workflow_started_on',
      'workflow_initiator_email',
    ]);
    // Before the first page nothing is known to be empty.
    expect(automaticColumns(settings, columns, undefined, false)).toEqual(settings);
    expect(visibleKeys(automaticColumns(settings, columns, rows, true))).toEqual(['a', 'b', 'status']);
    const oneField = listColumns([group('main', [field('text', 'a', 'A')])]);
    expect(
      visibleKeys(
        automaticColumns(initialColumnSettings(oneField, undefined, undefined), oneField, rows, true),
      ),
    ).toEqual(['a', 'status', 'created_by']);
  });
});
