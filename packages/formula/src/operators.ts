// Operator semantics. Dates take part in + and - the way they do in spreadsheets: date + number
// adds days, date - date is a number of days, date + time is a date-time.
import { MAX_SERIAL, MIN_SERIAL, MS_PER_DAY, dayOf, parseIsoTemporal, serialToMs } from './calendar.ts';
import { FormulaError, formulaError, type Span } from './errors.ts';
import { MAX_TEXT_LENGTH } from './limits.ts';
import {
  DateTimeValue,
  OpaqueValue,
  finiteNumber,
  isList,
  parseNumberText,
  round15,
  toNumber,
  toText,
  type Value,
} from './values.ts';

function temporalOf(value: Value): DateTimeValue | null {
  if (value instanceof DateTimeValue) return value;
  if (typeof value === 'string') {
    const parsed = parseIsoTemporal(value);
    if (parsed) return new DateTimeValue(parsed.kind, parsed.serial);
  }
  return null;
}

function temporalResult(kind: DateTimeValue['kind'], serial: number, span: Span): Value {
  if (kind === 'time') return new DateTimeValue('time', round15(((serial % 1) + 1) % 1) % 1);
  const value = kind === 'date' ? dayOf(serial) : serial;
  if (!Number.isFinite(value) || value < MIN_SERIAL || dayOf(value) > MAX_SERIAL) {
    return formulaError('invalidValue', 'The date is out of range (#NUM!)', span, { error: '#NUM!' });
  }
  return new DateTimeValue(kind, value);
}

function numeric(left: Value, right: Value, span: Span, op: (a: number, b: number) => number): Value {
  const a = toNumber(left, span);
  if (a instanceof FormulaError) return a;
  const b = toNumber(right, span);
  if (b instanceof FormulaError) return b;
  return finiteNumber(op(a, b), span);
}

export function add(left: Value, right: Value, span: Span): Value {
  const a = temporalOf(left);
  const b = temporalOf(right);
  if (a && b) {
    if (a.kind === 'time' && b.kind === 'time') return temporalResult('time', a.serial + b.serial, span);
    if (a.kind === 'time' || b.kind === 'time') return temporalResult('datetime', a.serial + b.serial, span);
    return finiteNumber(a.serial + b.serial, span);
  }
  const temporal = a ?? b;
  if (temporal) {
    const other = toNumber(a ? right : left, span);
    if (other instanceof FormulaError) return other;
    return temporalResult(temporal.kind, temporal.serial + other, span);
  }
  return numeric(left, right, span, (x, y) => x + y);
}

export function subtract(left: Value, right: Value, span: Span): Value {
  const a = temporalOf(left);
  const b = temporalOf(right);
  if (a && b) {
    if (a.kind !== 'time' && b.kind === 'time') return temporalResult('datetime', a.serial - b.serial, span);
    // Through whole milliseconds, so 17:30 - 08:00 is exactly 9.5 hours' worth of a day.
    return finiteNumber((serialToMs(a.serial) - serialToMs(b.serial)) / MS_PER_DAY, span);
  }
  if (a) {
    const days = toNumber(right, span);
    if (days instanceof FormulaError) return days;
    return temporalResult(a.kind, a.serial - days, span);
  }
  return numeric(left, right, span, (x, y) => x - y);
}

export function multiply(left: Value, right: Value, span: Span): Value {
  return numeric(left, right, span, (x, y) => x * y);
}

export function divide(left: Value, right: Value, span: Span): Value {
  const a = toNumber(left, span);
  if (a instanceof FormulaError) return a;
  const b = toNumber(right, span);
  if (b instanceof FormulaError) return b;
  if (b === 0)
    return formulaError('divisionByZero', 'Division by zero (#DIV/0!)', span, { error: '#DIV/0!' });
  return finiteNumber(a / b, span);
}

export function power(left: Value, right: Value, span: Span): Value {
  const a = toNumber(left, span);
  if (a instanceof FormulaError) return a;
  const b = toNumber(right, span);
  if (b instanceof FormulaError) return b;
  // Excel: 0^0 is #NUM!, 0^-1 is #DIV/0!.
  if (a === 0 && b < 0)
    return formulaError('divisionByZero', 'Zero to a negative power (#DIV/0!)', span, { error: '#DIV/0!' });
  if (a === 0 && b === 0)
    return formulaError('invalidValue', '0^0 is undefined (#NUM!)', span, { error: '#NUM!' });
  return finiteNumber(a ** b, span);
}

export function concatenate(left: Value, right: Value, span: Span): Value {
  const a = toText(left, span);
  if (a instanceof FormulaError) return a;
  const b = toText(right, span);
  if (b instanceof FormulaError) return b;
  return checkedText(a + b, span);
}

export function checkedText(text: string, span: Span): string | FormulaError {
  if (text.length <= MAX_TEXT_LENGTH) return text;
  return formulaError('invalidValue', `Text is longer than ${MAX_TEXT_LENGTH} characters (#VALUE!)`, span, {
    error: '#VALUE!',
    max: MAX_TEXT_LENGTH,
  });
}

// Spreadsheet ordering between kinds: numbers (and dates) < text < TRUE/FALSE.
type Comparable = { rank: 0; n: number } | { rank: 1; s: string } | { rank: 2; b: boolean };

function comparable(value: Value, other: Value): Comparable | 'invalid' {
  if (value === null) {
    // Blank takes the shape of the other side: blank = 0, blank = "" and blank = FALSE are all TRUE.
    if (typeof other === 'string') return { rank: 1, s: '' };
    if (typeof other === 'boolean') return { rank: 2, b: false };
    return { rank: 0, n: 0 };
  }
  if (typeof value === 'number') return { rank: 0, n: round15(value) };
  if (value instanceof DateTimeValue) return { rank: 0, n: round15(value.serial) };
  if (typeof value === 'boolean') return { rank: 2, b: value };
  if (typeof value === 'string') {
    // Text that reads as a number or ISO date compares as one when the other side is a number or
    // date: forms often hold "12" in a text field, and dates travel as ISO text.
    if (typeof other === 'number' || other instanceof DateTimeValue) {
      const n = parseNumberText(value) ?? parseIsoTemporal(value)?.serial;
      if (n !== undefined && n !== null) return { rank: 0, n: round15(n) };
    }
    return { rank: 1, s: value.toLowerCase() };
  }
  if (value instanceof OpaqueValue || isList(value)) return 'invalid';
  return 'invalid';
}

/** -1, 0 or 1; text compares case-insensitively as spreadsheets do (EXACT is case-sensitive). */
export function compare(left: Value, right: Value, span: Span): number | FormulaError {
  if (left instanceof FormulaError) return left;
  if (right instanceof FormulaError) return right;
  const a = comparable(left, right);
  const b = comparable(right, left);
  if (a === 'invalid' || b === 'invalid') {
    return formulaError('invalidValue', 'Lists and record values cannot be compared (#VALUE!)', span, {
      error: '#VALUE!',
    });
  }
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.rank === 0 && b.rank === 0) return a.n === b.n ? 0 : a.n < b.n ? -1 : 1;
  if (a.rank === 1 && b.rank === 1) return a.s === b.s ? 0 : a.s < b.s ? -1 : 1;
  if (a.rank === 2 && b.rank === 2) return a.b === b.b ? 0 : a.b ? 1 : -1;
  return 0;
}

export function comparison(operator: string, left: Value, right: Value, span: Span): Value {
  const order = compare(left, right, span);
  if (order instanceof FormulaError) return order;
  switch (operator) {
    case '=':
      return order === 0;
    case '<>':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}
