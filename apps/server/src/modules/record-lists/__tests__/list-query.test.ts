import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES } from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import { renderPlainSql } from '../../../platform/database/sql-text.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { RECORD_SELECT } from '../../records/index.ts';
import {
  EXACT_COUNT_LIMIT,
  allRowsSql,
  buildListQuery,
  estimateSql,
  fencedPageSql,
  pageSql,
  type ListRequest,
} from '../record-query/list-query.ts';

/** The capped counts stop one row past the limit. */
const CAP = EXACT_COUNT_LIMIT + 1;

// Whole statements of a data table request: scope, filters, search, order with the id
// tie-breaker, page, capped counts; parameters only, pinned exactly.

const definition = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'title', fieldType: 'text', editorType: 'text' },
        { name: 'amount', fieldType: 'number', editorType: 'number' },
        { name: 'pin', fieldType: 'password', editorType: 'password' },
        { name: 'hidden', fieldType: 'text', editorType: 'text' },
      ],
    },
    {
      name: 'lines',
      isTable: true,
      fields: [{ name: 'qty', fieldType: 'number', editorType: 'number' }],
    },
  ],
  defaultConfig: {},
  permission: [
    { activityId: 'fs-complete', fields: [{ name: 'hidden', control: 'hidden' }], fieldGroups: [] },
  ],
} as unknown as ModuleDefinition;

const dialect = new PgDialect();
const render = (statement: Parameters<PgDialect['sqlToQuery']>[0]) => {
  // Lists' statements take the one-pass rendering, which must be exactly what drizzle renders.
  const rendered = renderPlainSql(statement);
  const drizzles = dialect.sqlToQuery(statement);
  expect(rendered).toEqual({ sql: drizzles.sql, params: drizzles.params });
  return rendered!;
};
const SELECT = render(RECORD_SELECT).sql;
const JOINS = 'LEFT JOIN users cu ON cu.id = r.created_by LEFT JOIN users mu ON mu.id = r.modified_by';

const request = (extra: Partial<ListRequest> = {}): ListRequest => ({
  page: 1,
  length: 10,
  search: '',
  orders: [],
  filters: [],
  ...extra,
});
const scope = { tenantId: 'T', moduleId: 'M' };

describe('buildListQuery', () => {
  it('lists drafts of one user newest first (records_module_list_idx order), without counts', () => {
    const query = buildListQuery(definition, request(), { ...scope, draftsOf: 'U' });
    expect(render(pageSql(query, { filtered: false, total: false }))).toEqual({
      sql: `SELECT c.filtered_count, c.total_count, p.*
FROM (SELECT NULL::int AS filtered_count, NULL::int AS total_count) AS c
LEFT JOIN LATERAL (SELECT ${SELECT}, r.created_on AS sort_0
  FROM record_list_source r ${JOINS}
  WHERE r.tenant_id = $1::uuid AND r.module_id = $2::uuid AND r.is_draft = true AND r.created_by = $3::uuid
  ORDER BY sort_0 DESC NULLS LAST, r.id ASC
  LIMIT $4 OFFSET $5) AS p ON true
ORDER BY p.sort_0 DESC NULLS LAST, p.id ASC`,
      params: ['T', 'M', 'U', 10, 0],
    });
  });

  it('filters, searches, sorts by a field (id follows its direction), pages and counts', () => {
    const query = buildListQuery(
      definition,
      request({
        page: 3,
        length: 20,
        search: 'a_b',
        orders: [{ column: 'amount', dir: 'desc' }],
        filters: [{ field: 'title', operator: 'eq', value: 'x', ignoreCase: false, matchesAll: false }],
      }),
      scope,
    );
    const where =
      'r.module_id = $2::uuid AND r.is_draft = false AND (r.data->>$3::text) = $4::text AND ((r.data->>$5::text) ILIKE $6::text)';
    const amount = (a: number, b: number) =>
      `(CASE WHEN jsonb_typeof(r.data->$${a}::text) = 'number' THEN (r.data->>$${b}::text)::numeric END)`;
    const shifted = (from: number) => where.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + from}`);
    expect(render(pageSql(query, { filtered: true, total: true }))).toEqual({
      sql: `SELECT c.filtered_count, c.total_count, p.*
FROM (SELECT (SELECT count(*)::int FROM (SELECT 1 FROM record_list_source r WHERE r.tenant_id = $1::uuid AND ${where} LIMIT ${CAP}) AS capped) AS filtered_count, (SELECT count(*)::int FROM (SELECT 1 FROM record_list_source r WHERE r.tenant_id = $7::uuid AND r.module_id = $8::uuid AND r.is_draft = false LIMIT ${CAP}) AS capped) AS total_count) AS c
LEFT JOIN LATERAL (SELECT ${SELECT}, ${amount(9, 10)} AS sort_0
  FROM record_list_source r ${JOINS}
  WHERE r.tenant_id = $11::uuid AND ${shifted(10)}
  ORDER BY sort_0 DESC, r.id DESC
  LIMIT $17 OFFSET $18) AS p ON true
ORDER BY p.sort_0 DESC, p.id DESC`,
      params: [
        'T',
        'M',
        'title',
        'x',
        'title',
        '%a\\_b%',
        'T',
        'M',
        'amount',
        'amount',
        'T',
        'M',
        'title',
        'x',
        'title',
        '%a\\_b%',
        20,
        40,
      ],
    });
    expect(render(fencedPageSql(query, false))).toEqual({
      sql: `WITH matching AS MATERIALIZED (
  SELECT r.id, ${amount(1, 2)} AS sort_0 FROM record_list_source r
  WHERE r.tenant_id = $3::uuid AND ${shifted(2)}
  LIMIT ${CAP}
), page AS (
  SELECT * FROM matching ORDER BY matching.sort_0 DESC, matching.id DESC LIMIT $9 OFFSET $10
)
SELECT c.filtered_count, c.total_count, p.*
FROM (SELECT (SELECT count(*)::int FROM matching) AS filtered_count, NULL::int AS total_count) AS c
LEFT JOIN LATERAL (SELECT ${SELECT}, page.sort_0
  FROM page JOIN record_list_source r ON r.module_id = $11::uuid AND r.id = page.id ${JOINS}) AS p ON true
ORDER BY p.sort_0 DESC, p.id DESC`,
      params: ['amount', 'amount', 'T', 'M', 'title', 'x', 'title', '%a\\_b%', 20, 40, 'M'],
    });
    // Estimates leave the explicit tenant check out (row-level security applies it anyway).
    expect(render(estimateSql(query.estimateWhere))).toEqual({
      sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM record_list_source r WHERE ${where.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - 1}`)}`,
      params: ['M', 'title', 'x', 'title', '%a\\_b%'],
    });
    expect(render(allRowsSql(query)).sql).toContain('ORDER BY sort_0 DESC, r.id DESC');
    expect(query).toMatchObject({ narrowed: true, limit: 20, offset: 40 });
  });

  it('answers app_stands from both page statements when the query carries the condition, else not', () => {
    const plain = buildListQuery(
      definition,
      request({
        filters: [{ field: 'title', operator: 'eq', value: 'x', ignoreCase: false, matchesAll: false }],
      }),
      scope,
    );
    const guarded = { ...plain, appStands: sql`EXISTS (SELECT 1 FROM modules WHERE id = ${'M'}::uuid)` };
    for (const statement of [
      pageSql(guarded, { filtered: true, total: false }),
      fencedPageSql(guarded, false),
    ]) {
      const { sql: text, params } = render(statement);
      expect(text).toMatch(
        /^(.|\n)*SELECT c\.filtered_count, c\.total_count, EXISTS \(SELECT 1 FROM modules WHERE id = \$(\d+)::uuid\) AS app_stands, p\.\*/,
      );
      const position = Number(/WHERE id = \$(\d+)::uuid\) AS app_stands/.exec(text)![1]);
      expect(params[position - 1]).toBe('M');
    }
    expect(render(pageSql(plain, { filtered: true, total: false })).sql).not.toContain('app_stands');
    expect(render(fencedPageSql(plain, false)).sql).not.toContain('app_stands');
  });

  it('searches nothing when the app has no text fields', () => {
    const numbersOnly = {
      ...definition,
      fieldGroups: [{ ...definition.fieldGroups[0]!, fields: [definition.fieldGroups[0]!.fields[1]!] }],
    };
    const query = buildListQuery(numbersOnly, request({ search: 'x' }), scope);
    expect(render(query.where).sql).toBe(
      'r.tenant_id = $1::uuid AND r.module_id = $2::uuid AND r.is_draft = false AND false',
    );
  });

  it('sorts by created_on ascending against the index direction, and users by name', () => {
    const oldest = buildListQuery(
      definition,
      request({ orders: [{ column: 'created_on', dir: 'asc' }] }),
      scope,
    );
    expect(render(pageSql(oldest, { filtered: false, total: false })).sql).toContain(
      'ORDER BY sort_0 ASC NULLS FIRST, r.id DESC',
    );
    const byCreator = buildListQuery(
      definition,
      request({ orders: [{ column: 'created_by', dir: 'asc' }] }),
      scope,
    );
    expect(render(pageSql(byCreator, { filtered: false, total: false })).sql).toContain(
      '(SELECT u.fullname FROM users u WHERE u.id = r.created_by) AS sort_0',
    );
  });

  it('keeps the requested fields, never passwords, hidden fields or table groups, and ignores unknown names', () => {
    expect(buildListQuery(definition, request(), scope).dataKeys).toEqual(['title', 'amount']);
    expect(buildListQuery(definition, request(), { ...scope, draftsOf: 'U' }).dataKeys).toEqual([
      'title',
      'amount',
      'hidden',
    ]);
    expect(
      buildListQuery(definition, request({ columns: ['amount', 'status', 'pin', 'gone', 'qty'] }), scope)
        .dataKeys,
    ).toEqual(['amount']);
  });

  it('refuses to filter or sort on unknown, password, hidden or table fields', () => {
    for (const name of ['gone', 'pin', 'hidden', 'qty', 'lines']) {
      for (const extra of [
        { orders: [{ column: name, dir: 'asc' as const }] },
        { filters: [{ field: name, operator: 'isnull' as const, ignoreCase: false, matchesAll: false }] },
      ]) {
        try {
          buildListQuery(definition, request(extra), scope);
          expect.unreachable(`${name} was accepted`);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).message).toBe(RECORDS_MESSAGES.unknownField);
        }
      }
    }
  });
});
