import { sql, type SQL } from 'drizzle-orm';
import type { FilterOperator } from '@formloop/domain';
import type { ColumnKind, ListColumn } from './list-columns.ts';
import {
  PARAM_TYPE,
  asLength,
  asText,
  badFilterValue,
  scalarValue,
  valueList,
  type ParamType,
} from './filter-values.ts';
import { escapeLike } from '../../../platform/database/sql-helpers.ts';

// The nineteen filter operators of spec §3 as SQL over one list column. Every value is a bound
// parameter; LIKE patterns escape people's %, _ and \. ignoreCase compares text case-insensitively
// (ILIKE, lower()); matchesAll decides whether several given values must all match or any one
// (for fields holding several values: every value present vs any of them).

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
  ignoreCase: boolean;
  matchesAll: boolean;
}

const LIST_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['list', 'users', 'files']);
/** Kinds whose text has a case (ignoreCase applies); dates, numbers and ids have none worth folding. */
const CASED_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'text',
  'lookup',
  'file',
  'status',
  'user',
]);
/** Kinds without an order people would expect from lt/gt. */
const UNORDERED_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'user',
  'sysuser',
  'list',
  'users',
  'files',
]);

const typed = (value: unknown, type: ParamType): SQL => sql`${value}::${sql.raw(type)}`;
const typedArray = (values: unknown[], type: ParamType): SQL =>
  sql`${sql.param(values)}::${sql.raw(`${type}[]`)}`;
const not = (predicate: SQL): SQL => sql`NOT coalesce(${predicate}, false)`;
const combine = (predicates: SQL[], all: boolean): SQL =>
  predicates.length === 1
    ? predicates[0]!
    : predicates.length === 0
      ? sql`false`
      : sql`(${sql.join(predicates, sql.raw(all ? ' AND ' : ' OR '))})`;
const like = (ignoreCase: boolean) => sql.raw(ignoreCase ? 'ILIKE' : 'LIKE');

/** The jsonb array of a list column, or null when the stored value is not an array. */
const asArray = (column: ListColumn): SQL =>
  sql`(CASE WHEN jsonb_typeof(${column.value}) = 'array' THEN ${column.value} END)`;

/** Elements of a list column as text rows `e(item)` (file names for multi-file). */
const elements = (column: ListColumn): SQL =>
  column.kind === 'files'
    ? sql`(SELECT f->>'name' AS item FROM jsonb_array_elements(${asArray(column)}) AS f) e`
    : sql`jsonb_array_elements_text(${asArray(column)}) AS e(item)`;
const anyElement = (column: ListColumn, predicate: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM ${elements(column)} WHERE ${predicate})`;
const ITEM = sql.raw('e.item');

/** Ids of the users whose full name matches a LIKE pattern. */
const usersNamed = (pattern: string, ignoreCase: boolean, asText: boolean): SQL =>
  sql`(SELECT ${sql.raw(asText ? 'u.id::text' : 'u.id')} FROM users u WHERE u.fullname ${like(ignoreCase)} ${typed(pattern, 'text')})`;

const PATTERNS: Partial<Record<FilterOperator, (text: string) => string>> = {
  startswith: (text) => `${escapeLike(text)}%`,
  endswith: (text) => `%${escapeLike(text)}`,
  contains: (text) => `%${escapeLike(text)}%`,
  doesnotcontain: (text) => `%${escapeLike(text)}%`,
};

/** startswith, endswith, contains: on text, on users' names, on any element of a list. */
function textMatch(column: ListColumn, pattern: string, ignoreCase: boolean): SQL {
  if (column.kind === 'user') return sql`${column.text} IN ${usersNamed(pattern, ignoreCase, true)}`;
  if (column.kind === 'sysuser') return sql`${column.value} IN ${usersNamed(pattern, ignoreCase, false)}`;
  if (column.kind === 'users')
    return anyElement(column, sql`${ITEM} IN ${usersNamed(pattern, ignoreCase, true)}`);
  if (LIST_KINDS.has(column.kind))
    return anyElement(column, sql`${ITEM} ${like(ignoreCase)} ${typed(pattern, 'text')}`);
  return sql`${column.text} ${like(ignoreCase)} ${typed(pattern, 'text')}`;
}

/** Whether the list column holds a value: any given value (or, with all, every one). */
function listHas(column: ListColumn, values: string[], all: boolean, ignoreCase: boolean): SQL {
  if (values.length === 0) return sql`false`;
  if (!ignoreCase && column.kind !== 'files') {
    return sql`(${column.value} ${sql.raw(all ? '?&' : '?|')} ${typedArray(values, 'text')})`;
  }
  const wanted = ignoreCase ? values.map(escapeLike) : values;
  const matches = (value: SQL) => (ignoreCase ? sql`${ITEM} ILIKE ${value}` : sql`${ITEM} = ${value}`);
  if (!all) {
    const any = ignoreCase
      ? sql`${ITEM} ILIKE ANY (${typedArray(wanted, 'text')})`
      : sql`${ITEM} = ANY (${typedArray(wanted, 'text')})`;
    return anyElement(column, any);
  }
  return sql`NOT EXISTS (SELECT 1 FROM unnest(${typedArray(wanted, 'text')}) AS w(v) WHERE NOT ${anyElement(column, matches(sql.raw('w.v')))})`;
}

/** Every element of the list column is one of the values (partof on lists); empty lists are not. */
function listWithin(column: ListColumn, values: string[], ignoreCase: boolean): SQL {
  const wanted = ignoreCase ? values.map(escapeLike) : values;
  const outside = ignoreCase
    ? sql`NOT (${ITEM} ILIKE ANY (${typedArray(wanted, 'text')}))`
    : sql`${ITEM} <> ALL (${typedArray(wanted, 'text')})`;
  return sql`(jsonb_array_length(${asArray(column)}) > 0 AND NOT ${anyElement(column, outside)})`;
}

function isNull(column: ListColumn): SQL {
  if (column.kind === 'status') return sql`false`;
  if (LIST_KINDS.has(column.kind))
    return sql`(${column.value} IS NULL OR jsonb_typeof(${column.value}) = 'null')`;
  return sql`${column.text} IS NULL`;
}

function isEmpty(column: ListColumn): SQL {
  if (column.kind === 'status') return sql`false`;
  if (LIST_KINDS.has(column.kind)) return sql`coalesce(jsonb_array_length(${asArray(column)}), 0) = 0`;
  if (['number', 'boolean', 'stamp', 'sysuser'].includes(column.kind)) return sql`${column.value} IS NULL`;
  return sql`coalesce(${column.text}, '') = ''`;
}

/** eq for one value of a scalar column. */
function scalarEquals(column: ListColumn, value: unknown, filter: ListFilter): SQL {
  const normalised = scalarValue(column.kind, value, filter.field);
  if (filter.ignoreCase && CASED_KINDS.has(column.kind)) {
    // ILIKE without wildcards is equality ignoring case, and the trigram index serves it.
    return sql`${column.value} ILIKE ${typed(escapeLike(String(normalised)), 'text')}`;
  }
  return sql`${column.value} = ${typed(normalised, PARAM_TYPE[column.kind])}`;
}

/** isin for a scalar column: its value is one of the given ones. */
function scalarIn(column: ListColumn, values: unknown[], filter: ListFilter): SQL {
  if (values.length === 0) return sql`false`;
  const normalised = values.map((value) => scalarValue(column.kind, value, filter.field));
  if (filter.ignoreCase && CASED_KINDS.has(column.kind)) {
    return sql`${column.value} ILIKE ANY (${typedArray(
      normalised.map((v) => escapeLike(String(v))),
      'text',
    )})`;
  }
  return sql`${column.value} = ANY (${typedArray(normalised, PARAM_TYPE[column.kind])})`;
}

const COMPARISONS: Partial<Record<FilterOperator, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

function compare(column: ListColumn, filter: ListFilter): SQL {
  if (UNORDERED_KINDS.has(column.kind) || Array.isArray(filter.value)) throw badFilterValue(filter.field);
  const op = sql.raw(COMPARISONS[filter.operator]!);
  const value = scalarValue(column.kind, filter.value, filter.field);
  if (filter.ignoreCase && CASED_KINDS.has(column.kind)) {
    return sql`lower(${column.value}) ${op} lower(${typed(value, 'text')})`;
  }
  return sql`${column.value} ${op} ${typed(value, PARAM_TYPE[column.kind])}`;
}

/** partof: the filter's value contains the field's value (a text holding it, or a list of values). */
function partOf(column: ListColumn, filter: ListFilter): SQL {
  const isList = Array.isArray(filter.value);
  if (LIST_KINDS.has(column.kind)) {
    const values = valueList(filter.value, filter.field).map((v) => asText(v, filter.field));
    return listWithin(column, values, filter.ignoreCase);
  }
  if (isList) return scalarIn(column, filter.value as unknown[], filter);
  if (column.kind === 'boolean') throw badFilterValue(filter.field);
  const whole = asText(filter.value ?? null, filter.field);
  const [haystack, needle] = filter.ignoreCase
    ? [sql`lower(${typed(whole, 'text')})`, sql`lower(${column.text})`]
    : [typed(whole, 'text'), column.text];
  return sql`(${column.text} <> '' AND strpos(${haystack}, ${needle}) > 0)`;
}

function equals(column: ListColumn, filter: ListFilter): SQL {
  const values = valueList(filter.value, filter.field);
  if (LIST_KINDS.has(column.kind)) {
    const texts = values.map((v) => asText(v, filter.field));
    return listHas(column, texts, filter.matchesAll, filter.ignoreCase);
  }
  return combine(
    values.map((value) => scalarEquals(column, value, filter)),
    filter.matchesAll,
  );
}

function textOperator(column: ListColumn, filter: ListFilter): SQL {
  if (column.kind === 'boolean') throw badFilterValue(filter.field);
  const pattern = PATTERNS[filter.operator]!;
  const values = valueList(filter.value, filter.field).map((v) => asText(v, filter.field));
  return combine(
    values.map((text) => textMatch(column, pattern(text), filter.ignoreCase)),
    filter.matchesAll,
  );
}

function length(column: ListColumn, filter: ListFilter): SQL {
  const n = typed(asLength(filter.value, filter.field), 'numeric');
  const measured = LIST_KINDS.has(column.kind)
    ? sql`coalesce(jsonb_array_length(${asArray(column)}), 0)`
    : sql`coalesce(char_length(${column.text}), 0)`;
  return filter.operator === 'minlength' ? sql`${measured} >= ${n}` : sql`${measured} <= ${n}`;
}

/** One filter of a data table request as a SQL predicate over `records r`. */
export function filterSql(column: ListColumn, filter: ListFilter): SQL {
  switch (filter.operator) {
    case 'eq':
      return equals(column, filter);
    case 'neq':
      return not(equals(column, filter));
    case 'isnull':
      return isNull(column);
    case 'isnotnull':
      return sql`NOT (${isNull(column)})`;
    case 'isempty':
      return isEmpty(column);
    case 'isnotempty':
      return sql`NOT (${isEmpty(column)})`;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return compare(column, filter);
    case 'startswith':
    case 'endswith':
    case 'contains':
      return textOperator(column, filter);
    case 'doesnotcontain':
      return not(textOperator(column, filter));
    case 'minlength':
    case 'maxlength':
      return length(column, filter);
    case 'partof':
      return partOf(column, filter);
    case 'notpartof':
      return not(partOf(column, filter));
    case 'isin': {
      const values = valueList(filter.value, filter.field);
      if (!LIST_KINDS.has(column.kind)) return scalarIn(column, values, filter);
      const texts = values.map((v) => asText(v, filter.field));
      return listHas(column, texts, filter.matchesAll, filter.ignoreCase);
    }
  }
}
