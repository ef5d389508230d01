import { describe, expect, it } from 'vitest';
import {
  FORMULA_ERROR_CODES,
  checkFormula,
  evaluateComputedFields,
  evaluateFormula,
  parseFormula,
  type FormulaDiagnostic,
} from '../index.ts';

const parseError = (source: string): FormulaDiagnostic => {
  const { ast, diagnostics } = parseFormula(source);
  expect(ast).toBeNull();
  expect(diagnostics).toHaveLength(1);
  return diagnostics[0] as FormulaDiagnostic;
};
const runtimeError = (source: string, values: Record<string, unknown> = {}): FormulaDiagnostic => {
  const result = evaluateFormula(source, values);
  expect(result.value).toBeNull();
  expect(result.error).not.toBeNull();
  return result.error as FormulaDiagnostic;
};
const at = (d: FormulaDiagnostic) => ({ code: d.code, start: d.start, end: d.end });

describe('syntax errors carry a code and the exact span', () => {
  it.each([
    ['1 +', 'unexpectedEnd', 3, 3],
    ['(1', 'unexpectedEnd', 2, 2],
    ['SUM(1,', 'unexpectedEnd', 6, 6],
    ['', 'unexpectedEnd', 0, 0],
    ['   ', 'unexpectedEnd', 3, 3],
    ['{price', 'unexpectedEnd', 0, 6],
    ['{', 'unexpectedEnd', 0, 1],
    ['"abc', 'unterminatedString', 0, 4],
    ['1 & "a""', 'unterminatedString', 4, 8],
    ['1 + )', 'syntax', 4, 5],
    ['1 2', 'syntax', 2, 3],
    ['SUM(1,,2)', 'syntax', 6, 7],
    ['SUM(1 2)', 'syntax', 6, 7],
    ['price * 2', 'syntax', 0, 5],
    ['1 # 2', 'syntax', 2, 3],
    ['{1abc}', 'syntax', 1, 2],
    ['{a b}', 'syntax', 3, 4],
    ['{a.}', 'syntax', 3, 4],
    ['{a.b.c}', 'syntax', 4, 5],
    ['1e', 'syntax', 0, 2],
    ['1e+x', 'syntax', 0, 4],
    ['==1', 'syntax', 1, 2],
    ['1e999', 'invalidValue', 0, 5],
  ])('%j → %s at %i..%i', (source, code, start, end) => {
    expect(at(parseError(source))).toEqual({ code, start, end });
  });

  it('messages are specific and end with the position; params carry what translations need', () => {
    const d = parseError('price * 2');
    expect(d.message).toBe(
      'Unexpected name price; a field is written {price}, a function price(...) at position 0',
    );
    expect(d.params).toMatchObject({ token: 'price', position: 0 });
    expect(parseError('1 # 2').params).toMatchObject({ character: '#' });
    expect(parseError('1 +').message).toBe('The formula ends too early: expected a value at position 3');
  });

  it('reports a non-ASCII unexpected character as one whole code point', () => {
    expect(at(parseError('1 😀 2'))).toEqual({ code: 'syntax', start: 2, end: 4 });
  });

  it('tooLong: more than 2000 characters, underlining the excess', () => {
    const source = '1+'.repeat(1000) + '1';
    const d = parseError(source);
    expect(at(d)).toEqual({ code: 'tooLong', start: 2000, end: 2001 });
    expect(d.params).toMatchObject({ max: 2000, length: 2001 });
    expect(parseFormula('1'.padEnd(2000, ' ')).ast).not.toBeNull();
  });

  it('tooDeep: more than 64 nested levels, at the token that goes too deep', () => {
    expect(parseFormula('('.repeat(64) + '1' + ')'.repeat(64)).ast).not.toBeNull();
    expect(at(parseError('('.repeat(65) + '1' + ')'.repeat(65)))).toEqual({
      code: 'tooDeep',
      start: 64,
      end: 65,
    });
    expect(at(parseError('-'.repeat(200) + '1'))).toEqual({ code: 'tooDeep', start: 64, end: 65 });
    expect(parseError('ABS('.repeat(100) + '1' + ')'.repeat(100)).code).toBe('tooDeep');
  });
});

describe('design-time errors', () => {
  const fields = {
    price: 'number',
    name: 'text',
    flag: 'boolean',
    due: 'date',
    lines: 'list',
    'lines.qty': 'number',
  } as const;
  const check = (source: string, expected?: 'number') =>
    checkFormula(source, fields, expected ? { expected } : {});

  it('unknownField at the reference', () => {
    const [d] = check('1 + {pric}').diagnostics;
    expect(d).toMatchObject({ code: 'unknownField', start: 4, end: 10, params: { name: 'pric' } });
    expect(d?.message).toBe('Unknown field {pric} at position 4');
  });

  it('unknownField for a missing table column names the table', () => {
    const [d] = check('SUM({lines.price})').diagnostics;
    expect(d).toMatchObject({ code: 'unknownField', start: 4, end: 17, params: { name: 'lines.price' } });
    expect(d?.message).toBe('Unknown column price in table {lines} at position 4');
  });

  it('unknownFunction underlines the name only', () => {
    const [d] = check('2 * FOO({price})').diagnostics;
    expect(d).toMatchObject({ code: 'unknownFunction', start: 4, end: 7, params: { name: 'FOO' } });
    // TRUE/FALSE followed by ( are calls, and no such functions exist.
    expect(check('TRUE()').diagnostics[0]).toMatchObject({ code: 'unknownFunction', start: 0, end: 4 });
  });

  it('argumentCount underlines the call', () => {
    const [d] = check('1 + ROUND()').diagnostics;
    expect(d).toMatchObject({
      code: 'argumentCount',
      start: 4,
      end: 11,
      params: { name: 'ROUND', min: 1, max: 2, count: 0 },
    });
    expect(d?.message).toBe('ROUND takes 1 to 2 arguments but got 0 at position 4');
    expect(check('IFS(TRUE, 1, FALSE)').diagnostics[0]).toMatchObject({ code: 'argumentCount' });
    expect(check('NOW(1)').diagnostics[0]?.message).toBe('NOW takes 0 arguments but got 1 at position 0');
  });

  it('typeMismatch underlines the offending operand or argument', () => {
    expect(check('{price} * {name}').diagnostics[0]).toMatchObject({
      code: 'typeMismatch',
      start: 10,
      end: 16,
    });
    expect(check('YEAR({flag})').diagnostics[0]).toMatchObject({ code: 'typeMismatch', start: 5, end: 11 });
  });

  it('resultType spans the whole formula', () => {
    const [d] = check(' {name} & "x" ', 'number').diagnostics;
    expect(d).toMatchObject({
      code: 'resultType',
      start: 1,
      end: 13,
      params: { expected: 'number', actual: 'text' },
    });
  });
});

describe('runtime errors', () => {
  it('divisionByZero spans the division and is #DIV/0!', () => {
    const d = runtimeError('1 + 10 / (2 - 2)');
    expect(at(d)).toEqual({ code: 'divisionByZero', start: 4, end: 16 });
    expect(d.params).toMatchObject({ error: '#DIV/0!' });
    expect(runtimeError('{a}/{b}', { a: 1, b: null }).code).toBe('divisionByZero');
    expect(runtimeError('MOD(5, 0)').code).toBe('divisionByZero');
    expect(runtimeError('AVERAGE({t.x})', { t: [] }).code).toBe('divisionByZero');
    expect(runtimeError('0^-1').code).toBe('divisionByZero');
  });

  it('invalidValue spans the place the bad value was used', () => {
    const d = runtimeError('1 + {a} * 2', { a: 'abc' });
    expect(at(d)).toEqual({ code: 'invalidValue', start: 4, end: 11 });
    expect(d.params).toMatchObject({ error: '#VALUE!', value: 'abc' });
    expect(at(runtimeError('2 + SQRT(-4)'))).toEqual({ code: 'invalidValue', start: 4, end: 12 });
    expect(runtimeError('SQRT(-4)').params).toMatchObject({ error: '#NUM!', name: 'SQRT' });
    expect(runtimeError('FIND("z", "abc")').params).toMatchObject({ error: '#VALUE!', name: 'FIND' });
    expect(runtimeError('10^400').params).toMatchObject({ error: '#NUM!' });
  });

  it('the first error wins and passes through operators and functions unchanged', () => {
    const d = runtimeError('ROUND(1/0 + "x", 2) & (1 * "y")');
    expect(at(d)).toEqual({ code: 'divisionByZero', start: 6, end: 9 });
  });

  it('unknown functions and wrong argument counts are also caught at run time', () => {
    expect(at(runtimeError('1 + NOPE(1)'))).toEqual({ code: 'unknownFunction', start: 4, end: 8 });
    expect(at(runtimeError('LEN()'))).toEqual({ code: 'argumentCount', start: 0, end: 5 });
  });

  it('resultType when the value cannot be stored in the field type', () => {
    const result = evaluateFormula('"abc"', {}, { resultType: 'number' });
    expect(result.error).toMatchObject({
      code: 'resultType',
      start: 0,
      end: 5,
      params: { expected: 'number', actual: 'text' },
    });
  });

  it('circularReference on every field of a cycle', () => {
    const { errors } = evaluateComputedFields(
      [
        { name: 'a', formula: '{b} + 1', valueType: 'number' },
        { name: 'b', formula: '2 * {a}', valueType: 'number' },
      ],
      {},
    );
    expect(errors.a).toMatchObject({ code: 'circularReference', start: 0, end: 3 });
    expect(errors.b).toMatchObject({ code: 'circularReference', start: 4, end: 7 });
  });

  it('parse errors come back from evaluateFormula too, never as exceptions', () => {
    expect(runtimeError('(').code).toBe('unexpectedEnd');
    expect(runtimeError('x'.repeat(3000)).code).toBe('tooLong');
  });
});

it('every error code is exercised somewhere in these tests', () => {
  expect([...FORMULA_ERROR_CODES]).toEqual([
    'syntax',
    'unexpectedEnd',
    'unterminatedString',
    'unknownField',
    'unknownFunction',
    'argumentCount',
    'typeMismatch',
    'resultType',
    'divisionByZero',
    'invalidValue',
    'circularReference',
    'tooDeep',
    'tooLong',
    'internal',
  ]);
});
