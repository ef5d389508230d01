// Static type rules shared by the checker: which value types an operator or parameter accepts.
// 'any' (lookups, pull-data) is compatible with everything; runtime coercion decides then.
import type { FieldValueType } from '@formloop/domain';
import type { FormulaNode } from './ast.ts';
import { parseIsoTemporal } from './calendar.ts';
import type { FormulaParamType } from './functions/types.ts';
import { parseNumberText } from './values.ts';

export const TEMPORAL: ReadonlySet<FieldValueType> = new Set(['date', 'datetime', 'time']);
const NUMERIC: ReadonlySet<FieldValueType> = new Set([
  'number',
  'boolean',
  'date',
  'datetime',
  'time',
  'any',
]);

const literalText = (node: FormulaNode): string | null => (node.kind === 'string' ? node.value : null);

/** A number is accepted, as is anything a spreadsheet reads as one; text only as a numeric literal. */
export function acceptsNumber(type: FieldValueType, node: FormulaNode): boolean {
  if (NUMERIC.has(type)) return true;
  const text = literalText(node);
  return (
    text !== null && (text.trim() === '' || parseNumberText(text) !== null || parseIsoTemporal(text) !== null)
  );
}

function acceptsDate(type: FieldValueType, node: FormulaNode, allowTime: boolean): boolean {
  const text = literalText(node);
  if (text !== null) {
    const parsed = parseIsoTemporal(text);
    return parsed !== null && (allowTime || parsed.kind !== 'time');
  }
  if (type === 'time') return allowTime;
  return type === 'date' || type === 'datetime' || type === 'text' || type === 'number' || type === 'any';
}

export function acceptsParam(param: FormulaParamType, type: FieldValueType, node: FormulaNode): boolean {
  switch (param) {
    case 'any':
    case 'values':
      return true;
    case 'number':
      return acceptsNumber(type, node);
    case 'numbers':
      return type === 'list' || acceptsNumber(type, node);
    case 'text':
      return type !== 'list';
    case 'boolean': {
      const text = literalText(node)?.trim().toUpperCase();
      return type === 'boolean' || type === 'number' || type === 'any' || text === 'TRUE' || text === 'FALSE';
    }
    case 'date':
      return acceptsDate(type, node, false);
    case 'time':
      return acceptsDate(type, node, true) || type === 'date';
    case 'dates':
      return type === 'list' || acceptsDate(type, node, false);
  }
}

/** The type an operand has for + and -: an ISO date literal such as "2024-01-31" counts as a date. */
export function operandType(type: FieldValueType, node: FormulaNode): FieldValueType {
  const text = literalText(node);
  const parsed = text === null ? null : parseIsoTemporal(text);
  return parsed ? parsed.kind : type;
}

/** What a parameter type is called in messages. */
export function paramLabel(param: FormulaParamType): string {
  switch (param) {
    case 'numbers':
      return 'number or list of numbers';
    case 'dates':
      return 'date or list of dates';
    case 'values':
    case 'any':
      return 'value';
    default:
      return param;
  }
}

/** Whether a formula result of type `actual` can be stored in a field of type `expected`. */
export function assignable(actual: FieldValueType, expected: FieldValueType): boolean {
  if (actual === expected || actual === 'any' || expected === 'any') return true;
  switch (expected) {
    case 'text':
      return true;
    case 'date':
    case 'datetime':
      return actual === 'date' || actual === 'datetime';
    case 'time':
      return actual === 'datetime';
    default:
      return false;
  }
}

export type StaticResult = { type: FieldValueType } | { mismatch: string };

/** + and -: date ± number keeps the date, date - date is days, date + time is a date-time. */
export function additiveType(operator: '+' | '-', left: FieldValueType, right: FieldValueType): StaticResult {
  if (left === 'any' || right === 'any') return { type: 'any' };
  const lt = TEMPORAL.has(left);
  const rt = TEMPORAL.has(right);
  if (lt && rt) {
    if (operator === '+') {
      if (left === 'time' && right === 'time') return { type: 'time' };
      if (left === 'time' || right === 'time') return { type: 'datetime' };
      return { mismatch: 'Two dates cannot be added; subtract them to get the days between' };
    }
    if (left !== 'time' && right === 'time') return { type: 'datetime' };
    if (left === 'time' && right !== 'time') return { mismatch: 'A date cannot be subtracted from a time' };
    return { type: 'number' };
  }
  if (lt) return { type: left };
  if (rt) {
    if (operator === '-') return { mismatch: 'A date cannot be subtracted from a number' };
    return { type: right };
  }
  return { type: 'number' };
}
