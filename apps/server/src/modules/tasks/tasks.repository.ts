import { sql, type SQL } from 'drizzle-orm';
import type { TASK_SORT_COLUMNS } from '@formloop/contracts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { containsPattern, rowsOf } from '../../platform/database/sql-helpers.ts';
import type { AppScope } from '../apps/index.ts';

// Task lists, the badge count and one task with what its detail needs (spec §3 task list columns,
// §7 /api/Task/*). Tenant first, and filtered on it (RLS is the second wall); joined rows are matched
// on the tenant too, so an id naming another tenant's user never lends its name.

export type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];

/** Which tasks a list is about (before visibility, search and paging). */
export type TaskSelector =
  /** Open tasks the user is an assignee of (the /tasks tab, dataTablesByUserId, the badge). */
  | { kind: 'assignee'; userId: string }
  /** Tasks the user completed (tab completed). */
  | { kind: 'completedBy'; userId: string }
  /** Open tasks given to one of these teams (dataTablesByTeamId). */
  | { kind: 'teams'; teamIds: readonly string[] };

export interface TaskListQuery {
  selector: TaskSelector;
  /** The apps the caller may see (visibleScope). */
  scope: AppScope;
  /** The caller: the tasks they are an assignee of show whatever the scope (assignee access, ADR 0003). */
  viewerId: string;
  /** Part of the list itself (dynamicdatatables: one app's tasks), so it limits recordsTotal too. */
  listModuleId?: string;
  /** A filter (moduleId of the other lists): limits recordsFiltered and the rows only. */
  filterModuleId?: string;
  search: string;
  orders: Array<{ column: TaskSortColumn; dir: 'asc' | 'desc' }>;
  offset: number;
  limit: number;
  /** Also select the record's values and version (dynamicdatatables). */
  withRecord?: boolean;
}

export interface RawTaskRow {
  id: string;
  display_name: string;
  activity_title: string;
  task_type: string;
  assigned_from_user: string | null;
  record_started_by: string | null;
  started_on: Date | string;
  module_id: string;
  record_id: string;
  activity_id: string;
  status: string;
  completed_on: Date | string | null;
  outcome: string | null;
  /** withRecord only. */
  record_data?: Record<string, unknown>;
  record_version?: number;
}

const SORT_SQL: Record<TaskSortColumn, SQL> = {
  display_name: sql`lower(m.display_name)`,
  activity_title: sql`lower(t.activity_title)`,
  task_type: sql`t.task_type`,
  assigned_from_user: sql`lower(fu.fullname)`,
  record_started_by: sql`lower(iu.fullname)`,
  started_on: sql`t.started_on`,
  completed_on: sql`t.completed_on`,
};

const TASK_COLUMNS = sql`t.id, m.display_name, t.activity_title, t.task_type, fu.fullname AS assigned_from_user,
  iu.fullname AS record_started_by, t.started_on, t.module_id, t.record_id, t.activity_id, t.status,
  t.completed_on, t.outcome`;

const TASK_JOINS = sql`JOIN modules m ON m.id = t.module_id AND m.tenant_id = t.tenant_id
  JOIN workflow_instances i ON i.id = t.instance_id AND i.tenant_id = t.tenant_id
  LEFT JOIN users fu ON fu.id = t.assigned_from_user AND fu.tenant_id = t.tenant_id
  LEFT JOIN users iu ON iu.id = i.initiator_user AND iu.tenant_id = t.tenant_id`;

const isAssigneeOf = (tenantId: string, userId: string) =>
  sql`EXISTS (SELECT 1 FROM workflow_task_assignees a
              WHERE a.task_id = t.id AND a.tenant_id = ${tenantId} AND a.user_id = ${userId})`;

function selectorSql(tenantId: string, selector: TaskSelector): SQL {
  switch (selector.kind) {
    case 'assignee':
      return sql`t.status = 'Open' AND ${isAssigneeOf(tenantId, selector.userId)}`;
    case 'completedBy':
      return sql`t.completed_by = ${selector.userId}`;
    case 'teams':
      return sql`t.status = 'Open' AND t.assigned_team_id = ANY(${sql.param([...selector.teamIds])}::uuid[])`;
  }
}

/**
 * The apps part of the list: builders' scope has no id limit; others see granted published apps —
 * and every task the viewer is an assignee of, with or without a grant on its app.
 */
function scopeSql(tenantId: string, scope: AppScope, viewerId: string): SQL {
  if (scope.ids === null && !scope.publishedOnly) return sql`TRUE`;
  const published = scope.publishedOnly ? sql` AND m.module_published IS NOT NULL` : sql``;
  const ids = scope.ids === null ? sql`` : sql` AND t.module_id = ANY(${sql.param([...scope.ids])}::uuid[])`;
  return sql`((TRUE${published}${ids}) OR ${isAssigneeOf(tenantId, viewerId)})`;
}

function baseWhere(tenantId: string, query: TaskListQuery): SQL {
  const module = query.listModuleId ? sql` AND t.module_id = ${query.listModuleId}` : sql``;
  return sql`t.tenant_id = ${tenantId} AND ${selectorSql(tenantId, query.selector)}
    AND ${scopeSql(tenantId, query.scope, query.viewerId)}${module}`;
}

function filterWhere(query: TaskListQuery): SQL {
  const parts: SQL[] = [];
  if (query.filterModuleId !== undefined) {
    // A malformed id names no app (and must not reach the uuid comparison, which would fail).
    const id = query.filterModuleId;
    parts.push(isUuid(id) ? sql`t.module_id = ${id.toLowerCase()}` : sql`FALSE`);
  }
  if (query.search !== '') {
    const pattern = containsPattern(query.search);
    parts.push(sql`(m.display_name ILIKE ${pattern} OR t.activity_title ILIKE ${pattern})`);
  }
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

function orderBy(orders: TaskListQuery['orders']): SQL {
  const chosen = orders.length > 0 ? orders : [{ column: 'started_on' as const, dir: 'desc' as const }];
  const terms = chosen.map(
    (order) => sql`${SORT_SQL[order.column]} ${order.dir === 'asc' ? sql`ASC` : sql`DESC`} NULLS LAST`,
  );
  // The id breaks ties so pages never overlap.
  return sql.join([...terms, sql`t.id ASC`], sql`, `);
}

/** One page of a task list. */
export async function taskPage(tx: TenantTx, tenantId: string, query: TaskListQuery): Promise<RawTaskRow[]> {
  // The record's app: the list's own (one app, so one partition) or the task's.
  const app = query.listModuleId ? sql`${query.listModuleId}::uuid` : sql`t.module_id`;
  const record = query.withRecord
    ? {
        columns: sql`, r.data AS record_data, r.module_version AS record_version`,
        join: sql`JOIN records r ON r.module_id = ${app} AND r.id = t.record_id AND r.tenant_id = t.tenant_id`,
      }
    : { columns: sql``, join: sql`` };
  return rowsOf<RawTaskRow>(
    tx,
    sql`SELECT ${TASK_COLUMNS}${record.columns}
        FROM workflow_tasks t ${TASK_JOINS} ${record.join}
        WHERE ${baseWhere(tenantId, query)} AND ${filterWhere(query)}
        ORDER BY ${orderBy(query.orders)}
        LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
}

/**
 * recordsTotal (the list) and recordsFiltered (with search and filter) in one scan. Exact counts on
 * purpose: a person's open tasks, a team's or one app's tasks of a person are a handful to a few
 * thousand rows (the per-user and open-status indexes find them), never the 100k+ where DESIGN.md
 * asks for planner estimates.
 */
export async function taskCounts(
  tx: TenantTx,
  tenantId: string,
  query: TaskListQuery,
): Promise<{ recordsTotal: number; recordsFiltered: number }> {
  const [row] = await rowsOf<{ total: number; filtered: number }>(
    tx,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE ${filterWhere(query)}))::int AS filtered
        FROM workflow_tasks t JOIN modules m ON m.id = t.module_id AND m.tenant_id = t.tenant_id
        WHERE ${baseWhere(tenantId, query)}`,
  );
  return { recordsTotal: Number(row?.total ?? 0), recordsFiltered: Number(row?.filtered ?? 0) };
}

export interface RawTaskDetail extends RawTaskRow {
  actions: string[];
  instance_version: number;
  instance_state: Record<string, unknown>;
  initiator: string | null;
  reassignment_disabled: boolean;
  is_assignee: boolean;
}

/** One task of the tenant with its instance's pinned version and state, or null. */
export async function findTaskDetail(
  tx: TenantTx,
  tenantId: string,
  taskId: string,
  callerId: string,
): Promise<RawTaskDetail | null> {
  const [row] = await rowsOf<RawTaskDetail>(
    tx,
    sql`SELECT ${TASK_COLUMNS}, t.actions, i.module_version AS instance_version, i.state AS instance_state,
          COALESCE(i.initiator_user, r.workflow_initiator_user) AS initiator,
          m.is_reassignment_disabled AS reassignment_disabled, ${isAssigneeOf(tenantId, callerId)} AS is_assignee
        FROM workflow_tasks t ${TASK_JOINS}
        JOIN records r ON r.module_id = t.module_id AND r.id = t.record_id AND r.tenant_id = t.tenant_id
        WHERE t.tenant_id = ${tenantId} AND t.id = ${taskId}`,
  );
  return row ?? null;
}

/** The users a task is assigned to, by name. */
export async function taskAssignees(
  tx: TenantTx,
  tenantId: string,
  taskId: string,
): Promise<Array<{ id: string; name: string }>> {
  return rowsOf(
    tx,
    sql`SELECT u.id, u.fullname AS name
        FROM workflow_task_assignees a JOIN users u ON u.id = a.user_id AND u.tenant_id = a.tenant_id
        WHERE a.tenant_id = ${tenantId} AND a.task_id = ${taskId}
        ORDER BY lower(u.fullname), u.id`,
  );
}
