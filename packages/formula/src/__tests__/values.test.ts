import { describe, expect, it } from 'vitest';
import { evaluateFormula } from '../index.ts';

const run = (
  source: string,
  values: Record<string, unknown> = {},
  resultType?: 'number' | 'text' | 'boolean',
) => evaluateFormula(source, values, resultType ? { resultType } : {});
const value = (source: string, values: Record<string, unknown> = {}): unknown => {
  const result = run(source, values);
  expect(result.error).toBeNull();
  return result.value;
};

describe('null handling', () => {
  const empty = { n: null, u: undefined, s: '' };

  it('a missing, null or undefined field is null', () => {
    expect(value('{n}', empty)).toBeNull();
    expect(value('{u}', empty)).toBeNull();
    expect(value('{missing}', empty)).toBeNull();
  });

  it('counts as 0 in arithmetic, "" included', () => {
    expect(value('{n} + 1', empty)).toBe(1);
    expect(value('{missing} * 5 + 2', empty)).toBe(2);
    expect(value('-{n}', empty)).toBe(0);
    expect(value('{s} + 1', empty)).toBe(1);
    expect(value('{n}%', empty)).toBe(0);
    expect(value('2 ^ {n}', empty)).toBe(1);
  });

  it('counts as "" in concatenation', () => {
    expect(value('"a" & {n} & "b"', empty)).toBe('ab');
    expect(value('CONCAT("a", {n}, "b")', empty)).toBe('ab');
  });

  it('equals "", 0 and FALSE in comparisons', () => {
    expect(value('{n} = ""', empty)).toBe(true);
    expect(value('{n} = 0', empty)).toBe(true);
    expect(value('0 = {n}', empty)).toBe(true);
    expect(value('{n} = FALSE', empty)).toBe(true);
    expect(value('{n} = {missing}', empty)).toBe(true);
    expect(value('{n} < 1', empty)).toBe(true);
    expect(value('{n} <> "x"', empty)).toBe(true);
    // "" itself is text: not equal to 0, as in spreadsheets.
    expect(value('{s} = 0', empty)).toBe(false);
  });

  it('is FALSE as a condition', () => {
    expect(value('IF({n}, "yes", "no")', empty)).toBe('no');
    expect(value('NOT({n})', empty)).toBe(true);
    expect(value('AND(TRUE, {n})', empty)).toBe(false);
  });

  it('is skipped by SUM, AVERAGE, COUNT and MIN in lists and as arguments', () => {
    const data = { t: [{ x: 2 }, { x: null }, {}, { x: 4 }], n: null };
    expect(value('SUM({t.x})', data)).toBe(6);
    expect(value('AVERAGE({t.x})', data)).toBe(3);
    expect(value('AVERAGE({t.x}, {n})', data)).toBe(3);
    expect(value('COUNT({t.x})', data)).toBe(2);
    expect(value('COUNTA({t.x})', data)).toBe(2);
    expect(value('MIN({t.x})', data)).toBe(2);
    expect(value('MAX({n}, -1)', data)).toBe(-1);
  });

  it('a blank result is stored as null for typed fields', () => {
    expect(run('""', {}, 'text').value).toBeNull();
    expect(run('{n}', { n: null }, 'number').value).toBeNull();
    expect(run('IF(FALSE, 1, "")', {}, 'number')).toEqual({ value: null, error: null });
  });

  it('ISBLANK is TRUE for null, "" and an empty list only', () => {
    expect(value('ISBLANK({n})', empty)).toBe(true);
    expect(value('ISBLANK({s})', empty)).toBe(true);
    expect(value('ISBLANK({t.x})', { t: [] })).toBe(true);
    expect(value('ISBLANK(0)')).toBe(false);
    expect(value('ISBLANK(" ")')).toBe(false);
  });
});

describe('numbers', () => {
  it('rounds floating noise to 15 significant digits, as Excel shows it', () => {
    expect(value('0.1 + 0.2')).toBe(0.3);
    expect(value('0.1 + 0.2 = 0.3')).toBe(true);
    expect(value('1.1 * 3')).toBe(3.3);
    expect(value('1 - 0.9')).toBe(0.1);
    expect(value('SUM(0.1, 0.2, 0.3)')).toBe(0.6);
    expect(value('1/3')).toBe(0.333333333333333);
    expect(value('ROUNDUP(0.1 + 0.2, 1)')).toBe(0.3);
    expect(value('123456789012345678')).toBe(123456789012346000);
  });

  it('never returns -0', () => {
    expect(Object.is(value('-0'), 0)).toBe(true);
    expect(Object.is(value('0 * -1'), 0)).toBe(true);
  });

  it('reads numeric text in arithmetic, and reports text that is not a number', () => {
    expect(value('"12" + 1')).toBe(13);
    expect(value('{a} * 2', { a: '1,250.50' })).toBe(2501);
    expect(value('"50%" * 2')).toBe(1);
    expect(value('" 3 " * 2')).toBe(6);
    expect(run('{a} * 2', { a: 'twelve' }).error?.code).toBe('invalidValue');
  });

  it('TRUE is 1 and FALSE is 0 in arithmetic', () => {
    expect(value('TRUE + TRUE')).toBe(2);
    expect(value('{flag} * 10', { flag: false })).toBe(0);
  });

  it('number results are plain JS numbers; text results of numbers use up to 15 digits', () => {
    expect(value('2/3 & ""')).toBe('0.666666666666667');
    expect(value('1e21 & ""')).toBe('1E+21');
    expect(typeof value('{a}', { a: 5 })).toBe('number');
  });

  it('non-finite input values are treated as blank', () => {
    expect(value('{a} + 1', { a: Number.NaN })).toBe(1);
    expect(value('{a} + 1', { a: Number.POSITIVE_INFINITY })).toBe(1);
  });
});

describe('comparisons', () => {
  it.each([
    ['"abc" = "ABC"', true],
    ['"a" < "b"', true],
    ['"B" > "a"', true],
    ['1 < "a"', true],
    ['"a" < TRUE', true],
    ['FALSE < TRUE', true],
    ['2 <> 3', true],
    ['"10" = 10', true],
    ['"x10" = 10', false],
    ['3 >= 3', true],
    ['3 <= 2', false],
  ])('%s is %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('compares dates held as ISO text with dates computed by functions', () => {
    const now = new Date('2024-03-15T12:00:00Z');
    expect(evaluateFormula('{due} < TODAY()', { due: '2024-03-14' }, { now }).value).toBe(true);
    expect(evaluateFormula('{due} = DATE(2024, 3, 15)', { due: '2024-03-15' }, { now }).value).toBe(true);
    expect(evaluateFormula('{a} < {b}', { a: '2024-01-09', b: '2024-01-10' }).value).toBe(true);
  });

  it('lists cannot be compared', () => {
    expect(run('{t.x} = 1', { t: [{ x: 1 }] }).error?.code).toBe('invalidValue');
  });
});

describe('concatenation', () => {
  it('joins numbers, booleans and dates as text', () => {
    expect(value('"n=" & 1.50 & ", ok=" & TRUE & ", d=" & DATE(2024,1,31)')).toBe(
      'n=1.5, ok=TRUE, d=2024-01-31',
    );
    expect(value('CONCAT("Total: ", 0.1 + 0.2, " EUR")')).toBe('Total: 0.3 EUR');
    expect(value('CONCATENATE(1, 2, 3)')).toBe('123');
    expect(value('CONCAT({t.x})', { t: [{ x: 'a' }, { x: 1 }, { x: null }, { x: true }] })).toBe('a1TRUE');
  });

  it('a list cannot be concatenated with &', () => {
    expect(run('{t.x} & "a"', { t: [{ x: 1 }] }).error?.code).toBe('invalidValue');
  });
});

describe('lazy evaluation', () => {
  it.each([
    ['IF(FALSE, 1/0, 2)', 2],
    ['IF(TRUE, 2, 1/0)', 2],
    ['IF(1 > 2, {x} * "bad")', false],
    ['IFS(FALSE, 1/0, TRUE, 3, 1/0, 4)', 3],
    ['IFERROR(1/0, "fallback")', 'fallback'],
    ['IFERROR(5, 1/0)', 5],
    ['AND(FALSE, 1/0)', false],
    ['OR(TRUE, 1/0)', true],
    ['ISERROR(1/0)', true],
    ['ISERROR(1)', false],
  ])('%s is %j', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('an error in the condition is the result', () => {
    expect(run('IF(1/0, 1, 2)').error?.code).toBe('divisionByZero');
    expect(run('AND(TRUE, 1/0)').error?.code).toBe('divisionByZero');
  });
});

describe('table columns and lists', () => {
  const order = {
    lines: [
      { product: 'A', qty: 2, price: 9.99 },
      { product: 'B', qty: 1, price: 0.01 },
      { product: 'C', qty: null, price: '5' },
    ],
  };

  it('a column is the list of its values across the rows', () => {
    expect(value('{lines.qty}', order)).toEqual([2, 1, null]);
    expect(value('SUM({lines.price})', order)).toBe(15);
    expect(value('SUM({lines.qty}) * 2', order)).toBe(6);
    expect(value('MAX({lines.price})', order)).toBe(9.99);
    expect(value('COUNTA({lines.product})', order)).toBe(3);
  });

  it("also reads a column given directly as values['table.column']", () => {
    expect(value('SUM({lines.qty})', { 'lines.qty': [1, 2, 3] })).toBe(6);
    expect(value('SUM({lines.qty})', { 'lines.qty': 4 })).toBe(4);
  });

  it('a missing table or a table that is not a list gives an empty list', () => {
    expect(value('SUM({nothing.x})')).toBe(0);
    expect(value('SUM({lines.qty})', { lines: 'oops' })).toBe(0);
    expect(value('SUM({lines.qty})', { lines: [null, 5, [1], { qty: [1, 2] }, { qty: 3 }] })).toBe(3);
  });

  it('a multi-select value is a list', () => {
    expect(value('COUNTA({tags})', { tags: ['a', 'b'] })).toBe(2);
    expect(evaluateFormula('{tags}', { tags: ['a', 'b'] }, { resultType: 'text' }).value).toBe('a, b');
  });
});

describe('record values', () => {
  it('objects (users, lookups) pass through untouched but cannot be computed with', () => {
    const owner = { id: 7, name: 'Ada' };
    expect(value('IF(TRUE, {owner})', { owner })).toBe(owner);
    expect(run('{owner} & ""', { owner }).error?.code).toBe('invalidValue');
    expect(run('{owner} + 1', { owner }).error?.code).toBe('invalidValue');
    expect(value('ISBLANK({owner})', { owner })).toBe(false);
  });
});
