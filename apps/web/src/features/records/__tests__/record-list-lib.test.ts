import { FILTER_OPERATORS } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { autoMap, parseHeaderRow, readCsvPreview } from '../lib/csv-header.ts';
import { operatorsFor, toRequestFilter, valueKindFor } from '../lib/filter-operators.ts';
import { initialColumnSettings, listColumns, visibleKeys, type ColumnKind } from '../lib/list-columns.ts';
import { fileNameOf } from '../../../shared/api/file-request.ts';
import { field, form, group } from './record-fixtures.tsx';

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
});
