import { describe, expect, it } from 'vitest';
import {
  checkFormula,
  evaluateComputedFields,
  evaluateFormula,
  formulaReferences,
  parseFormula,
} from '../index.ts';

const HOSTILE = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

describe('hostile field and function names', () => {
  it.each(HOSTILE)('{%s} is an unknown field at design time and blank at run time', (name) => {
    const source = `{${name}}`;
    expect(checkFormula(source, {}).diagnostics).toMatchObject([
      { code: 'unknownField', start: 0, end: source.length, params: { name } },
    ]);
    expect(evaluateFormula(source, {})).toEqual({ value: null, error: null });
    expect(evaluateFormula(`${source} & "x"`, {})).toEqual({ value: 'x', error: null });
    expect(evaluateFormula(`LEN(${source})`, {})).toEqual({ value: 0, error: null });
  });

  it.each(HOSTILE)('{table.%s} reads no inherited property of the rows', (name) => {
    const data = { t: [{}, { a: 1 }] };
    expect(evaluateFormula(`COUNTA({t.${name}})`, data)).toEqual({ value: 0, error: null });
    expect(evaluateFormula(`{${name}.a}`, data)).toEqual({ value: [], error: null });
  });

  it.each(HOSTILE.map((n) => n.toUpperCase()))('%s(...) is an unknown function', (name) => {
    expect(checkFormula(`${name}(1)`, {}).diagnostics[0]).toMatchObject({
      code: 'unknownFunction',
      params: { name },
    });
    expect(evaluateFormula(`${name}(1)`, {}).error).toMatchObject({ code: 'unknownFunction' });
  });

  it('a fields map without a prototype, or with inherited entries, is read by own properties only', () => {
    const bare = Object.assign(Object.create(null) as Record<string, 'number'>, { a: 'number' as const });
    expect(checkFormula('{a} + 1', bare).ok).toBe(true);
    const inherited = Object.create({ a: 'number' }) as Record<string, 'number'>;
    expect(checkFormula('{a}', inherited).diagnostics[0]?.code).toBe('unknownField');
    expect(evaluateFormula('{a}', Object.create({ a: 5 }) as Record<string, unknown>).value).toBeNull();
  });

  it('own properties called like prototype members are ordinary fields', () => {
    const values = JSON.parse('{"__proto__": 5, "constructor": "c"}') as Record<string, unknown>;
    expect(evaluateFormula('{__proto__} * 2', values).value).toBe(10);
    expect(evaluateFormula('{constructor} & "!"', values).value).toBe('c!');
    expect(checkFormula('{__proto__}', JSON.parse('{"__proto__": "number"}')).type).toBe('number');
  });

  it('evaluation never changes Object.prototype or the inputs', () => {
    const values = { a: 1, t: [{ x: 1 }] };
    const frozen = structuredClone(values);
    for (const source of [
      '{__proto__}',
      '{constructor}',
      '{t.__proto__}',
      'SUBSTITUTE("__proto__", "_", "")',
    ]) {
      evaluateFormula(source, values);
      evaluateComputedFields([{ name: '__proto__', formula: source, valueType: 'any' }], values);
    }
    expect(values).toEqual(frozen);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('getters and odd values in the data do not break evaluation', () => {
    const values = {
      n: 10n,
      d: new Date('2024-01-02T03:04:05Z'),
      f: () => 1,
      s: Symbol('x'),
      bad: new Date('x'),
    };
    expect(evaluateFormula('{n} + 1', values).value).toBe(11);
    expect(evaluateFormula('{d} + 1', values).value).toBe('2024-01-03T03:04:05.000Z');
    expect(evaluateFormula('ISBLANK({f})', values).value).toBe(true);
    expect(evaluateFormula('ISBLANK({s})', values).value).toBe(true);
    expect(evaluateFormula('ISBLANK({bad})', values).value).toBe(true);
    expect(evaluateFormula('{a}', null as unknown as Record<string, unknown>)).toEqual({
      value: null,
      error: null,
    });
  });
});

describe('limits against hostile input', () => {
  it('deep nesting fails cleanly instead of overflowing the stack', () => {
    for (const source of [
      '('.repeat(1999),
      '-'.repeat(1999) + '1',
      'ABS('.repeat(499),
      '{a}' + '%'.repeat(1990),
    ]) {
      expect(() => parseFormula(source)).not.toThrow();
      expect(() => evaluateFormula(source, {})).not.toThrow();
    }
    expect(parseFormula('('.repeat(1999)).diagnostics[0]?.code).toBe('tooDeep');
  });

  it('a long flat chain of operators is fine', () => {
    const source = Array.from({ length: 666 }, () => '1').join('+');
    expect(evaluateFormula(source, {}).value).toBe(666);
    expect(checkFormula(source, {}).ok).toBe(true);
  });

  it('text cannot grow beyond 32767 characters, however it is nested', () => {
    const nested = 'REPT(REPT(REPT("ab", 1000), 1000), 1000)';
    expect(evaluateFormula(nested, {}).error?.code).toBe('invalidValue');
    expect(evaluateFormula('SUBSTITUTE(REPT("a", 32000), "a", REPT("b", 32000))', {}).error?.code).toBe(
      'invalidValue',
    );
  });

  it('non-string sources are reported, not thrown', () => {
    for (const bad of [null, undefined, 42, {}]) {
      const source = bad as unknown as string;
      expect(parseFormula(source).diagnostics[0]?.code).toBe('syntax');
      expect(evaluateFormula(source, {}).error?.code).toBe('syntax');
      expect(formulaReferences(source)).toEqual([]);
      expect(checkFormula(source, {}).ok).toBe(false);
    }
  });
});

/** A small deterministic generator so failures reproduce. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  ...'0123456789.eE+-*/^%&=<>(),"{}_ abcxyzABC\t\n;:#!?@[]\\\'`~|$',
  '<>',
  '<=',
  '>=',
  '""',
  '{a}',
  '{t.x}',
  '{__proto__}',
  'SUM(',
  'IF(',
  'TEXT(',
  'DATE(',
  'REPT(',
  'IFERROR(',
  'TRUE',
  'FALSE',
  '1e308',
  '😀',
  '\u00a0',
  '\u0000',
];

describe('property: the formula pipeline never throws', () => {
  it('on thousands of random strings', () => {
    const random = prng(20240315);
    const values = { a: 1, t: [{ x: 'y' }, { x: 2 }], __proto__: null };
    for (let i = 0; i < 4000; i += 1) {
      const length = Math.floor(random() * 40);
      let source = '';
      for (let k = 0; k < length; k += 1) source += ALPHABET[Math.floor(random() * ALPHABET.length)];
      const parsed = parseFormula(source);
      expect(parsed.ast === null ? parsed.diagnostics.length : 0, source).toBe(parsed.ast === null ? 1 : 0);
      for (const d of parsed.diagnostics) {
        expect(d.start, source).toBeGreaterThanOrEqual(0);
        expect(d.end, source).toBeLessThanOrEqual(source.length);
        expect(d.start, source).toBeLessThanOrEqual(d.end);
      }
      const evaluated = evaluateFormula(source, values, { resultType: 'text' });
      expect(evaluated.error === null || evaluated.value === null, source).toBe(true);
      const checked = checkFormula(source, { a: 'number', t: 'list', 't.x': 'text' }, { expected: 'number' });
      expect(checked.ok, source).toBe(checked.diagnostics.length === 0);
      expect(Array.isArray(formulaReferences(source))).toBe(true);
    }
  });

  it('on random well-formed expressions, evaluation agrees with the checker about argument counts', () => {
    const random = prng(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const expr = (depth: number): string => {
      if (depth > 3 || random() < 0.3)
        return pick(['1', '2.5', '"x"', 'TRUE', '{a}', '{d}', '{t.x}', '""', '0']);
      const kind = random();
      if (kind < 0.4)
        return `${expr(depth + 1)} ${pick(['+', '-', '*', '/', '^', '&', '=', '<>', '<'])} ${expr(depth + 1)}`;
      if (kind < 0.5) return `-(${expr(depth + 1)})`;
      const fn = pick([
        'SUM',
        'IF',
        'LEN',
        'ROUND',
        'TEXT',
        'YEAR',
        'CONCAT',
        'MAX',
        'IFERROR',
        'AND',
        'EDATE',
        'LEFT',
      ]);
      return `${fn}(${Array.from({ length: 1 + Math.floor(random() * 3) }, () => expr(depth + 1)).join(', ')})`;
    };
    const fields = { a: 'number', d: 'date', t: 'list', 't.x': 'number' } as const;
    for (let i = 0; i < 1500; i += 1) {
      const source = expr(0);
      const checked = checkFormula(source, fields);
      const result = evaluateFormula(source, { a: 3, d: '2024-02-29', t: [{ x: 1 }, { x: 2 }] });
      expect(result.error?.code, source).not.toBe('internal');
      const countProblem = checked.diagnostics.some((d) => d.code === 'argumentCount');
      if (!countProblem) expect(result.error?.code, source).not.toBe('argumentCount');
    }
  });
});

// No timing assertions (timed tests are flaky); a quadratic formatter would hit the test timeout.
describe('hostile TEXT formats are handled', () => {
  it.each([
    'REPT(",", 32000)',
    '"0" & REPT(",", 32000)',
    '"0." & REPT("#", 32000)',
    'REPT("0", 32000)',
    'REPT("""a""", 10000)',
    'REPT("mmmm ", 6000)',
    'REPT("0;", 16000)',
    'REPT("am/pm", 6000)',
    'REPT("mmmm", 8000)',
  ])('TEXT(1234.5, %s)', (format) => {
    const result = evaluateFormula(`TEXT(1234.5, ${format})`, {});
    expect(result.error === null || result.error.code === 'invalidValue').toBe(true);
    if (typeof result.value === 'string') expect(result.value.length).toBeLessThanOrEqual(32767);
  });
});
