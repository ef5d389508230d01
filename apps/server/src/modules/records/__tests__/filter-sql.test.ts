import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES } from '@formloop/contracts';
import { FILTER_OPERATORS, type FilterOperator, type ModuleDefinition } from '@formloop/domain';
import { renderPlainSql } from '../../../platform/database/sql-text.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { filterSql } from '../record-query/filter-sql.ts';
import { ListColumns, STATUS_SQL } from '../record-query/list-columns.ts';

// The SQL of each of the nineteen filter operators, exactly: every value a person sends is a bound
// parameter (never part of the text), LIKE patterns escape %, _ and \, field names are parameters.

const definition = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'title', fieldType: 'text', editorType: 'text' },
        { name: 'amount', fieldType: 'number', editorType: 'number' },
        { name: 'tags', fieldType: 'checklist', editorType: 'checklist' },
        { name: 'files', fieldType: 'multi-file', editorType: 'multi-file' },
        { name: 'owner', fieldType: 'user', editorType: 'user' },
        { name: 'secret', fieldType: 'password', editorType: 'password' },
      ],
    },
  ],
} as unknown as ModuleDefinition;

const columns = new ListColumns(definition);
const dialect = new PgDialect();

function render(
  field: string,
  operator: FilterOperator,
  value?: unknown,
  options: { ignoreCase?: boolean; matchesAll?: boolean } = {},
) {
  const filter = {
    field,
    operator,
    value,
    ignoreCase: options.ignoreCase ?? false,
    matchesAll: options.matchesAll ?? false,
  };
  const statement = filterSql(columns.get(field), filter);
  // Lists' statements take the one-pass rendering, which must be exactly what drizzle renders.
  const rendered = renderPlainSql(statement);
  const drizzles = dialect.sqlToQuery(statement);
  expect(rendered).toEqual({ sql: drizzles.sql, params: drizzles.params });
  return rendered!;
}

const TITLE = '(r.data->>$1::text)';
const NUMBER = "(CASE WHEN jsonb_typeof(r.data->$1::text) = 'number' THEN (r.data->>$2::text)::numeric END)";
const TAGS_ARRAY = "(CASE WHEN jsonb_typeof((r.data->$1::text)) = 'array' THEN (r.data->$2::text) END)";

describe('filterSql on a text field', () => {
  const cases: Array<
    [FilterOperator, unknown, { ignoreCase?: boolean; matchesAll?: boolean }, string, unknown[]]
  > = [
    ['eq', 'A', {}, `${TITLE} = $2::text`, ['title', 'A']],
    ['eq', 'A_%', { ignoreCase: true }, `${TITLE} ILIKE $2::text`, ['title', 'A\\_\\%']],
    [
      'eq',
      ['A', 'B'],
      {},
      '((r.data->>$1::text) = $2::text OR (r.data->>$3::text) = $4::text)',
      ['title', 'A', 'title', 'B'],
    ],
    [
      'eq',
      ['A', 'B'],
      { matchesAll: true },
      '((r.data->>$1::text) = $2::text AND (r.data->>$3::text) = $4::text)',
      ['title', 'A', 'title', 'B'],
    ],
    ['neq', 'A', {}, `NOT coalesce(${TITLE} = $2::text, false)`, ['title', 'A']],
    ['isnull', undefined, {}, `${TITLE} IS NULL`, ['title']],
    ['isnotnull', 'ignored', {}, `NOT (${TITLE} IS NULL)`, ['title']],
    ['isempty', undefined, {}, `coalesce(${TITLE}, '') = ''`, ['title']],
    ['isnotempty', undefined, {}, `NOT (coalesce(${TITLE}, '') = '')`, ['title']],
    ['lt', 'b', {}, `${TITLE} < $2::text`, ['title', 'b']],
    ['lte', 'b', { ignoreCase: true }, `lower(${TITLE}) <= lower($2::text)`, ['title', 'b']],
    ['gt', "x'; DROP TABLE records; --", {}, `${TITLE} > $2::text`, ['title', "x'; DROP TABLE records; --"]],
    ['gte', 'b', {}, `${TITLE} >= $2::text`, ['title', 'b']],
    ['startswith', 'a%', {}, `${TITLE} LIKE $2::text`, ['title', 'a\\%%']],
    ['endswith', '_z', { ignoreCase: true }, `${TITLE} ILIKE $2::text`, ['title', '%\\_z']],
    ['contains', 'x\\', {}, `${TITLE} LIKE $2::text`, ['title', '%x\\\\%']],
    [
      'contains',
      ['a', 'b'],
      { matchesAll: true, ignoreCase: true },
      '((r.data->>$1::text) ILIKE $2::text AND (r.data->>$3::text) ILIKE $4::text)',
      ['title', '%a%', 'title', '%b%'],
    ],
    ['doesnotcontain', 'y', {}, `NOT coalesce(${TITLE} LIKE $2::text, false)`, ['title', '%y%']],
    ['minlength', 3, {}, `coalesce(char_length(${TITLE}), 0) >= $2::numeric`, ['title', 3]],
    ['maxlength', '4', {}, `coalesce(char_length(${TITLE}), 0) <= $2::numeric`, ['title', 4]],
    [
      'partof',
      'abc',
      {},
      "((r.data->>$1::text) <> '' AND strpos($2::text, (r.data->>$3::text)) > 0)",
      ['title', 'abc', 'title'],
    ],
    [
      'partof',
      'ABC',
      { ignoreCase: true },
      "((r.data->>$1::text) <> '' AND strpos(lower($2::text), lower((r.data->>$3::text))) > 0)",
      ['title', 'ABC', 'title'],
    ],
    [
      'notpartof',
      'abc',
      {},
      "NOT coalesce(((r.data->>$1::text) <> '' AND strpos($2::text, (r.data->>$3::text)) > 0), false)",
      ['title', 'abc', 'title'],
    ],
    ['isin', ['a', 'b'], {}, `${TITLE} = ANY ($2::text[])`, ['title', ['a', 'b']]],
    ['isin', ['a%'], { ignoreCase: true }, `${TITLE} ILIKE ANY ($2::text[])`, ['title', ['a\\%']]],
    ['isin', [], {}, 'false', []],
  ];

  it.each(cases)('%s %j %j', (operator, value, options, sql, params) => {
    expect(render('title', operator, value, options)).toEqual({ sql, params });
  });

  it('covers every operator of spec §3', () => {
    expect(new Set(cases.map(([operator]) => operator))).toEqual(new Set(FILTER_OPERATORS));
  });
});

describe('filterSql on other kinds', () => {
  it('casts number values to numeric parameters', () => {
    expect(render('amount', 'gt', 5)).toEqual({
      sql: `${NUMBER} > $3::numeric`,
      params: ['amount', 'amount', '5'],
    });
    expect(render('amount', 'isin', [1, '2.5'])).toEqual({
      sql: `${NUMBER} = ANY ($3::numeric[])`,
      params: ['amount', 'amount', ['1', '2.5']],
    });
  });

  it('matches lists: any value (?|), every value (?&), ignoring case per element, subsets for partof', () => {
    expect(render('tags', 'eq', ['a', 'b'])).toEqual({
      sql: '((r.data->$1::text) ?| $2::text[])',
      params: ['tags', ['a', 'b']],
    });
    expect(render('tags', 'isin', ['a', 'b'], { matchesAll: true })).toEqual({
      sql: '((r.data->$1::text) ?& $2::text[])',
      params: ['tags', ['a', 'b']],
    });
    expect(render('tags', 'eq', 'A', { ignoreCase: true })).toEqual({
      sql: `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${TAGS_ARRAY}) AS e(item) WHERE e.item ILIKE ANY ($3::text[]))`,
      params: ['tags', 'tags', ['A']],
    });
    expect(render('tags', 'isin', ['a', 'b'], { ignoreCase: true, matchesAll: true })).toEqual({
      sql:
        'NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS w(v) WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(' +
        "(CASE WHEN jsonb_typeof((r.data->$2::text)) = 'array' THEN (r.data->$3::text) END)) AS e(item) WHERE e.item ILIKE w.v))",
      params: [['a', 'b'], 'tags', 'tags'],
    });
    expect(render('tags', 'contains', 'r')).toEqual({
      sql: `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${TAGS_ARRAY}) AS e(item) WHERE e.item LIKE $3::text)`,
      params: ['tags', 'tags', '%r%'],
    });
    expect(render('tags', 'partof', ['a', 'b']).params).toEqual(['tags', 'tags', 'tags', 'tags', ['a', 'b']]);
    expect(render('tags', 'isnull')).toEqual({
      sql: "((r.data->$1::text) IS NULL OR jsonb_typeof((r.data->$2::text)) = 'null')",
      params: ['tags', 'tags'],
    });
    expect(render('tags', 'minlength', 2)).toEqual({
      sql: `coalesce(jsonb_array_length(${TAGS_ARRAY}), 0) >= $3::numeric`,
      params: ['tags', 'tags', 2],
    });
    expect(render('files', 'eq', 'a.txt').sql).toContain(
      "SELECT f->>'name' AS item FROM jsonb_array_elements(",
    );
  });

  it('matches users by name through a subquery, system columns by their own type', () => {
    expect(render('owner', 'contains', 'fred', { ignoreCase: true })).toEqual({
      sql: '(r.data->>$1::text) IN (SELECT u.id::text FROM users u WHERE u.fullname ILIKE $2::text)',
      params: ['owner', '%fred%'],
    });
    expect(render('created_on', 'gt', '2026-01-01')).toEqual({
      sql: 'r.created_on > $1::timestamptz',
      params: ['2026-01-01T00:00:00.000Z'],
    });
    expect(render('created_by', 'eq', '11111111-1111-4111-8111-11111111111A')).toEqual({
      sql: 'r.created_by = $1::uuid',
      params: ['11111111-1111-4111-8111-11111111111a'],
    });
    expect(render('tasks', 'lte', 1)).toEqual({ sql: 'r.tasks <= $1::numeric', params: ['1'] });
    const status = render('status', 'eq', 'Completed');
    expect(status).toEqual({
      sql: `${dialect.sqlToQuery(STATUS_SQL).sql} = $1::text`,
      params: ['Completed'],
    });
  });

  it('refuses unsuitable values and unknown or password fields with 400', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof AppError ? [error.statusCode, error.message] : error;
      }
      return 'no error';
    };
    const bad = [400, RECORDS_MESSAGES.badFilterValue];
    expect(refusal(() => render('amount', 'eq', 'twelve'))).toEqual(bad);
    expect(refusal(() => render('amount', 'lt', [1]))).toEqual(bad);
    expect(refusal(() => render('tags', 'gt', 'a'))).toEqual(bad);
    expect(refusal(() => render('title', 'eq', { a: 1 }))).toEqual(bad);
    expect(refusal(() => render('title', 'eq'))).toEqual(bad);
    expect(refusal(() => render('title', 'minlength', 1.5))).toEqual(bad);
    expect(refusal(() => render('created_by', 'eq', 'fred'))).toEqual(bad);
    expect(refusal(() => render('owner', 'lt', 'x'))).toEqual(bad);
    expect(refusal(() => render('secret', 'eq', 'x'))).toEqual([400, RECORDS_MESSAGES.unknownField]);
    expect(refusal(() => render('nope', 'eq', 'x'))).toEqual([400, RECORDS_MESSAGES.unknownField]);
  });
});
