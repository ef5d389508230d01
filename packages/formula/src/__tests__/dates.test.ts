import { afterEach, describe, expect, it } from 'vitest';
import { evaluateFormula, type FormulaDiagnostic } from '../index.ts';

const now = new Date('2024-03-15T22:30:45.600Z');
type Result = 'date' | 'datetime' | 'time' | 'number' | 'text';
const value = (source: string, values: Record<string, unknown> = {}, resultType?: Result): unknown => {
  const result = evaluateFormula(source, values, resultType ? { now, resultType } : { now });
  expect(result.error, source).toBeNull();
  return result.value;
};
const errorOf = (source: string, values: Record<string, unknown> = {}): FormulaDiagnostic | null =>
  evaluateFormula(source, values, { now }).error;

describe('date arithmetic', () => {
  it.each([
    ['{d} + 1', '2024-02-28', '2024-02-29'],
    ['{d} + 2', '2024-02-28', '2024-03-01'],
    ['{d} + 1', '2023-02-28', '2023-03-01'],
    ['{d} + 1', '2024-12-31', '2025-01-01'],
    ['{d} - 1', '2024-03-01', '2024-02-29'],
    ['{d} - 1', '2100-03-01', '2100-02-28'],
    ['{d} - 1', '2000-03-01', '2000-02-29'],
    ['{d} + 365', '2024-01-01', '2024-12-31'],
    ['7 + {d}', '2024-01-28', '2024-02-04'],
    ['{d} + 1.9', '2024-01-01', '2024-01-02'],
    ['{d} + "3"', '2024-01-01', '2024-01-04'],
  ])('%s with d = %s is %s', (source, d, expected) => {
    expect(value(source, { d })).toBe(expected);
  });

  it('date - date is the number of days', () => {
    expect(value('{b} - {a}', { a: '2024-02-01', b: '2024-03-01' })).toBe(29);
    expect(value('{b} - {a}', { a: '2023-02-01', b: '2023-03-01' })).toBe(28);
    expect(value('{a} - {b}', { a: '2024-01-01', b: '2025-01-01' })).toBe(-366);
    expect(value('"2024-03-10" - "2024-03-01"')).toBe(9);
  });

  it('date-times add fractions of a day and subtract to fractional days', () => {
    expect(value('{t} + 1/24', { t: '2024-03-31T23:30:00Z' })).toBe('2024-04-01T00:30:00.000Z');
    expect(value('({b} - {a}) * 24', { a: '2024-03-01T08:00:00Z', b: '2024-03-01T17:30:00Z' })).toBe(9.5);
    expect(value('{t} + 1', { t: '2024-02-28T12:00:00+02:00' })).toBe('2024-02-29T10:00:00.000Z');
  });

  it('a date plus a time is a date-time; times wrap around midnight', () => {
    expect(value('{d} + {t}', { d: '2024-01-31', t: '13:45:00' })).toBe('2024-01-31T13:45:00.000Z');
    expect(value('{d} + TIME(9, 0, 0)', { d: '2024-01-31' })).toBe('2024-01-31T09:00:00.000Z');
    expect(value('{t} + TIME(2, 30, 0)', { t: '23:00:00' })).toBe('01:30:00');
    expect(value('({end} - {start}) * 24', { start: '08:15:00', end: '17:45:00' })).toBe(9.5);
    expect(value('{t} + 1/24', { t: '10:00:00' })).toBe('11:00:00');
  });

  it('the result type decides the stored form', () => {
    expect(value('{t}', { t: '2024-03-01T10:15:00Z' }, 'date')).toBe('2024-03-01');
    expect(value('{d}', { d: '2024-03-01' }, 'datetime')).toBe('2024-03-01T00:00:00.000Z');
    expect(value('{t}', { t: '2024-03-01T10:15:00Z' }, 'time')).toBe('10:15:00');
    expect(value('DATE(2024, 1, 1) + 0', {}, 'text')).toBe('2024-01-01');
    expect(value('45366', {}, 'date')).toBe('2024-03-15');
    expect(evaluateFormula('TIME(1,0,0)', {}, { resultType: 'date' }).error?.code).toBe('resultType');
    expect(evaluateFormula('"soon"', {}, { resultType: 'date' }).error?.code).toBe('resultType');
  });

  it('dates outside 0001-9999 are #NUM!', () => {
    expect(errorOf('DATE(9999, 12, 31) + 1')).toMatchObject({
      code: 'invalidValue',
      params: { error: '#NUM!' },
    });
    expect(errorOf('DATE(2024, 1, 1) + 1e9')).toMatchObject({ code: 'invalidValue' });
  });
});

describe('date functions', () => {
  it.each([
    ['TODAY()', '2024-03-15'],
    ['NOW()', '2024-03-15T22:30:45.600Z'],
    ['DATE(2024, 2, 29)', '2024-02-29'],
    ['DATE(2023, 2, 29)', '2023-03-01'],
    ['DATE(2024, 13, 1)', '2025-01-01'],
    ['DATE(2024, 1, 0)', '2023-12-31'],
    ['DATE(2024, 0, 1)', '2023-12-01'],
    ['DATE(24, 1, 1)', '1924-01-01'],
    ['YEAR("2024-02-29")', 2024],
    ['MONTH("2024-02-29")', 2],
    ['DAY("2024-02-29")', 29],
    ['DAY({dt})', 31],
    ['HOUR({dt})', 23],
    ['MINUTE({dt})', 59],
    ['SECOND({dt})', 30],
    ['HOUR("08:30:00")', 8],
    ['MINUTE(TIME(8, 75, 0))', 15],
    ['HOUR(NOW())', 22],
    ['WEEKDAY("2024-01-07")', 1],
    ['WEEKDAY("2024-01-07", 2)', 7],
    ['WEEKDAY("2024-01-08", 3)', 0],
    ['WEEKDAY("2024-01-09", 12)', 1],
    ['WEEKNUM("2024-01-06")', 1],
    ['WEEKNUM("2024-01-07")', 2],
    ['WEEKNUM("2024-01-07", 2)', 1],
    ['WEEKNUM("2024-10-20")', 43],
    ['WEEKNUM("2021-01-01", 21)', 53],
    ['WEEKNUM("2024-12-30", 21)', 1],
    ['EDATE("2024-01-31", 1)', '2024-02-29'],
    ['EDATE("2023-01-31", 1)', '2023-02-28'],
    ['EDATE("2024-03-31", -1)', '2024-02-29'],
    ['EDATE("2024-02-29", 12)', '2025-02-28'],
    ['EDATE("2024-05-15", -17)', '2022-12-15'],
    ['EOMONTH("2024-02-10", 0)', '2024-02-29'],
    ['EOMONTH("2023-02-10", 0)', '2023-02-28'],
    ['EOMONTH("2024-01-31", 1)', '2024-02-29'],
    ['EOMONTH("2024-12-15", 2)', '2025-02-28'],
    ['EOMONTH("2024-03-15", -1)', '2024-02-29'],
    ['DATEDIF("2000-02-29", "2024-02-28", "Y")', 23],
    ['DATEDIF("2000-02-29", "2024-02-29", "Y")', 24],
    ['DATEDIF("2024-01-31", "2024-03-01", "M")', 1],
    ['DATEDIF("2024-01-31", "2024-02-29", "M")', 0],
    ['DATEDIF("2024-01-31", "2024-03-01", "D")', 30],
    ['DATEDIF("2024-01-31", "2024-03-01", "MD")', 1],
    ['DATEDIF("2023-11-15", "2024-02-10", "YM")', 2],
    ['DATEDIF("2023-03-01", "2024-02-29", "YD")', 365],
    ['DATEDIF("2023-06-15", "2024-02-10", "yd")', 240],
    ['DAYS("2024-03-01", "2024-02-01")', 29],
    ['DAYS("2024-03-01T23:00:00Z", "2024-03-01T01:00:00Z")', 0],
    ['NETWORKDAYS("2024-01-01", "2024-01-31")', 23],
    ['NETWORKDAYS("2024-01-31", "2024-01-01")', -23],
    ['NETWORKDAYS("2024-01-06", "2024-01-07")', 0],
    ['NETWORKDAYS("2024-12-23", "2025-01-03", {hol.d})', 7],
    ['WORKDAY("2024-01-05", 1)', '2024-01-08'],
    ['WORKDAY("2024-01-08", -1)', '2024-01-05'],
    ['WORKDAY("2024-01-06", 0)', '2024-01-06'],
    ['WORKDAY("2024-01-05", 100)', '2024-05-24'],
    ['WORKDAY("2024-12-20", 5, {hol.d})', '2024-12-31'],
    ['WORKDAY("2024-12-20", 6, {hol.d})', '2025-01-02'],
    ['WORKDAY("2024-02-28", 1)', '2024-02-29'],
    ['TIME(13, 5, 0)', '13:05:00'],
    ['TIME(25, 0, 0)', '01:00:00'],
    ['DATEVALUE("2024-02-29")', '2024-02-29'],
    ['DATEVALUE("2024-02-29T23:59:00Z")', '2024-02-29'],
  ])('%s → %j', (source, expected) => {
    const data = {
      dt: '2024-01-31T23:59:30Z',
      hol: [{ d: '2024-12-25' }, { d: '2024-12-26' }, { d: '2025-01-01' }],
    };
    expect(value(source, data)).toBe(expected);
  });

  it('a blank date argument makes the result blank rather than 1900-01-00', () => {
    expect(value('YEAR({d})', { d: null })).toBeNull();
    expect(value('DATEDIF({a}, {b}, "D")', { a: '2024-01-01', b: '' })).toBeNull();
    expect(value('EDATE({d}, 1)', {}, 'date')).toBeNull();
  });

  it('errors: bad dates, start after end, unknown units and return types', () => {
    expect(errorOf('YEAR("31/01/2024")')).toMatchObject({ code: 'invalidValue', start: 5, end: 17 });
    expect(errorOf('YEAR("2023-02-29")')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('DATEDIF("2024-02-01", "2024-01-01", "D")')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('DATEDIF("2024-01-01", "2024-02-01", "W")')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('WEEKDAY("2024-01-01", 9)')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('WEEKNUM("2024-01-01", 3)')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('DATE(-1, 1, 1)')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('DATE(10000, 1, 1)')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('TIME(-1, 0, 0)')).toMatchObject({ params: { error: '#NUM!' } });
    expect(errorOf('DATEVALUE("tomorrow")')).toMatchObject({ code: 'invalidValue' });
    expect(errorOf('WORKDAY("2024-01-01", 1e9)')).toMatchObject({ params: { error: '#NUM!' } });
  });

  it('TODAY and NOW use the clock given in options', () => {
    const later = new Date('2030-06-01T00:00:00Z');
    expect(evaluateFormula('TODAY()', {}, { now: later }).value).toBe('2030-06-01');
    const live = evaluateFormula('NOW()', {}).value as string;
    expect(Math.abs(Date.parse(live) - Date.now())).toBeLessThan(5000);
  });

  it('WORKDAY and NETWORKDAYS agree with a day-by-day count over a long range', () => {
    let count = 0;
    for (let day = 0; day <= 400; day += 1) {
      const d = new Date(Date.UTC(2024, 0, 1 + day));
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) count += 1;
    }
    expect(value('NETWORKDAYS("2024-01-01", DATE(2024, 1, 1) + 400)')).toBe(count);
    expect(value('NETWORKDAYS("2024-01-01", WORKDAY("2024-01-01", 250))')).toBe(251);
    expect(value('WORKDAY(WORKDAY("2024-01-03", 777), -777)')).toBe('2024-01-03');
  });
});

describe('time zone independence', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('gives the same answers whatever the machine time zone (browser and server must agree)', () => {
    const formulas = [
      'WEEKNUM("2024-10-20")',
      'DAYS("2024-04-01", "2024-03-01")',
      'TEXT({dt}, "yyyy-mm-dd hh:mm")',
      'HOUR({dt})',
      'DAY({dt})',
      'NETWORKDAYS("2024-03-01", "2024-04-30")',
      'EDATE("2024-10-27", 1)',
      'TODAY()',
      '{d} + 1',
    ];
    const run = () => formulas.map((f) => value(f, { dt: '2024-10-27T00:30:00Z', d: '2024-03-30' }));
    const expected = run();
    for (const zone of ['Europe/Berlin', 'America/Sao_Paulo', 'Pacific/Kiritimati', 'Asia/Kolkata', 'UTC']) {
      process.env.TZ = zone;
      expect(run(), zone).toEqual(expected);
    }
    expect(expected).toEqual([
      43,
      31,
      '2024-10-27 00:30',
      0,
      27,
      43,
      '2024-11-27',
      '2024-03-15',
      '2024-03-31',
    ]);
  });
});
