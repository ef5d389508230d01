import { describe, expect, it } from 'vitest';
import type { FormulaNode } from '../ast.ts';
import { evaluateFormula, parseFormula } from '../index.ts';

/** Renders an AST fully parenthesised, so tests state precedence plainly. */
function show(node: FormulaNode | null): string {
  if (!node) return '<none>';
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return JSON.stringify(node.value);
    case 'boolean':
      return node.value ? 'TRUE' : 'FALSE';
    case 'field':
      return node.column === null ? `{${node.name}}` : `{${node.name}.${node.column}}`;
    case 'unary':
      return `(${node.operator}${show(node.operand)})`;
    case 'percent':
      return `(${show(node.operand)}%)`;
    case 'binary':
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case 'call':
      return `${node.name}(${node.args.map(show).join(', ')})`;
  }
}

const tree = (source: string): string => {
  const { ast, diagnostics } = parseFormula(source);
  expect(diagnostics).toEqual([]);
  return show(ast);
};
const value = (source: string, values: Record<string, unknown> = {}): unknown => {
  const result = evaluateFormula(source, values);
  expect(result.error).toBeNull();
  return result.value;
};

describe('lexer', () => {
  it.each([
    ['1', 1],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['1.', 1],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1e+3', 1000],
    ['2.5e-2', 0.025],
    ['007', 7],
  ])('reads the number %s', (source, expected) => {
    const { ast } = parseFormula(source);
    expect(ast).toMatchObject({ kind: 'number', value: expected, start: 0, end: source.length });
  });

  it('reads strings with "" as an escaped quote, keeping spaces and other characters', () => {
    expect(parseFormula('"say ""hi"""').ast).toMatchObject({
      kind: 'string',
      value: 'say "hi"',
      start: 0,
      end: 12,
    });
    expect(parseFormula('""').ast).toMatchObject({ kind: 'string', value: '' });
    expect(parseFormula('""""').ast).toMatchObject({ kind: 'string', value: '"' });
    expect(parseFormula('"{not_a_field} , ( ) \' ü 😀"').ast).toMatchObject({
      kind: 'string',
      value: "{not_a_field} , ( ) ' ü 😀",
    });
  });

  it('reads TRUE and FALSE in any case', () => {
    expect(tree('true')).toBe('TRUE');
    expect(tree('False')).toBe('FALSE');
  });

  it('reads field and table column references, with spaces allowed inside the braces', () => {
    expect(parseFormula('{price}').ast).toEqual({
      kind: 'field',
      name: 'price',
      column: null,
      start: 0,
      end: 7,
    });
    expect(parseFormula('{ lines . amount }').ast).toEqual({
      kind: 'field',
      name: 'lines',
      column: 'amount',
      start: 0,
      end: 18,
    });
    expect(tree('{_a1}+{B_2.c3}')).toBe('({_a1} + {B_2.c3})');
  });

  it('accepts whitespace anywhere between tokens, including tabs, newlines and no-break spaces', () => {
    expect(tree(' \t1\n+\r\n2\u00a0')).toBe('(1 + 2)');
    expect(tree('SUM ( 1 , 2 )')).toBe('SUM(1, 2)');
  });

  it('calls functions case-insensitively and upper-cases their names', () => {
    expect(tree('sum(1)')).toBe('SUM(1)');
    expect(tree('Today()')).toBe('TODAY()');
    expect(tree('NETWORKDAYS.INTL(1, 2)')).toBe('NETWORKDAYS.INTL(1, 2)');
  });

  it('skips one leading = as pasted from a spreadsheet', () => {
    expect(tree('=1+2')).toBe('(1 + 2)');
    expect(tree('  = 1')).toBe('1');
  });

  it('reads two-character operators greedily', () => {
    expect(tree('1<>2')).toBe('(1 <> 2)');
    expect(tree('1<=2')).toBe('(1 <= 2)');
    expect(tree('1>=2')).toBe('(1 >= 2)');
    expect(tree('1< =2'.replace(' ', ''))).toBe('(1 <= 2)');
  });
});

describe('precedence and associativity (Excel rules)', () => {
  it.each([
    ['1+2*3', '(1 + (2 * 3))', 7],
    ['(1+2)*3', '((1 + 2) * 3)', 9],
    ['2^3^2', '((2 ^ 3) ^ 2)', 64],
    ['-2^2', '((-2) ^ 2)', 4],
    ['2^-2', '(2 ^ (-2))', 0.25],
    ['-2^-2', '((-2) ^ (-2))', 0.25],
    ['10%', '(10%)', 0.1],
    ['10%%', '((10%)%)', 0.001],
    ['2^50%', '(2 ^ (50%))', 1.4142135623731],
    ['-10%', '((-10)%)', -0.1],
    ['50%*2', '((50%) * 2)', 1],
    ['8/4/2', '((8 / 4) / 2)', 1],
    ['8-4-2', '((8 - 4) - 2)', 2],
    ['1--1', '(1 - (-1))', 2],
    ['2*-3', '(2 * (-3))', -6],
    ['--+-1', '(-(-(+(-1))))', -1],
    ['1+2&3', '((1 + 2) & 3)', '33'],
    ['"a"&1=1', '(("a" & 1) = 1)', false],
    ['1+1=2', '((1 + 1) = 2)', true],
    ['1<2=TRUE', '((1 < 2) = TRUE)', true],
    ['1<2<3', '((1 < 2) < 3)', false],
    ['2*3^2', '(2 * (3 ^ 2))', 18],
    ['"a"&"b"&"c"', '(("a" & "b") & "c")', 'abc'],
  ])('%s parses as %s and gives %j', (source, shape, expected) => {
    expect(tree(source)).toBe(shape);
    expect(value(source)).toBe(expected);
  });

  it('spans cover the whole expression', () => {
    const { ast } = parseFormula(' (1 + 2) * {x} ');
    expect(ast).toMatchObject({ kind: 'binary', operator: '*', start: 1, end: 14 });
    expect(parseFormula('(1)').ast).toMatchObject({ kind: 'number', start: 0, end: 3 });
    expect(parseFormula('SUM(1, 2)').ast).toMatchObject({ kind: 'call', start: 0, end: 9 });
    expect(parseFormula('-5%').ast).toMatchObject({ kind: 'percent', start: 0, end: 3 });
  });

  it('parses nested calls and zero-argument calls', () => {
    expect(tree('IF(AND({a}>1, NOT({b})), ROUND({c}/3, 2), "")')).toBe(
      'IF(AND(({a} > 1), NOT({b})), ROUND(({c} / 3), 2), "")',
    );
    expect(tree('NOW()')).toBe('NOW()');
  });
});
