import type { LookupSettings } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { targetValue } from '../controls/button-result.tsx';
import { answerText, filterOptions, optionsFromAnswer, tableOf } from '../runtime/external-model.ts';
import { parseCellAddress } from '../runtime/field-scope.ts';
import { utcOffset } from '../runtime/gov-client.ts';
import {
  copiesFrom,
  filtersReady,
  labelFieldOf,
  lookupFilters,
  recordLabel,
  tableRowsFrom,
  visibleColumnsOf,
} from '../runtime/lookup-model.ts';

const lookup = (patch: Partial<LookupSettings>): LookupSettings => ({
  flowToLookUp: 'Customers',
  moduleId: 'app-1',
  filters: [],
  sortValuesBy: '',
  sortType: 'asc',
  selectFieldsByThisProcess: [],
  hideFields: [],
  autoSelectFirstValueByFilters: false,
  isTable: false,
  tableName: '',
  ...patch,
});

describe('lookup rules', () => {
  it('names options by flowToLookUp only when it is a selected field, else the first shown field', () => {
    expect(
      labelFieldOf(lookup({ selectFieldsByThisProcess: ['id_code', 'name'], hideFields: ['id_code'] })),
    ).toBe('name');
    expect(
      labelFieldOf(lookup({ flowToLookUp: 'email', selectFieldsByThisProcess: ['name', 'email'] })),
    ).toBe('email');
    const settings = lookup({ selectFieldsByThisProcess: ['name', 'email', 'code'], hideFields: ['code'] });
    expect(visibleColumnsOf(settings)).toEqual(['email']);
    expect(recordLabel({ id: 'r1', data: { name: 'Ada' } }, settings)).toBe('Ada');
    expect(recordLabel({ id: 'r1', data: {} }, settings)).toBe('r1');
  });

  it('takes filter values from the form, leaving out filters whose field is still empty', () => {
    const settings = lookup({
      filters: [
        { field: 'customer', operator: 'eq', value: 'customer', valueFromField: true },
        { field: 'region', operator: 'eq', value: 'region', valueFromField: true },
        { field: 'kind', operator: 'neq', value: 'internal', valueFromField: false },
        { field: 'x', operator: 'bogus', value: '1', valueFromField: false },
      ],
    });
    const values = { customer: { id: 'rec-9', label: 'Ada' }, region: '' };
    expect(lookupFilters(settings, values)).toEqual([
      { field: 'customer', operator: 'eq', ignoreCase: true, value: 'rec-9' },
      { field: 'kind', operator: 'neq', ignoreCase: true, value: 'internal' },
    ]);
    expect(filtersReady(settings, values)).toBe(false);
    expect(filtersReady(settings, { ...values, region: 'North' })).toBe(true);
  });

  it('copies selected fields except into itself, and fills tables from records or their own tables', () => {
    const settings = lookup({ selectFieldsByThisProcess: ['customer', 'email'], tableName: 'lines' });
    expect(copiesFrom({ id: 'r', data: { customer: 'x', email: 'e' } }, settings, 'customer')).toEqual({
      email: 'e',
    });
    expect(copiesFrom(null, settings, 'pick')).toEqual({ customer: null, email: null });
    const withLines = lookup({ selectFieldsByThisProcess: ['sku'], tableName: 'lines' });
    expect(
      tableRowsFrom(
        [
          { id: 'a', data: { lines: [{ sku: 'A', hidden: 1 }, { sku: 'B' }] } },
          { id: 'b', data: { sku: 'C' } },
        ],
        withLines,
      ),
    ).toEqual([{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }]);
  });

  it('finds the table cell a control sits in from its value key', () => {
    expect(parseCellAddress('lines.2.product', 'product')).toEqual({ groupName: 'lines', rowIndex: 2 });
    expect(parseCellAddress('a.b.0.qty', 'qty')).toEqual({ groupName: 'a.b', rowIndex: 0 });
    expect(parseCellAddress('product', 'product')).toBeNull();
    expect(parseCellAddress(null, 'product')).toBeNull();
  });
});

describe('external answers', () => {
  it('turns answers into options: strings, objects by value/label keys or their first text', () => {
    expect(optionsFromAnswer(['a', 'b', 'a', 3])).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
      { value: '3', label: '3' },
    ]);
    expect(optionsFromAnswer([{ id: 7, name: 'Seven' }, { city: 'Paris', zip: 75 }, null])).toEqual([
      { value: '7', label: 'Seven' },
      { value: 'Paris', label: 'Paris' },
    ]);
    expect(optionsFromAnswer({ results: ['x'] })).toEqual([{ value: 'x', label: 'x' }]);
    expect(optionsFromAnswer(null)).toEqual([]);
    expect(filterOptions(optionsFromAnswer(['Paris', 'Lyon']), 'par')).toEqual([
      { value: 'Paris', label: 'Paris' },
    ]);
  });

  it('reads one text value from an answer', () => {
    expect(answerText('GB1')).toBe('GB1');
    expect(answerText(12.5)).toBe('12.5');
    expect(answerText(['a', 'b'])).toBe('a, b');
    expect(answerText([{ value: 'only' }])).toBe('only');
    expect(answerText({ valid: true })).toBe('{"valid":true}');
    expect(answerText(null)).toBe('');
  });

  it('renders tables and target values by render type', () => {
    expect(tableOf([{ a: 1 }, { b: { label: 'L' } }, 'z'])).toEqual({
      columns: ['a', 'b', 'value'],
      rows: [{ a: '1' }, { b: 'L' }, { value: 'z' }],
    });
    expect(targetValue([{ a: 1 }], 'table', true)).toEqual([{ a: '1' }]);
    expect(targetValue({ a: 1 }, 'json', false)).toBe('{\n  "a": 1\n}');
    expect(targetValue('<b onclick="x()">b</b>', 'html', false)).toBe('<b>b</b>');
  });

  it('writes the time zone as HMRC does', () => {
    const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;
    expect(utcOffset(at(0))).toBe('UTC+00:00');
    expect(utcOffset(at(-60))).toBe('UTC+01:00');
    expect(utcOffset(at(330))).toBe('UTC-05:30');
  });
});
