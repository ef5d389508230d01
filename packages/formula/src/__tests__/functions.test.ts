import { describe, expect, it } from 'vitest';
import { FORMULA_FUNCTIONS, evaluateFormula } from '../index.ts';

const value = (source: string, values: Record<string, unknown> = {}): unknown => {
  const result = evaluateFormula(source, values);
  expect(result.error, source).toBeNull();
  return result.value;
};
const errorOf = (source: string, values: Record<string, unknown> = {}) =>
  evaluateFormula(source, values).error;

describe('logical', () => {
  it.each([
    ['IF(1 > 0, "pos", "neg")', 'pos'],
    ['IF(0, "pos", "neg")', 'neg'],
    ['IF("TRUE", 1, 2)', 1],
    ['IF(FALSE, 1)', false],
    ['IFS({x} > 10, "big", {x} > 5, "mid", TRUE, "small")', 'mid'],
    ['AND(TRUE, 1, "true")', true],
    ['OR(FALSE, 0)', false],
    ['NOT(TRUE)', false],
    ['XOR(TRUE, FALSE, TRUE)', false],
    ['XOR(TRUE, FALSE)', true],
    ['ISBLANK({nope})', true],
  ])('%s → %j', (source, expected) => {
    expect(value(source, { x: 7 })).toBe(expected);
  });

  it('IFS without a TRUE condition is #N/A', () => {
    expect(errorOf('IFS(FALSE, 1)')).toMatchObject({ code: 'invalidValue', params: { error: '#N/A' } });
  });

  it('text that is not TRUE/FALSE is not a condition', () => {
    expect(errorOf('IF("maybe", 1, 2)')).toMatchObject({ code: 'invalidValue', start: 3, end: 10 });
  });
});

describe('math', () => {
  it.each([
    ['SUM(1, 2, 3)', 6],
    ['AVERAGE(1, 2, 4)', 2.33333333333333],
    ['MIN(3, 1, 2)', 1],
    ['MAX(3, 1, 2)', 3],
    ['COUNT(1, "a", TRUE, 2)', 2],
    ['COUNTA(1, "a", "", 2)', 3],
    ['PRODUCT(2, 3, 4)', 24],
    ['ROUND(2.675, 2)', 2.68],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(-2.5)', -3],
    ['ROUND(1234.5, -2)', 1200],
    ['ROUNDUP(1.001, 2)', 1.01],
    ['ROUNDUP(-1.1)', -2],
    ['ROUNDDOWN(-2.9)', -2],
    ['ROUNDDOWN(1.999, 2)', 1.99],
    ['ABS(-3)', 3],
    ['INT(-2.5)', -3],
    ['INT(2.9)', 2],
    ['MOD(-5, 3)', 1],
    ['MOD(5, -3)', -1],
    ['MOD(5.5, 2)', 1.5],
    ['MOD(-6, 3)', 0],
    ['MOD(6, 3)', 0],
    ['MOD(-0.5, 1)', 0.5],
    ['POWER(2, 10)', 1024],
    ['SQRT(16)', 4],
    ['CEILING(2.1)', 3],
    ['CEILING(4.42, 0.05)', 4.45],
    ['CEILING(-2.5, 1)', -2],
    ['FLOOR(2.9)', 2],
    ['FLOOR(-2.5, 1)', -3],
    ['FLOOR(17, 5)', 15],
  ])('%s → %j', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('SUM, MIN and the other aggregates need at least one argument, as in spreadsheets', () => {
    expect(errorOf('SUM()')).toMatchObject({ code: 'argumentCount', start: 0, end: 5 });
    expect(errorOf('MIN()')).toMatchObject({ code: 'argumentCount' });
  });

  it('maps formulajs error objects to formula errors', () => {
    expect(errorOf('SQRT(-1)')).toMatchObject({
      code: 'invalidValue',
      params: { error: '#NUM!', name: 'SQRT' },
    });
    expect(errorOf('MOD(1, 0)')).toMatchObject({ code: 'divisionByZero', params: { error: '#DIV/0!' } });
    expect(errorOf('FLOOR(2.5, 0)')).toMatchObject({ code: 'divisionByZero' });
    expect(errorOf('CEILING(2.5, -1)')).toMatchObject({ code: 'invalidValue', params: { error: '#NUM!' } });
    expect(errorOf('POWER(0, -1)')).toMatchObject({ code: 'divisionByZero' });
    expect(errorOf('0^0')).toMatchObject({ code: 'invalidValue', params: { error: '#NUM!' } });
    expect(errorOf('(-8)^(1/3)')).toMatchObject({ code: 'invalidValue', params: { error: '#NUM!' } });
  });

  it('text arguments that are numbers are read; other text is #VALUE!', () => {
    expect(value('ROUND("3.14159", "2")')).toBe(3.14);
    expect(errorOf('ABS("abc")')).toMatchObject({ code: 'invalidValue', start: 4, end: 9 });
    expect(errorOf('SUM(1, "abc")')).toMatchObject({ code: 'invalidValue', start: 7, end: 12 });
  });

  it('MIN and MAX of dates are dates', () => {
    const data = {
      a: '2024-05-01',
      b: '2024-02-29',
      t: [{ d: '2023-12-31' }, { d: null }, { d: '2025-01-01' }],
    };
    expect(value('MIN({a}, {b})', data)).toBe('2024-02-29');
    expect(value('MAX({t.d})', data)).toBe('2025-01-01');
    expect(value('MAX({t.d}) - MIN({t.d})', data)).toBe(367);
  });
});

describe('text', () => {
  it.each([
    ['LEFT("hello", 2)', 'he'],
    ['LEFT("hello")', 'h'],
    ['RIGHT("hello", 3)', 'llo'],
    ['RIGHT("abc", 10)', 'abc'],
    ['MID("hello", 2, 3)', 'ell'],
    ['MID("abc", 5, 1)', ''],
    ['LEN("hello")', 5],
    ['LEN(12.5)', 4],
    ['LEN({x})', 0],
    ['UPPER("abc")', 'ABC'],
    ['LOWER("ÀBC")', 'àbc'],
    ['PROPER("hello wORLD")', 'Hello World'],
    ['TRIM("  a   b  ")', 'a b'],
    ['SUBSTITUTE("a.b.c", ".", "-")', 'a-b-c'],
    ['SUBSTITUTE("aaa", "a", "b", 2)', 'aba'],
    ['SUBSTITUTE("price", "p", "$&")', '$&rice'],
    ['SUBSTITUTE("aaa", "a", "b", 1)', 'baa'],
    ['SUBSTITUTE("aaa", "a", "b", 3)', 'aab'],
    ['SUBSTITUTE("aaa", "a", "b", 4)', 'aaa'],
    ['SUBSTITUTE("abab", "ab", "X", 2)', 'abX'],
    ['REPLACE("abcdef", 2, 3, "X")', 'aXef'],
    ['FIND("c", "abcabc")', 3],
    ['FIND("c", "abcabc", 4)', 6],
    ['SEARCH("C", "abc")', 3],
    ['SEARCH("(", "a(b")', 2],
    ['VALUE("1,234.50")', 1234.5],
    ['VALUE("12%")', 0.12],
    ['VALUE("$5")', 5],
    ['VALUE("-1e3")', -1000],
    ['VALUE({x})', 0],
    ['EXACT("a", "A")', false],
    ['EXACT("a", "a")', true],
    ['REPT("ab", 3)', 'ababab'],
    ['REPT("ab", 2.7)', 'abab'],
    ['REPT("ab", 0)', ''],
    ['FIXED(1234.567)', '1,234.57'],
    ['FIXED(1234.567, 1, TRUE)', '1234.6'],
    ['FIXED(-1234.567, 0)', '-1,235'],
    ['FIXED(1.005, 2)', '1.01'],
    ['FIXED(1234.5, -2)', '1,200'],
  ])('%s → %j', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('errors: not found, negative counts, bad positions', () => {
    expect(errorOf('FIND("z", "abc")')).toMatchObject({ code: 'invalidValue', params: { error: '#VALUE!' } });
    expect(errorOf('LEFT("abc", -1)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('MID("abc", 0, 1)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('REPLACE("abc", 0, 1, "x")')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('SUBSTITUTE("abc", "a", "b", 0)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('VALUE("abc")')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('VALUE(TRUE)')).toMatchObject({ code: 'invalidValue' });
  });

  it('refuses to build text longer than 32767 characters', () => {
    expect(value('LEN(REPT("a", 32767))')).toBe(32767);
    expect(errorOf('REPT("ab", 20000)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('REPT("a", 1e12)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('SUBSTITUTE(REPT("a", 30000), "a", "bb")')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('REPT("a", 30000) & REPT("b", 30000)')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('CONCAT(REPT("a", 30000), REPT("b", 30000))')).toMatchObject({ code: 'invalidValue' });
  });
});

describe('registry', () => {
  const required =
    `IF IFS AND OR NOT XOR IFERROR ISBLANK SUM AVERAGE MIN MAX COUNT COUNTA ROUND ROUNDUP ROUNDDOWN ABS
    INT MOD POWER SQRT CEILING FLOOR PRODUCT TEXT CONCAT CONCATENATE LEFT RIGHT MID LEN UPPER LOWER PROPER TRIM
    SUBSTITUTE REPLACE FIND SEARCH VALUE EXACT REPT DATE TODAY NOW YEAR MONTH DAY HOUR MINUTE SECOND WEEKDAY
    WEEKNUM EDATE EOMONTH DATEDIF DAYS NETWORKDAYS WORKDAY TIME DATEVALUE FIXED`.split(/\s+/);

  it('exports every required function, sorted, with a signature and a description key', () => {
    const names = FORMULA_FUNCTIONS.map((f) => f.name);
    for (const name of required) expect(names, name).toContain(name);
    expect(names).toEqual([...names].sort());
    for (const f of FORMULA_FUNCTIONS) {
      expect(f.descriptionKey).toBe(`formula.functions.${f.name.toLowerCase()}`);
      expect(f.description.length).toBeGreaterThan(10);
      expect(f.signature.minArgs).toBeGreaterThanOrEqual(0);
      if (f.signature.maxArgs !== null)
        expect(f.signature.maxArgs).toBeGreaterThanOrEqual(f.signature.minArgs);
      expect(f.signature.params.length).toBeGreaterThanOrEqual(f.signature.minArgs === 0 ? 0 : 1);
    }
  });

  it('is frozen and exposes no implementation', () => {
    expect(Object.isFrozen(FORMULA_FUNCTIONS)).toBe(true);
    const round = FORMULA_FUNCTIONS.find((f) => f.name === 'ROUND');
    expect(round).toEqual({
      name: 'ROUND',
      descriptionKey: 'formula.functions.round',
      description: expect.any(String),
      signature: {
        minArgs: 1,
        maxArgs: 2,
        params: [
          { name: 'number', type: 'number' },
          { name: 'digits', type: 'number' },
        ],
        repeat: 0,
        result: 'number',
      },
    });
  });

  it('every function works when called through a formula with plausible arguments', () => {
    const sample: Record<string, string> = {
      number: '2',
      numbers: '2',
      text: '"2024-01-31"',
      boolean: 'TRUE',
      date: '"2024-01-31"',
      time: '"10:30:00"',
      dates: '"2024-01-31"',
      values: '2',
      any: '2',
    };
    const now = new Date('2024-01-01T00:00:00Z');
    for (const f of FORMULA_FUNCTIONS) {
      const args = f.signature.params
        .slice(0, Math.max(f.signature.minArgs, 1))
        .map((p) => sample[p.type] as string);
      const source = `${f.name}(${args.slice(0, f.signature.maxArgs ?? args.length).join(', ')})`;
      const result = evaluateFormula(source, {}, { now });
      expect(result.error?.code ?? 'ok', source).not.toMatch(/internal|argumentCount|unknownFunction/);
    }
  });
});
