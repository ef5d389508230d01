// The runtime value model and its coercions. Field values arrive as JSON-ish data (numbers,
// strings, booleans, ISO date strings, arrays); inside a formula they become these values.
//
// Null rules (documented in ADR 0004): an empty field is null. In arithmetic null (and "") is 0, in
// & it is "", as a condition it is FALSE, and lists skip it.
import {
  formatIsoDate,
  formatIsoDateTime,
  formatIsoTime,
  parseIsoTemporal,
  type TemporalKind,
} from './calendar.ts';
import { FormulaError, formulaError, type Span } from './errors.ts';

/** A date, date-time or time of day, held as a spreadsheet serial number. */
export class DateTimeValue {
  constructor(
    readonly kind: TemporalKind,
    readonly serial: number,
  ) {}
}

/** A value formulas can pass along but not compute with (a user or lookup record object). */
export class OpaqueValue {
  constructor(readonly value: object) {}
}

export type Scalar = null | number | string | boolean | DateTimeValue | OpaqueValue;
export type ListValue = readonly Scalar[];
export type Value = Scalar | ListValue | FormulaError;

export const isList = (value: Value): value is ListValue => Array.isArray(value);
/** Blank is null or "" (a cleared text input stores ""). */
export const isBlank = (value: Value): boolean => value === null || value === '';

/**
 * Spreadsheets show and compare 15 significant digits. Arithmetic runs at full double precision
 * (so chains do not accumulate rounding), and numbers are rounded to 15 digits where they are
 * compared, passed to a function, turned into text, or returned: 0.1+0.2 is 0.3 everywhere.
 */
export function round15(n: number): number {
  if (n === 0) return 0;
  return Number(n.toPrecision(15));
}

/** Checks a computed number: NaN and ±Infinity are #NUM!; -0 becomes 0. */
export function finiteNumber(n: number, span: Span, what = 'The result'): number | FormulaError {
  if (!Number.isFinite(n)) {
    return formulaError('invalidValue', `${what} is not a finite number (#NUM!)`, span, { error: '#NUM!' });
  }
  return n === 0 ? 0 : n;
}

function scalarFromData(data: unknown): Scalar {
  if (data === null || data === undefined) return null;
  if (typeof data === 'number') return Number.isFinite(data) ? data : null;
  if (typeof data === 'string' || typeof data === 'boolean') return data;
  if (typeof data === 'bigint') return Number(data);
  if (data instanceof Date) {
    const ms = data.getTime();
    return Number.isFinite(ms) ? new DateTimeValue('datetime', ms / 86_400_000 + 25569) : null;
  }
  if (typeof data === 'object') return new OpaqueValue(data);
  return null;
}

/** A stored field value as a formula value; arrays (multi-selects, table columns) become lists. */
export function valueFromData(data: unknown): Scalar | ListValue {
  if (Array.isArray(data)) return data.map((item) => scalarFromData(Array.isArray(item) ? null : item));
  return scalarFromData(data);
}

export function numberToText(n: number): string {
  return String(round15(n)).replace('e', 'E');
}

const NUMBER_TEXT = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?(?:e[+-]?\d+)?$/i;

/**
 * Reads a number written as text: "12", "-1,234.5", "1e3", "12%", "$12". Null if it is not one.
 * "" is null here; callers decide whether blank text means 0.
 */
export function parseNumberText(text: string): number | null {
  let t = text.trim();
  if (t === '' || t.length > 400) return null;
  let scale = 1;
  if (t.endsWith('%')) {
    scale = 0.01;
    t = t.slice(0, -1).trim();
  }
  const sign = t.startsWith('-') ? -1 : 1;
  if (t.startsWith('-') || t.startsWith('+')) t = t.slice(1).trim();
  if (/^[$€£¥]/.test(t)) t = t.slice(1).trim();
  if (!/\d/.test(t) || !NUMBER_TEXT.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? round15(sign * n * scale) : null;
}

function listError(span: Span): FormulaError {
  return formulaError('invalidValue', 'A list cannot be used as a single value (#VALUE!)', span, {
    error: '#VALUE!',
  });
}

function opaqueError(span: Span): FormulaError {
  return formulaError('invalidValue', 'A record value cannot be used in a calculation (#VALUE!)', span, {
    error: '#VALUE!',
  });
}

/** A value as a number: blank is 0, TRUE is 1, dates are serials, numeric or ISO text is read. */
export function toNumber(value: Value, span: Span): number | FormulaError {
  if (value === null) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof FormulaError) return value;
  if (value instanceof DateTimeValue) return value.serial;
  if (value instanceof OpaqueValue) return opaqueError(span);
  if (isList(value)) return listError(span);
  if (value.trim() === '') return 0;
  const n = parseNumberText(value);
  if (n !== null) return n;
  const temporal = parseIsoTemporal(value);
  if (temporal) return temporal.serial;
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return formulaError('invalidValue', `"${shown}" is not a number (#VALUE!)`, span, {
    error: '#VALUE!',
    value: shown,
  });
}

export function temporalToText(value: DateTimeValue): string {
  if (value.kind === 'time') return formatIsoTime(value.serial);
  const text = value.kind === 'date' ? formatIsoDate(value.serial) : formatIsoDateTime(value.serial);
  return text ?? numberToText(value.serial);
}

/** A value as text: blank is "", numbers with 15 significant digits, dates in their ISO form. */
export function toText(value: Value, span: Span): string | FormulaError {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberToText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof FormulaError) return value;
  if (value instanceof DateTimeValue) return temporalToText(value);
  if (value instanceof OpaqueValue) return opaqueError(span);
  return listError(span);
}

/** A value as a condition: blank is FALSE, numbers are TRUE unless 0, "TRUE"/"FALSE" text is read. */
export function toBoolean(value: Value, span: Span): boolean | FormulaError {
  if (value === null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (value instanceof FormulaError) return value;
  if (typeof value === 'string') {
    const upper = value.trim().toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
  }
  if (isList(value)) return listError(span);
  return formulaError('invalidValue', 'The value is not TRUE or FALSE (#VALUE!)', span, { error: '#VALUE!' });
}

/**
 * A value as a date/time for date functions. Null when blank: date functions given a blank date
 * return blank instead of Excel's 1900-01-00. Numbers are serials, text must be ISO.
 */
export function toDateTime(value: Value, span: Span): DateTimeValue | null | FormulaError {
  if (value === null || value === '') return null;
  if (value instanceof DateTimeValue || value instanceof FormulaError) return value;
  if (typeof value === 'number')
    return new DateTimeValue(Number.isInteger(value) ? 'date' : 'datetime', value);
  if (typeof value === 'string') {
    const parsed = parseIsoTemporal(value);
    if (parsed) return new DateTimeValue(parsed.kind, parsed.serial);
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return formulaError('invalidValue', `"${shown}" is not a date; use YYYY-MM-DD (#VALUE!)`, span, {
      error: '#VALUE!',
      value: shown,
    });
  }
  if (isList(value)) return listError(span);
  return formulaError('invalidValue', 'The value is not a date (#VALUE!)', span, { error: '#VALUE!' });
}

/** Plain data for results: dates back to ISO strings, lists to arrays, opaque values unwrapped. */
export function toData(value: Scalar | ListValue): unknown {
  if (isList(value)) return value.map((item) => toData(item));
  if (value instanceof DateTimeValue) return temporalToText(value);
  if (value instanceof OpaqueValue) return value.value;
  if (typeof value === 'number') return round15(value);
  return value;
}
