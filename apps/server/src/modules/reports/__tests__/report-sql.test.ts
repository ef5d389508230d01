import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDefinitionInput } from '@formloop/contracts';
import { COMPLETE_ACTIVITY_ID, type ModuleDefinition } from '@formloop/domain';
import { renderPlainSql } from '../../../platform/database/sql-text.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { ListColumns } from '../../records/index.ts';
import { groupedReportSql, pivotReportSql, reportWhere } from '../report-query/report-sql.ts';

// Report definitions as statements: every aggregate, date grains in the organization's zone,
// group-by depth with ROLLUP totals, pivots with GROUPING SETS, and the viewer's columns (a field
// hidden at the completed activity is refused, never read). Parameters are pinned as well as text.

const TENANT = '00000000-0000-4000-8000-000000000001';
const APP = '00000000-0000-4000-8000-000000000002';
const scope = { tenantId: TENANT, moduleId: APP, timeZone: 'Europe/Berlin' };

const app = {
  fieldGroups: [
    {
      name: 'main',
      isTable: false,
      fields: [
        { name: 'title', fieldType: 'text', editorType: 'text' },
        { name: 'amount', fieldType: 'number', editorType: 'number' },
        { name: 'due', fieldType: 'date', editorType: 'date' },
        { name: 'owner', fieldType: 'user', editorType: 'user' },
        { name: 'tags', fieldType: 'checklist', editorType: 'checklist' },
        { name: 'secret', fieldType: 'number', editorType: 'number' },
      ],
    },
  ],
  defaultConfig: {},
  permission: [
    { activityId: 'fs-complete', fields: [{ name: 'secret', control: 'hidden' }], fieldGroups: [] },
  ],
} as unknown as ModuleDefinition;

const columns = new ListColumns(app, COMPLETE_ACTIVITY_ID);
const define = (input: Omit<ReportDefinitionInput, 'moduleId'>) =>
  reportDefinitionSchema.parse({ moduleId: APP, ...input });
const where = reportWhere(columns, scope, []);
const grouped = (input: Omit<ReportDefinitionInput, 'moduleId'>) => {
  const built = groupedReportSql(columns, define(input), scope, where);
  return renderPlainSql(built.statement)!;
};
const SCOPE = 'r.tenant_id = $1::uuid AND r.module_id = $2::uuid AND r.is_draft = false';

function refusal(work: () => unknown): { key: string; field: string | undefined } {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    return { key: appError.key, field: appError.errors?.[0]?.field };
  }
  throw new Error('expected a refusal');
}

describe('report scope and filters', () => {
  it('reads the record list source with the list scope: tenant, app, submitted records', () => {
    const rendered = renderPlainSql(where)!;
    expect(rendered.sql).toBe(SCOPE);
    expect(rendered.params).toEqual([TENANT, APP]);
  });

  it('applies the record list filters after the scope, values bound', () => {
    const rendered = renderPlainSql(
      reportWhere(columns, scope, [
        { field: 'amount', operator: 'gte', value: 10, ignoreCase: false, matchesAll: false },
      ]),
    )!;
    expect(rendered.sql).toBe(
      `${SCOPE} AND (CASE WHEN jsonb_typeof(r.data->$3::text) = 'number' THEN (r.data->>$4::text)::numeric END) >= $5::numeric`,
    );
    expect(rendered.params).toEqual([TENANT, APP, 'amount', 'amount', '10']);
  });

  it('refuses a filter, group or measure on a field hidden from the viewer', () => {
    expect(
      refusal(() =>
        reportWhere(columns, scope, [
          { field: 'secret', operator: 'isnotnull', ignoreCase: false, matchesAll: false },
        ]),
      ).key,
    ).toBe('records.unknownField');
    expect(refusal(() => grouped({ groupBy: [{ field: 'secret' }] })).key).toBe('records.unknownField');
    expect(refusal(() => grouped({ measures: [{ aggregate: 'sum', field: 'secret' }] })).key).toBe(
      'records.unknownField',
    );
  });
});

describe('aggregates', () => {
  it('computes every aggregate over the inner select, numbers as float8', () => {
    const rendered = grouped({
      groupBy: [{ field: 'title' }],
      measures: [
        { aggregate: 'count' },
        { aggregate: 'countDistinct', field: 'owner' },
        { aggregate: 'sum', field: 'amount' },
        { aggregate: 'avg', field: 'amount' },
        { aggregate: 'min', field: 'amount' },
        { aggregate: 'max', field: 'due' },
        { aggregate: 'min', field: 'created_on' },
      ],
    });
    expect(rendered.sql).toContain('count(*)::float8 AS m_0');
    expect(rendered.sql).toContain('count(DISTINCT s.v_1)::float8 AS m_1');
    expect(rendered.sql).toContain('sum(s.v_2)::float8 AS m_2');
    expect(rendered.sql).toContain('avg(s.v_3)::float8 AS m_3');
    expect(rendered.sql).toContain('min(s.v_4)::float8 AS m_4');
    // Dates are text (YYYY-MM-DD), whose order is the calendar's: their maximum stays text.
    expect(rendered.sql).toContain('(max(s.v_5))::text AS m_5');
    expect(rendered.sql).toContain(
      `to_char(min(s.v_6) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS m_6`,
    );
    // count reads no input of its own; the others read their field.
    expect(rendered.sql).not.toContain('v_0');
    expect(rendered.sql).toContain('r.created_on AS v_6');
  });

  it('counts rows when no measure is given, and answers one row without groups', () => {
    const rendered = grouped({ measures: [], groupBy: [] });
    expect(rendered.sql).toBe(
      `SELECT count(*)::float8 AS m_0, 0 AS grouping_bits, 1 AS rank FROM (SELECT 1 AS one FROM record_list_source r WHERE ${SCOPE}) s`,
    );
    const card = grouped({ measures: [{ aggregate: 'sum', field: 'amount' }] });
    expect(card.sql).toContain('sum(s.v_0)::float8 AS m_0, 0 AS grouping_bits');
  });

  it('refuses aggregates that do not suit the field', () => {
    expect(refusal(() => grouped({ measures: [{ aggregate: 'sum', field: 'title' }] }))).toEqual({
      key: 'reports.measureNeedsNumber',
      field: 'title',
    });
    expect(refusal(() => grouped({ measures: [{ aggregate: 'avg' }] }))).toEqual({
      key: 'reports.measureNeedsField',
      field: 'measures',
    });
    expect(refusal(() => grouped({ measures: [{ aggregate: 'max', field: 'tags' }] }))).toEqual({
      key: 'reports.measureNotOrdered',
      field: 'tags',
    });
  });
});

describe('groups', () => {
  it('groups a date field by ISO week in the organization calendar (a date has no zone)', () => {
    const rendered = grouped({ groupBy: [{ field: 'due', grain: 'week' }] });
    expect(rendered.sql).toContain(
      `to_char(date_trunc('week', (CASE WHEN (r.data->>$1::text) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN ((r.data->>$2::text))::date::timestamp END)), 'YYYY-MM-DD') AS g_0`,
    );
    expect(rendered.params.slice(0, 2)).toEqual(['due', 'due']);
  });

  it('groups an instant by the local period of the organization zone (truncated after conversion)', () => {
    for (const grain of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const rendered = grouped({ groupBy: [{ field: 'created_on', grain }] });
      expect(rendered.sql).toContain(
        `to_char(date_trunc('${grain}', (r.created_on AT TIME ZONE $1::text)), 'YYYY-MM-DD') AS g_0`,
      );
      expect(rendered.params[0]).toBe('Europe/Berlin');
    }
    // An instant without a grain is grouped by day, never by the instant itself.
    expect(grouped({ groupBy: [{ field: 'modified_on' }] }).sql).toContain(
      `date_trunc('day', (r.modified_on AT TIME ZONE $1::text))`,
    );
  });

  it('refuses a grain on a field that is not a date, and groups on lists', () => {
    expect(refusal(() => grouped({ groupBy: [{ field: 'amount', grain: 'month' }] }))).toEqual({
      key: 'reports.grainNeedsDate',
      field: 'amount',
    });
    expect(refusal(() => grouped({ groupBy: [{ field: 'tags' }] }))).toEqual({
      key: 'reports.notGroupable',
      field: 'tags',
    });
  });

  it('nests up to three levels; totals roll them up with ROLLUP, each level ranked in the report order', () => {
    const rendered = grouped({
      groupBy: [{ field: 'status' }, { field: 'owner' }, { field: 'created_by' }],
      measures: [{ aggregate: 'sum', field: 'amount' }],
      sort: [{ measure: 0, dir: 'desc' }],
      totals: true,
      limit: 10,
    });
    expect(rendered.sql).toContain('GROUP BY ROLLUP (s.g_0, s.g_1, s.g_2)');
    expect(rendered.sql).toContain('GROUPING(s.g_0, s.g_1, s.g_2) AS grouping_bits');
    expect(rendered.sql).toContain(
      'row_number() OVER (PARTITION BY GROUPING(s.g_0, s.g_1, s.g_2) ORDER BY sum(s.v_0)::float8 DESC NULLS LAST, s.g_0 ASC NULLS LAST, s.g_1 ASC NULLS LAST, s.g_2 ASC NULLS LAST) AS rank',
    );
    expect(rendered.sql).toContain('WHERE t.rank <= 11');
    // Users are keyed by id and labelled with their name; the derived status is the list's.
    expect(rendered.sql).toContain('(SELECT u.fullname FROM users u WHERE u.id::text = s.g_1) AS label_1');
    expect(rendered.sql).toContain('(SELECT u.fullname FROM users u WHERE u.id::text = s.g_2) AS label_2');
    expect(rendered.sql).toContain("(CASE WHEN r.is_draft THEN 'Draft'");
    expect(rendered.sql).toContain('(r.created_by)::text AS g_2');
    const flat = grouped({ groupBy: [{ field: 'title' }, { field: 'owner' }] });
    expect(flat.sql).toContain('GROUP BY s.g_0, s.g_1\n');
    expect(flat.sql).not.toContain('ROLLUP');
  });

  it('refuses a sort on a measure or group the report does not have', () => {
    expect(
      refusal(() => grouped({ groupBy: [{ field: 'title' }], sort: [{ measure: 3, dir: 'asc' }] })).key,
    ).toBe('reports.measureUnknown');
    expect(
      refusal(() => grouped({ groupBy: [{ field: 'title' }], sort: [{ group: 2, dir: 'asc' }] })).key,
    ).toBe('reports.sortUnknown');
  });

  it('allows at most three levels in the definition', () => {
    expect(() =>
      define({ groupBy: [{ field: 'title' }, { field: 'owner' }, { field: 'due' }, { field: 'amount' }] }),
    ).toThrow();
  });
});

describe('pivot', () => {
  it('computes cells, row totals, column totals and the grand total with GROUPING SETS, ranked and capped', () => {
    const definition = define({
      pivot: {
        rows: [{ field: 'owner' }, { field: 'title' }],
        column: { field: 'due', grain: 'month' },
        measure: { aggregate: 'sum', field: 'amount' },
      },
    });
    const built = pivotReportSql(columns, definition.pivot!, scope, where, 100);
    const rendered = renderPlainSql(built.statement)!;
    expect(rendered.sql).toContain(
      'GROUP BY GROUPING SETS ((s.g_0, s.g_1, s.g_2), (s.g_0, s.g_1), (s.g_2), ())',
    );
    expect(rendered.sql).toContain(
      'dense_rank() OVER (PARTITION BY GROUPING(s.g_0, s.g_1, s.g_2) ORDER BY s.g_0 ASC NULLS LAST, s.g_1 ASC NULLS LAST) AS row_rank',
    );
    expect(rendered.sql).toContain(
      'dense_rank() OVER (PARTITION BY GROUPING(s.g_0, s.g_1, s.g_2) ORDER BY s.g_2 ASC NULLS LAST) AS column_rank',
    );
    expect(rendered.sql).toContain('WHERE t.row_rank <= 101 AND t.column_rank <= 51');
    expect(rendered.sql).toContain("date_trunc('month'");
    expect(rendered.sql).toContain('sum(s.v_0)::float8 AS m_0');
  });

  it('refuses a pivot measure on a hidden field', () => {
    const definition = define({
      pivot: {
        rows: [{ field: 'title' }],
        column: { field: 'owner' },
        measure: { aggregate: 'max', field: 'secret' },
      },
    });
    expect(refusal(() => pivotReportSql(columns, definition.pivot!, scope, where, 10)).key).toBe(
      'records.unknownField',
    );
  });
});
