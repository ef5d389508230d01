import type { FieldValueType } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import { checkFormula } from '../index.ts';

const fields: Record<string, FieldValueType> = {
  price: 'number',
  qty: 'number',
  name: 'text',
  code: 'text',
  active: 'boolean',
  due: 'date',
  start: 'datetime',
  opens: 'time',
  tags: 'list',
  extra: 'any',
  lines: 'list',
  'lines.amount': 'number',
  'lines.label': 'text',
};

const typeOf = (source: string): FieldValueType => {
  const result = checkFormula(source, fields);
  expect(result.diagnostics, source).toEqual([]);
  expect(result.ok).toBe(true);
  return result.type;
};
const codes = (source: string, expected?: FieldValueType): string[] =>
  checkFormula(source, fields, expected ? { expected } : {}).diagnostics.map((d) => d.code);

describe('result types', () => {
  it.each([
    ['1 + 2', 'number'],
    ['"a" & 1', 'text'],
    ['{price} > 3', 'boolean'],
    ['{price} * {qty}', 'number'],
    ['{due} + 7', 'date'],
    ['7 + {due}', 'date'],
    ['{due} - 1', 'date'],
    ['{due} - {due}', 'number'],
    ['{start} + 1/24', 'datetime'],
    ['{due} + {opens}', 'datetime'],
    ['{start} - {opens}', 'datetime'],
    ['{opens} + TIME(1, 0, 0)', 'time'],
    ['{opens} - {opens}', 'number'],
    ['"2024-01-31" + 1', 'date'],
    ['TODAY()', 'date'],
    ['NOW()', 'datetime'],
    ['EDATE({due}, 1)', 'date'],
    ['DATEDIF({due}, TODAY(), "D")', 'number'],
    ['IF({active}, 1, 2)', 'number'],
    ['IF({active}, 1, "x")', 'any'],
    ['IF({active}, 1)', 'any'],
    ['IFS({active}, {due}, TRUE, TODAY())', 'date'],
    ['IFERROR({price} / {qty}, 0)', 'number'],
    ['MAX({due}, TODAY())', 'date'],
    ['MAX({price}, 1)', 'number'],
    ['SUM({lines.amount})', 'number'],
    ['{lines.amount}', 'list'],
    ['{tags}', 'list'],
    ['{extra} + 1', 'any'],
    ['{extra}', 'any'],
    ['-{price}%', 'number'],
    ['TEXT({due}, "yyyy")', 'text'],
    ['+{name}', 'text'],
  ])('%s is %s', (source, expected) => {
    expect(typeOf(source)).toBe(expected);
  });
});

describe('type errors', () => {
  it.each([
    ['{name} * 2', 'text in arithmetic'],
    ['-{name}', 'negated text'],
    ['{name}%', 'percent of text'],
    ['{price} + "abc"', 'a non-numeric text literal'],
    ['LEFT({name}, 2) + 1', 'a text function result in arithmetic'],
    ['{lines.amount} + 1', 'a list in arithmetic'],
    ['{tags} & "x"', 'a list in concatenation'],
    ['{lines.amount} = 1', 'a list in a comparison'],
    ['YEAR({active})', 'a date function on a boolean'],
    ['YEAR({opens})', 'a date function on a time'],
    ['YEAR({tags})', 'a date function on a list'],
    ['YEAR("soon")', 'a date function on a text literal that is not a date'],
    ['LEN({tags})', 'a text function on a list'],
    ['ROUND({name}, 2)', 'a number parameter given text'],
    ['SUM({name})', 'SUM of a text field'],
    ['IF({name}, 1, 2)', 'a text field as a condition'],
    ['{due} + {due}', 'two dates added'],
    ['1 - {due}', 'a date subtracted from a number'],
    ['{opens} - {due}', 'a date subtracted from a time'],
  ])('%s: %s', (source) => {
    expect(codes(source)).toEqual(['typeMismatch']);
  });

  it('numeric text literals, booleans and any are accepted as numbers', () => {
    expect(codes('"12" * 2 + TRUE + {extra}')).toEqual([]);
    expect(codes('ROUND("3.5", 0)')).toEqual([]);
    expect(codes('IF("TRUE", 1, 2)')).toEqual([]);
  });

  it('a text field may hold a date for date functions (ISO text is read at run time)', () => {
    expect(codes('YEAR({code})')).toEqual([]);
  });

  it('the message names the operand and says what to do', () => {
    const [d] = checkFormula('{price} * {name}', fields).diagnostics;
    expect(d?.message).toBe(
      '{name} is text and cannot be used as a number; use VALUE() to read a number from text at position 10',
    );
    expect(d?.params).toMatchObject({ expected: 'number', actual: 'text', text: '{name}' });
    const [f] = checkFormula('YEAR({active})', fields).diagnostics;
    expect(f?.message).toBe('YEAR expects a date for date but {active} is boolean at position 5');
    expect(f?.params).toMatchObject({ name: 'YEAR', param: 'date', expected: 'date', actual: 'boolean' });
  });
});

describe('expected result type', () => {
  it.each([
    ['{price} * 2', 'number', []],
    ['{name} & "!"', 'number', ['resultType']],
    ['{price} * 2', 'text', []],
    ['{due}', 'text', []],
    ['{active}', 'number', ['resultType']],
    ['{price} > 1', 'boolean', []],
    ['{price}', 'boolean', ['resultType']],
    ['{due} + 1', 'date', []],
    ['{start}', 'date', []],
    ['{due}', 'datetime', []],
    ['{price}', 'date', ['resultType']],
    ['{opens}', 'time', []],
    ['{due}', 'time', ['resultType']],
    ['{extra}', 'number', []],
    ['IF({active}, 1, "")', 'number', []],
    ['{lines.amount}', 'list', []],
    ['{price}', 'list', ['resultType']],
    ['"x"', 'any', []],
  ] as const)('%s for a %s field → %j', (source, expected, result) => {
    expect(codes(source, expected)).toEqual(result);
  });

  it('a resultType problem is reported only when the formula is otherwise sound', () => {
    expect(codes('{nope} & "x"', 'number')).toEqual(['unknownField']);
  });
});

describe('collected diagnostics and references', () => {
  it('reports every problem, in source order of discovery', () => {
    const result = checkFormula('FOO({a}) + ROUND() + {name} * 2', fields);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([
      ['unknownField', 4, 7],
      ['unknownFunction', 0, 3],
      ['argumentCount', 11, 18],
      ['typeMismatch', 21, 27],
    ]);
  });

  it('lists references even when the formula does not parse', () => {
    expect(checkFormula('{price} * {lines.amount} + {price}', fields).references).toEqual([
      'price',
      'lines.amount',
    ]);
    const broken = checkFormula('{price} + {qty} +', fields);
    expect(broken.ok).toBe(false);
    expect(broken.type).toBe('any');
    expect(broken.references).toEqual(['price', 'qty']);
  });

  it('ignores field-map entries that are not value types', () => {
    const odd = { weird: 'banana' } as unknown as Record<string, FieldValueType>;
    expect(checkFormula('{weird}', odd).diagnostics[0]?.code).toBe('unknownField');
  });
});
