// Argument coercion by parameter type, and the bridge back from formulajs results.
import { FormulaError, formulaError, type Span } from '../errors.ts';
import { checkedText } from '../operators.ts';
import {
  DateTimeValue,
  finiteNumber,
  isBlank,
  isList,
  parseNumberText,
  round15,
  toBoolean,
  toDateTime,
  toNumber,
  toText,
  type Scalar,
  type Value,
} from '../values.ts';
import type { Arg, FormulaParamType } from './types.ts';

/** Marker: a blank date argument, which makes the whole call blank. */
export const BLANK_DATE = Symbol('blank-date');

function numbersOf(value: Value, span: Span): number[] | FormulaError {
  if (isList(value)) {
    // Inside a list (a table column), blanks and text are skipped, as spreadsheet ranges do.
    const out: number[] = [];
    for (const item of value) {
      if (typeof item === 'number') out.push(round15(item));
      else if (typeof item === 'boolean') out.push(item ? 1 : 0);
      else if (item instanceof DateTimeValue) out.push(item.serial);
      else if (typeof item === 'string') {
        const n = parseNumberText(item);
        if (n !== null) out.push(n);
      }
    }
    return out;
  }
  if (isBlank(value)) return [];
  const n = toNumber(value, span);
  return n instanceof FormulaError ? n : [round15(n)];
}

function datesOf(value: Value, span: Span): DateTimeValue[] | FormulaError {
  const items = isList(value) ? value : [value];
  const out: DateTimeValue[] = [];
  for (const item of items) {
    const date = toDateTime(item, span);
    if (date instanceof FormulaError) return date;
    if (date !== null) out.push(date);
  }
  return out;
}

export function coerceArg(
  type: FormulaParamType,
  value: Value,
  span: Span,
): Arg | FormulaError | typeof BLANK_DATE {
  if (value instanceof FormulaError) return value;
  switch (type) {
    case 'number': {
      const n = toNumber(value, span);
      return n instanceof FormulaError ? n : round15(n);
    }
    case 'text':
      return toText(value, span);
    case 'boolean':
      return toBoolean(value, span);
    case 'date':
    case 'time': {
      const date = toDateTime(value, span);
      return date === null ? BLANK_DATE : date;
    }
    case 'numbers':
      return numbersOf(value, span);
    case 'dates':
      return datesOf(value, span);
    case 'values':
      return isList(value) ? value : [value as Scalar];
    default:
      return value;
  }
}

const DIV0 = '#DIV/0!';

/** formulajs returns Error objects named by their spreadsheet code; they become error values. */
export function fromFormulajs(result: unknown, name: string, span: Span): Value {
  if (result instanceof Error) {
    const code = result.message;
    if (code === DIV0) {
      return formulaError('divisionByZero', `${name} divided by zero (${DIV0})`, span, { error: DIV0, name });
    }
    const error = code.startsWith('#') ? code : '#VALUE!';
    return formulaError('invalidValue', `${name} returned ${error}`, span, { error, name });
  }
  if (typeof result === 'number') return finiteNumber(result, span, `${name}'s result`);
  if (typeof result === 'string') return checkedText(result, span);
  if (typeof result === 'boolean') return result;
  if (result === null || result === undefined) return null;
  return formulaError('invalidValue', `${name} returned an unexpected value`, span, {
    error: '#VALUE!',
    name,
  });
}

/** Guards a formulajs call: anything it throws becomes #VALUE! instead of escaping. */
export function callFormulajs(name: string, span: Span, call: () => unknown): Value {
  let result: unknown;
  try {
    result = call();
  } catch {
    return formulaError('invalidValue', `${name} could not compute a result (#VALUE!)`, span, {
      error: '#VALUE!',
      name,
    });
  }
  return fromFormulajs(result, name, span);
}

export function invalid(name: string, reason: string, span: Span, error = '#VALUE!'): FormulaError {
  return formulaError('invalidValue', `${name}: ${reason} (${error})`, span, { error, name });
}
