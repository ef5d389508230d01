// Which of the nineteen filter operators (spec §3) suit a column, and what kind of value each one
// takes there. The server checks values again (400 badFilterValue); this keeps people from building
// filters it would refuse.
import {
  LENGTH_OPERATORS,
  LIST_OPERATORS,
  TEXT_OPERATORS,
  VALUELESS_FILTER_OPERATORS,
  type FilterOperator,
  type RecordFilter,
} from '@formloop/domain';
import type { ColumnKind, ListColumn } from './list-columns.ts';

const NULL_CHECKS: readonly FilterOperator[] = ['isnull', 'isnotnull'];
const EMPTY_CHECKS: readonly FilterOperator[] = ['isempty', 'isnotempty'];
const COMPARISONS: readonly FilterOperator[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'];
const TEXTUAL: readonly FilterOperator[] = [
  'contains',
  'doesnotcontain',
  'eq',
  'neq',
  'startswith',
  'endswith',
  'isin',
  'partof',
  'notpartof',
  'minlength',
  'maxlength',
  ...EMPTY_CHECKS,
  ...NULL_CHECKS,
];

const OPERATORS_BY_KIND: Record<ColumnKind, readonly FilterOperator[]> = {
  text: TEXTUAL,
  html: TEXTUAL,
  lookup: TEXTUAL,
  number: [...COMPARISONS, 'isin', ...NULL_CHECKS],
  date: [...COMPARISONS, ...NULL_CHECKS],
  datetime: [...COMPARISONS, ...NULL_CHECKS],
  time: [...COMPARISONS, ...NULL_CHECKS],
  boolean: ['eq', 'neq', ...NULL_CHECKS],
  list: ['isin', 'partof', 'notpartof', 'contains', 'doesnotcontain', ...EMPTY_CHECKS, ...NULL_CHECKS],
  users: ['isin', 'partof', 'notpartof', ...EMPTY_CHECKS, ...NULL_CHECKS],
  user: ['eq', 'neq', 'isin', ...NULL_CHECKS],
  file: [...EMPTY_CHECKS, ...NULL_CHECKS],
  files: [...EMPTY_CHECKS, ...NULL_CHECKS],
  status: ['eq', 'neq', 'isin'],
};

/** The operators offered for a column, the most useful first. */
export const operatorsFor = (kind: ColumnKind): readonly FilterOperator[] => OPERATORS_BY_KIND[kind];

/** What the value input of a filter row is. */
export type FilterValueKind =
  | 'none'
  | 'text'
  | 'texts'
  | 'number'
  | 'numbers'
  | 'length'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'status'
  | 'statuses'
  | 'user'
  | 'users';

const isValueless = (operator: FilterOperator) =>
  (VALUELESS_FILTER_OPERATORS as readonly FilterOperator[]).includes(operator);

export function valueKindFor(kind: ColumnKind, operator: FilterOperator): FilterValueKind {
  if (isValueless(operator)) return 'none';
  if (LENGTH_OPERATORS.includes(operator)) return 'length';
  const many =
    LIST_OPERATORS.includes(operator) ||
    ((kind === 'list' || kind === 'users') && operator !== 'contains' && operator !== 'doesnotcontain');
  switch (kind) {
    case 'number':
      return many ? 'numbers' : 'number';
    case 'status':
      return many ? 'statuses' : 'status';
    case 'user':
    case 'users':
      return many ? 'users' : 'user';
    case 'date':
    case 'datetime':
    case 'time':
    case 'boolean':
      return kind;
    default:
      return many ? 'texts' : 'text';
  }
}

/** ignoreCase matters to the operators that compare text, on columns holding text. */
export const offersIgnoreCase = (kind: ColumnKind, operator: FilterOperator): boolean =>
  TEXT_OPERATORS.includes(operator) &&
  (kind === 'text' || kind === 'html' || kind === 'lookup' || kind === 'list');

/** matchesAll matters to fields holding several values, when several values are given. */
export const offersMatchesAll = (kind: ColumnKind, operator: FilterOperator): boolean =>
  (kind === 'list' || kind === 'users') && !isValueless(operator);

/** Whether a row's value is filled in enough to send. */
export function hasValue(kind: FilterValueKind, value: unknown): boolean {
  if (kind === 'none') return true;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && value.trim() !== '';
}

/** A filter row as the builder edits it. */
export interface FilterDraft {
  id: string;
  field: string;
  operator: FilterOperator | undefined;
  value: unknown;
  ignoreCase: boolean;
  matchesAll: boolean;
}

/** The request's filter for a complete row: no value for valueless operators, flags only where they apply. */
export function toRequestFilter(draft: FilterDraft, column: ListColumn): RecordFilter | null {
  const { operator } = draft;
  if (!operator) return null;
  const valueKind = valueKindFor(column.kind, operator);
  if (!hasValue(valueKind, draft.value)) return null;
  const value = typeof draft.value === 'string' ? draft.value.trim() : draft.value;
  return {
    field: column.key,
    operator,
    ...(valueKind === 'none' ? {} : { value }),
    ignoreCase: offersIgnoreCase(column.kind, operator) && draft.ignoreCase,
    matchesAll: offersMatchesAll(column.kind, operator) && draft.matchesAll,
  };
}
