// Text functions. formulajs does the work; we guard the inputs it mishandles (negative counts,
// fractional REPT counts, output that would exceed the text limit before it is built).
import {
  CONCAT,
  EXACT,
  FIND,
  FIXED,
  LEFT,
  LEN,
  LOWER,
  MID,
  PROPER,
  REPLACE,
  REPT,
  RIGHT,
  ROUND,
  SEARCH,
  SUBSTITUTE,
  TRIM,
  UPPER,
} from '@formulajs/formulajs';
import { parseIsoTemporal } from '../calendar.ts';
import { FormulaError } from '../errors.ts';
import { MAX_TEXT_LENGTH } from '../limits.ts';
import { checkedText } from '../operators.ts';
import { formatText } from '../text-format.ts';
import { DateTimeValue, isBlank, parseNumberText, toText, type Scalar, type Value } from '../values.ts';
import { callFormulajs, invalid } from './coerce.ts';
import { define, type CallContext, type FunctionDefinition } from './types.ts';

const s = (arg: unknown): string => arg as string;
const n = (arg: unknown): number => arg as number;

function concat(name: string, args: readonly unknown[], call: CallContext): Value {
  const parts: string[] = [];
  let length = 0;
  for (const arg of args as Scalar[][]) {
    for (const item of arg) {
      const text = toText(item, call.span);
      if (text instanceof FormulaError) return text;
      length += text.length;
      if (length > MAX_TEXT_LENGTH)
        return invalid(name, `text is longer than ${MAX_TEXT_LENGTH} characters`, call.span);
      parts.push(text);
    }
  }
  return callFormulajs(name, call.span, () => CONCAT(...parts));
}

function count(name: string, value: unknown, call: CallContext): number | FormulaError {
  const c = Math.trunc(n(value));
  return c < 0 ? invalid(name, 'the count cannot be negative', call.span) : c;
}

function value(arg: Value, call: CallContext): Value {
  if (isBlank(arg)) return 0;
  if (typeof arg === 'number') return arg;
  if (arg instanceof DateTimeValue) return arg.serial;
  if (typeof arg === 'string') {
    const number = parseNumberText(arg) ?? parseIsoTemporal(arg)?.serial;
    if (number !== undefined && number !== null) return number;
  }
  return invalid('VALUE', 'the text is not a number', call.span);
}

/** formulajs skips a match at position 0 when counting instances (SUBSTITUTE("aaa","a","b",2) gave "aab"). */
function substituteNth(
  text: string,
  oldText: string,
  newText: string,
  nth: number,
  call: CallContext,
): Value {
  if (oldText === '') return text;
  let at = -oldText.length;
  for (let k = 0; k < nth; k += 1) {
    at = text.indexOf(oldText, at + oldText.length);
    if (at < 0) return text;
  }
  return checkedText(text.slice(0, at) + newText + text.slice(at + oldText.length), call.span);
}

export const TEXT_FUNCTIONS: FunctionDefinition[] = [
  define(
    'TEXT',
    ['value:any', 'format:text'],
    'text',
    'Formats a number or date with a format code such as "#,##0.00" or "yyyy-mm-dd".',
    {
      run: ([v, format], call) => {
        if (Array.isArray(v)) return invalid('TEXT', 'a list cannot be formatted', call.span);
        return formatText(v as Value, s(format));
      },
    },
  ),
  define('CONCAT', ['text:values'], 'text', 'Joins texts, numbers and lists into one text.', {
    max: 255,
    repeat: 1,
    run: (args, call) => concat('CONCAT', args, call),
  }),
  define('CONCATENATE', ['text:values'], 'text', 'Joins texts into one text.', {
    max: 255,
    repeat: 1,
    run: (args, call) => concat('CONCATENATE', args, call),
  }),
  define('LEFT', ['text:text', 'count:number?'], 'text', 'Returns the first characters of a text.', {
    run: ([t, c], call) => {
      const k = count('LEFT', c ?? 1, call);
      return k instanceof FormulaError ? k : callFormulajs('LEFT', call.span, () => LEFT(s(t), k));
    },
  }),
  define('RIGHT', ['text:text', 'count:number?'], 'text', 'Returns the last characters of a text.', {
    run: ([t, c], call) => {
      const k = count('RIGHT', c ?? 1, call);
      return k instanceof FormulaError ? k : callFormulajs('RIGHT', call.span, () => RIGHT(s(t), k));
    },
  }),
  define(
    'MID',
    ['text:text', 'start:number', 'count:number'],
    'text',
    'Returns characters from the middle of a text.',
    {
      run: ([t, start, c], call) => {
        const k = count('MID', c, call);
        return k instanceof FormulaError
          ? k
          : callFormulajs('MID', call.span, () => MID(s(t), Math.trunc(n(start)), k));
      },
    },
  ),
  define('LEN', ['text:text'], 'number', 'Returns the number of characters in a text.', {
    run: ([t], call) => callFormulajs('LEN', call.span, () => LEN(s(t))),
  }),
  define('UPPER', ['text:text'], 'text', 'Converts text to upper case.', {
    run: ([t], call) => callFormulajs('UPPER', call.span, () => UPPER(s(t))),
  }),
  define('LOWER', ['text:text'], 'text', 'Converts text to lower case.', {
    run: ([t], call) => callFormulajs('LOWER', call.span, () => LOWER(s(t))),
  }),
  define('PROPER', ['text:text'], 'text', 'Capitalises the first letter of each word.', {
    run: ([t], call) => callFormulajs('PROPER', call.span, () => PROPER(s(t))),
  }),
  define(
    'TRIM',
    ['text:text'],
    'text',
    'Removes leading and trailing spaces and collapses inner runs of spaces.',
    {
      run: ([t], call) => callFormulajs('TRIM', call.span, () => TRIM(s(t))),
    },
  ),
  define(
    'SUBSTITUTE',
    ['text:text', 'old_text:text', 'new_text:text', 'instance:number?'],
    'text',
    'Replaces occurrences of a text with another.',
    {
      run: ([t, oldText, newText, instance], call) => {
        if (instance !== undefined && Math.trunc(n(instance)) < 1)
          return invalid('SUBSTITUTE', 'the instance must be 1 or more', call.span);
        if (s(oldText) !== '' && instance === undefined) {
          // Measure before building so a hostile SUBSTITUTE cannot allocate gigabytes first.
          const occurrences = s(t).split(s(oldText)).length - 1;
          const projected = s(t).length + occurrences * (s(newText).length - s(oldText).length);
          if (projected > MAX_TEXT_LENGTH)
            return invalid('SUBSTITUTE', `text is longer than ${MAX_TEXT_LENGTH} characters`, call.span);
        }
        if (instance === undefined) {
          return callFormulajs('SUBSTITUTE', call.span, () => SUBSTITUTE(s(t), s(oldText), s(newText)));
        }
        return substituteNth(s(t), s(oldText), s(newText), Math.trunc(n(instance)), call);
      },
    },
  ),
  define(
    'REPLACE',
    ['text:text', 'start:number', 'count:number', 'new_text:text'],
    'text',
    'Replaces characters at a position.',
    {
      run: ([t, start, c, newText], call) => {
        const k = count('REPLACE', c, call);
        if (k instanceof FormulaError) return k;
        if (Math.trunc(n(start)) < 1) return invalid('REPLACE', 'the start must be 1 or more', call.span);
        return callFormulajs('REPLACE', call.span, () => REPLACE(s(t), Math.trunc(n(start)), k, s(newText)));
      },
    },
  ),
  define(
    'FIND',
    ['find_text:text', 'within_text:text', 'start:number?'],
    'number',
    'Finds a text (case-sensitive); the position starts at 1.',
    {
      run: ([f, w, start], call) =>
        callFormulajs('FIND', call.span, () => FIND(s(f), s(w), Math.trunc(n(start ?? 1)))),
    },
  ),
  define(
    'SEARCH',
    ['find_text:text', 'within_text:text', 'start:number?'],
    'number',
    'Finds a text (not case-sensitive); the position starts at 1.',
    {
      run: ([f, w, start], call) =>
        callFormulajs('SEARCH', call.span, () => SEARCH(s(f), s(w), Math.trunc(n(start ?? 1)))),
    },
  ),
  define('VALUE', ['text:any'], 'number', 'Converts text such as "1,234.50", "12%" or "$5" to a number.', {
    run: ([t], call) => value(t as Value, call),
  }),
  define(
    'EXACT',
    ['text1:text', 'text2:text'],
    'boolean',
    'Returns TRUE if two texts are identical, case included.',
    {
      run: ([a, b], call) => callFormulajs('EXACT', call.span, () => EXACT(s(a), s(b))),
    },
  ),
  define('REPT', ['text:text', 'count:number'], 'text', 'Repeats a text a number of times.', {
    run: ([t, c], call) => {
      const k = count('REPT', c, call);
      if (k instanceof FormulaError) return k;
      if (s(t).length * k > MAX_TEXT_LENGTH)
        return invalid('REPT', `text is longer than ${MAX_TEXT_LENGTH} characters`, call.span);
      return callFormulajs('REPT', call.span, () => REPT(s(t), k));
    },
  }),
  define(
    'FIXED',
    ['number:number', 'decimals:number?', 'no_commas:boolean?'],
    'text',
    'Formats a number with fixed decimals and thousands separators (money amounts).',
    {
      run: ([x, d, noCommas], call) => {
        const decimals = Math.trunc(n(d ?? 2));
        if (decimals > 100) return invalid('FIXED', 'at most 100 decimals', call.span);
        // Round first: formulajs's FIXED uses toFixed, which turns 1.005 into "1.00".
        return callFormulajs('FIXED', call.span, () =>
          FIXED(ROUND(n(x), decimals), decimals, noCommas === true),
        );
      },
    },
  ),
];
