import { describe, expect, it } from 'vitest';
import { evaluateFormula } from '../index.ts';

const text = (source: string, values: Record<string, unknown> = {}): unknown => {
  const result = evaluateFormula(source, values);
  expect(result.error, source).toBeNull();
  return result.value;
};

describe('TEXT with number formats', () => {
  it.each([
    ['TEXT(1234.567, "#,##0.00")', '1,234.57'],
    ['TEXT(1234.567, "0")', '1235'],
    ['TEXT(1234.5, "#,##0")', '1,235'],
    ['TEXT(1234567.891, "#,##0.0")', '1,234,567.9'],
    ['TEXT(5, "00000")', '00005'],
    ['TEXT(5, "000.00")', '005.00'],
    ['TEXT(0.5, "#.##")', '.5'],
    ['TEXT(0.5, "0.##")', '0.5'],
    ['TEXT(2, "0.##")', '2.'],
    ['TEXT(3.14159, "0.00")', '3.14'],
    ['TEXT(2.675, "0.00")', '2.68'],
    ['TEXT(1.005, "0.00")', '1.01'],
    ['TEXT(0.256, "0%")', '26%'],
    ['TEXT(0.256, "0.0%")', '25.6%'],
    ['TEXT(1234.5, "$#,##0.00")', '$1,234.50'],
    ['TEXT(-1234.5, "$#,##0.00")', '-$1,234.50'],
    ['TEXT(-1234.5, "#,##0.00;(#,##0.00)")', '(1,234.50)'],
    ['TEXT(0, "#,##0.00;(#,##0.00);""zero""")', 'zero'],
    ['TEXT(1234.5, "#,##0.00 ""EUR""")', '1,234.50 EUR'],
    ['TEXT(1234.5, "\\€#,##0")', '€1,235'],
    ['TEXT(1234567, "0.00E+00")', '1.23E+06'],
    ['TEXT(0.000123, "0.0E+00")', '1.2E-04'],
    ['TEXT(1234567, "#,##0,")', '1,235'],
    ['TEXT(1234567, "0.0,,""M""")', '1.2M'],
    ['TEXT(5551234567, "000-000-0000")', '555-123-4567'],
    ['TEXT(-0.001, "0.00")', '0.00'],
    ['TEXT(12, "[Red]0")', '12'],
    ['TEXT(0.1 + 0.2, "General")', '0.3'],
    ['TEXT(1.5, "")', '1.5'],
    ['TEXT("1234.5", "#,##0")', '1,235'],
    ['TEXT("abc", "0.00")', 'abc'],
    ['TEXT("abc", """<""@"">""")', '<abc>'],
    ['TEXT(TRUE, "0")', 'TRUE'],
    ['TEXT({blank}, "0.00")', ''],
  ])('%s → %j', (source, expected) => {
    expect(text(source)).toBe(expected);
  });
});

describe('TEXT with date formats', () => {
  const data = { d: '2024-02-29', dt: '2024-03-05T14:07:09.250Z', t: '08:05:00' };
  it.each([
    ['TEXT({d}, "yyyy-mm-dd")', '2024-02-29'],
    ['TEXT({d}, "dd/mm/yyyy")', '29/02/2024'],
    ['TEXT({d}, "m/d/yy")', '2/29/24'],
    ['TEXT({d}, "mmm d, yyyy")', 'Feb 29, 2024'],
    ['TEXT({d}, "dddd, mmmm d")', 'Thursday, February 29'],
    ['TEXT({d}, "ddd")', 'Thu'],
    ['TEXT({d}, "mmmmm")', 'F'],
    ['TEXT({d}, """Q""yyyy")', 'Q2024'],
    ['TEXT({dt}, "yyyy-mm-dd hh:mm:ss")', '2024-03-05 14:07:09'],
    ['TEXT({dt}, "h:mm AM/PM")', '2:07 PM'],
    ['TEXT({dt}, "hh:mm:ss.00")', '14:07:09.25'],
    ['TEXT({dt}, "h:mm a/p")', '2:07 P'],
    ['TEXT({t}, "h:mm")', '8:05'],
    ['TEXT({t}, "hh:mm AM/PM")', '08:05 AM'],
    ['TEXT(TIME(0, 30, 0), "h:mm AM/PM")', '12:30 AM'],
    ['TEXT({d}, "mm")', '02'],
    ['TEXT(TIME(10, 59, 59.7), "hh:mm:ss")', '10:59:59'],
    ['TEXT(DATE(2024, 1, 5), "0")', '45296'],
    ['TEXT(45351, "yyyy-mm-dd")', '2024-02-29'],
    ['TEXT({d}, "General")', '2024-02-29'],
  ])('%s → %j', (source, expected) => {
    expect(text(source, data)).toBe(expected);
  });
});
