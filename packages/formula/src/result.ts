// Converts a formula's value to what the calculation field stores, by the field's value type:
// numbers as plain JS numbers (15 significant digits), dates as 'YYYY-MM-DD', date-times as ISO
// instants, times as 'HH:mm:ss'. A blank result ("" or null) is stored as null.
import type { FieldValueType } from '@formloop/domain';
import { formatIsoDate, formatIsoDateTime, formatIsoTime, parseIsoTemporal } from './calendar.ts';
import { FormulaError, formulaError, type Span } from './errors.ts';
import {
  DateTimeValue,
  OpaqueValue,
  isBlank,
  isList,
  parseNumberText,
  round15,
  toData,
  toText,
  type Value,
} from './values.ts';

function describeValue(value: Value): string {
  if (isList(value)) return 'a list';
  if (value instanceof DateTimeValue) return value.kind === 'datetime' ? 'a date-time' : `a ${value.kind}`;
  if (value instanceof OpaqueValue) return 'a record value';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'TRUE/FALSE';
  return 'a number';
}

function mismatch(value: Value, type: FieldValueType, span: Span): FormulaError {
  const actual = describeValue(value);
  return formulaError(
    'resultType',
    `The formula returned ${actual}, which cannot be stored as ${type}`,
    span,
    {
      expected: type,
      actual,
    },
  );
}

function temporalSerial(value: Value, allowTime: boolean): number | null {
  if (value instanceof DateTimeValue) return value.kind === 'time' && !allowTime ? null : value.serial;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const parsed = parseIsoTemporal(value);
    if (parsed && (allowTime || parsed.kind !== 'time')) return parsed.serial;
  }
  return null;
}

export function toResult(value: Value, type: FieldValueType | undefined, span: Span): unknown {
  if (value instanceof FormulaError) return value;
  if (type === undefined || type === 'any') return toData(value as Exclude<Value, FormulaError>);
  if (isBlank(value)) return null;
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return round15(value);
      if (typeof value === 'string') return parseNumberText(value) ?? mismatch(value, type, span);
      return mismatch(value, type, span);
    }
    case 'text': {
      if (isList(value)) {
        const parts = value.filter((v) => !isBlank(v)).map((v) => toText(v, span));
        const error = parts.find((p) => p instanceof FormulaError);
        return error ?? parts.join(', ');
      }
      const text = toText(value, span);
      return text instanceof FormulaError ? mismatch(value, type, span) : text;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return value.trim().toUpperCase() === 'TRUE';
      return mismatch(value, type, span);
    }
    case 'date': {
      const serial = temporalSerial(value, false);
      return (serial === null ? null : formatIsoDate(serial)) ?? mismatch(value, type, span);
    }
    case 'datetime': {
      const serial = temporalSerial(value, false);
      return (serial === null ? null : formatIsoDateTime(serial)) ?? mismatch(value, type, span);
    }
    case 'time': {
      const serial = temporalSerial(value, true);
      return serial === null ? mismatch(value, type, span) : formatIsoTime(serial);
    }
    case 'list':
      return isList(value) ? toData(value) : [toData(value as Exclude<Value, FormulaError>)];
    default:
      return toData(value as Exclude<Value, FormulaError>);
  }
}
