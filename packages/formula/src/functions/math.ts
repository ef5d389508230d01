// Math and aggregate functions: formulajs computes, we coerce the arguments first so blanks and
// text inside table columns are skipped consistently.
import {
  ABS,
  AVERAGE,
  CEILING,
  FLOOR,
  INT,
  PRODUCT,
  ROUND,
  ROUNDDOWN,
  ROUNDUP,
  SQRT,
  SUM,
} from '@formulajs/formulajs';
import { parseIsoTemporal } from '../calendar.ts';
import { FormulaError } from '../errors.ts';
import { power } from '../operators.ts';
import {
  DateTimeValue,
  finiteNumber,
  isBlank,
  isList,
  parseNumberText,
  round15,
  toNumber,
  type Scalar,
  type Value,
} from '../values.ts';
import { callFormulajs } from './coerce.ts';
import { define, type CallContext, type FunctionDefinition } from './types.ts';

const TEMPORAL_TYPES = new Set(['date', 'datetime', 'time']);
const n = (arg: unknown): number => arg as number;
const list = (arg: unknown): number[] => arg as number[];
const flat = (args: readonly unknown[]): number[] => args.flatMap((a) => list(a));

/** MIN/MAX of dates are dates: when every value taken is the same kind of date, so is the result. */
function extreme(args: readonly unknown[], call: CallContext, pick: (a: number, b: number) => number): Value {
  let best: number | null = null;
  let kind: DateTimeValue['kind'] | null | undefined;
  const take = (value: number, itemKind: DateTimeValue['kind'] | null): void => {
    best = best === null ? value : pick(best, value);
    kind = kind === undefined || kind === itemKind ? itemKind : null;
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as Value;
    if (isList(arg)) {
      // Inside a list only numbers and dates count; blanks, text and TRUE/FALSE are skipped.
      for (const item of arg) {
        if (item instanceof DateTimeValue) take(item.serial, item.kind);
        else if (typeof item === 'number') take(item, null);
        else if (typeof item === 'string') {
          const parsed = parseIsoTemporal(item) ?? numberOrNull(item);
          if (parsed) take(parsed.serial, parsed.kind);
        }
      }
    } else if (arg instanceof DateTimeValue) take(arg.serial, arg.kind);
    else if (typeof arg === 'string' && parseIsoTemporal(arg)) {
      const parsed = parseIsoTemporal(arg) as { kind: DateTimeValue['kind']; serial: number };
      take(parsed.serial, parsed.kind);
    } else if (!isBlank(arg)) {
      const value = toNumber(arg, call.argSpans[i] ?? call.span);
      if (value instanceof FormulaError) return value;
      take(value, null);
    }
  }
  if (best === null) return 0;
  return kind ? new DateTimeValue(kind, best) : best;
}

function numberOrNull(text: string): { kind: null; serial: number } | null {
  const value = parseNumberText(text);
  return value === null ? null : { kind: null, serial: value };
}

function inferExtreme(types: readonly string[]): 'number' | 'date' | 'datetime' | 'time' {
  const first = types[0];
  if (first && TEMPORAL_TYPES.has(first) && types.every((t) => t === first)) {
    return first as 'date' | 'datetime' | 'time';
  }
  return 'number';
}

export const MATH_FUNCTIONS: FunctionDefinition[] = [
  define('SUM', ['number:numbers'], 'number', 'Adds numbers; blanks and text in lists are skipped.', {
    max: 255,
    repeat: 1,
    run: (args, call) => callFormulajs('SUM', call.span, () => SUM(flat(args))),
  }),
  define('AVERAGE', ['number:numbers'], 'number', 'Returns the average of numbers, skipping blanks.', {
    max: 255,
    repeat: 1,
    run: (args, call) => callFormulajs('AVERAGE', call.span, () => AVERAGE(flat(args))),
  }),
  define('MIN', ['value:numbers'], 'number', 'Returns the smallest number or earliest date.', {
    max: 255,
    repeat: 1,
    raw: true,
    run: (args, call) => extreme(args, call, Math.min),
    infer: inferExtreme,
  }),
  define('MAX', ['value:numbers'], 'number', 'Returns the largest number or latest date.', {
    max: 255,
    repeat: 1,
    raw: true,
    run: (args, call) => extreme(args, call, Math.max),
    infer: inferExtreme,
  }),
  define('COUNT', ['value:values'], 'number', 'Counts the numbers and dates.', {
    max: 255,
    repeat: 1,
    run: (args) =>
      (args as Scalar[][])
        .flat()
        .filter(
          (v) =>
            typeof v === 'number' ||
            v instanceof DateTimeValue ||
            (typeof v === 'string' && parseIsoTemporal(v) !== null),
        ).length,
  }),
  define('COUNTA', ['value:values'], 'number', 'Counts the values that are not blank.', {
    max: 255,
    repeat: 1,
    run: (args) => (args as Scalar[][]).flat().filter((v) => !isBlank(v)).length,
  }),
  define('PRODUCT', ['number:numbers'], 'number', 'Multiplies numbers; blanks in lists are skipped.', {
    max: 255,
    repeat: 1,
    run: (args, call) => callFormulajs('PRODUCT', call.span, () => PRODUCT(flat(args))),
  }),
  define(
    'ROUND',
    ['number:number', 'digits:number?'],
    'number',
    'Rounds to a number of digits, halves away from zero.',
    {
      run: ([x, d], call) => callFormulajs('ROUND', call.span, () => ROUND(n(x), Math.trunc(n(d ?? 0)))),
    },
  ),
  define('ROUNDUP', ['number:number', 'digits:number?'], 'number', 'Rounds away from zero.', {
    run: ([x, d], call) => callFormulajs('ROUNDUP', call.span, () => ROUNDUP(n(x), Math.trunc(n(d ?? 0)))),
  }),
  define('ROUNDDOWN', ['number:number', 'digits:number?'], 'number', 'Rounds toward zero.', {
    run: ([x, d], call) =>
      callFormulajs('ROUNDDOWN', call.span, () => ROUNDDOWN(n(x), Math.trunc(n(d ?? 0)))),
  }),
  define('ABS', ['number:number'], 'number', 'Returns the absolute value.', {
    run: ([x], call) => callFormulajs('ABS', call.span, () => ABS(n(x))),
  }),
  define('INT', ['number:number'], 'number', 'Rounds down to the nearest integer.', {
    run: ([x], call) => callFormulajs('INT', call.span, () => INT(n(x))),
  }),
  define(
    'MOD',
    ['number:number', 'divisor:number'],
    'number',
    'Returns the remainder, with the sign of the divisor.',
    {
      // Excel's n - d*INT(n/d); formulajs gets the sign wrong (MOD(5, -3) gave -2, MOD(-6, 3) gave 3).
      run: ([x, d], call) => {
        if (n(d) === 0) return callFormulajs('MOD', call.span, () => new Error('#DIV/0!'));
        return finiteNumber(n(x) - n(d) * Math.floor(round15(n(x) / n(d))), call.span);
      },
    },
  ),
  define('POWER', ['number:number', 'power:number'], 'number', 'Raises a number to a power.', {
    // The ^ operator's rules: formulajs returns null for POWER(0, -1) instead of #DIV/0!.
    run: ([x, p], call) => power(n(x), n(p), call.span),
  }),
  define('SQRT', ['number:number'], 'number', 'Returns the square root.', {
    run: ([x], call) => callFormulajs('SQRT', call.span, () => SQRT(n(x))),
  }),
  define(
    'CEILING',
    ['number:number', 'significance:number?'],
    'number',
    'Rounds up to a multiple of significance (default 1).',
    {
      run: ([x, s], call) => callFormulajs('CEILING', call.span, () => CEILING(n(x), n(s ?? 1))),
    },
  ),
  define(
    'FLOOR',
    ['number:number', 'significance:number?'],
    'number',
    'Rounds down to a multiple of significance (default 1).',
    {
      run: ([x, s], call) => callFormulajs('FLOOR', call.span, () => FLOOR(n(x), n(s ?? 1))),
    },
  ),
];
