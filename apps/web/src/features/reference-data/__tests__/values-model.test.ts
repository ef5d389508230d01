import { describe, expect, it } from 'vitest';
import {
  appendValues,
  blankRow,
  editSnapshot,
  pastedValues,
  rowErrorsFromServer,
  rowProblems,
  saveBodyOf,
  type EditableRow,
} from '../values-model.ts';
import { moveItem } from '../../../shared/lib/move-item.ts';

const row = (value: string, row_id?: string, data: Record<string, string> = {}): EditableRow => ({
  key: row_id ?? `k-${value}`,
  ...(row_id ? { row_id } : {}),
  value,
  data,
});

describe('values model', () => {
  it('moves one row and keeps the rest in order', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
  });

  it('reads pasted lines, trimmed, without blank ones, and appends only new values', () => {
    expect(pastedValues(' Red \r\n\nGreen\rBlue\n  \n')).toEqual(['Red', 'Green', 'Blue']);
    const result = appendValues([row('Red')], ['red', 'Green', 'GREEN', 'Blue']);
    expect(result.rows.map((entry) => entry.value)).toEqual(['Red', 'Green', 'Blue']);
    expect(result).toMatchObject({ added: 2, skipped: 2 });
  });

  it('finds empty, too long and repeated values, by row key', () => {
    const rows = [row('A'), row(' '), row('a '), row('x'.repeat(501))];
    expect([...rowProblems(rows)]).toEqual([
      ['k- ', 'A value cannot be empty.'],
      ['k-a ', 'The value "a" appears more than once in the list.'],
      [`k-${'x'.repeat(501)}`, 'A value cannot exceed 500 characters.'],
    ]);
  });

  it('builds the save body in on-screen order with row ids and the list’s cells', () => {
    const body = saveBodyOf(
      'l-1',
      { key_name: 'Countries', categories: ['Geo', 'EU'], description: '' },
      ['code'],
      [row('France', 'r-1', { code: 'FR', stale: 'x' }), blankRow('Spain')],
    );
    expect(body).toEqual({
      id: 'l-1',
      key_name: 'Countries',
      categories: 'Geo,EU',
      description: '',
      values: [
        { row_id: 'r-1', value: 'France', data: { code: 'FR' } },
        { value: 'Spain', data: { code: '' } },
      ],
    });
    expect(saveBodyOf(undefined, { key_name: 'X', categories: [], description: '' }, [], [row('A')])).toEqual(
      {
        key_name: 'X',
        categories: '',
        description: '',
        values: [{ value: 'A' }],
      },
    );
  });

  it('sees a change when a value, the order or a field differs', () => {
    const fields = { key_name: 'X', categories: [], description: '' };
    const rows = [row('A', 'r-a'), row('B', 'r-b')];
    const base = editSnapshot(fields, [], rows);
    expect(editSnapshot(fields, [], [...rows])).toBe(base);
    expect(editSnapshot(fields, [], moveItem(rows, 1, 0))).not.toBe(base);
    expect(editSnapshot({ ...fields, description: 'd' }, [], rows)).not.toBe(base);
  });

  it('puts server field errors on the rows they name', () => {
    const rows = [row('A'), row('B')];
    const errors = rowErrorsFromServer(
      [
        { field: 'key_name', message: 'x' },
        { field: 'values.1.value', message: 'The value "B" appears more than once in the list.' },
      ],
      rows,
    );
    expect([...errors]).toEqual([['k-B', 'The value "B" appears more than once in the list.']]);
  });
});
