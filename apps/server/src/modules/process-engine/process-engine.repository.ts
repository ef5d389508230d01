import { sql, type SQL } from 'drizzle-orm';
import { INSTANCE_STATUSES, type InstanceStatus } from '@formloop/contracts';
import type { InstanceState } from '@formloop/workflow';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { containsPattern, rowsOf, escapeLike } from '../../platform/database/sql-helpers.ts';
import { EXACT_COUNT_LIMIT } from './process-counts.ts';

// Reads of the process engine pages, tenant first: apps with a published workflow, instances
// (filtered, paged), one instance's open tasks and history. The instance lock and the transition
// itself are the workflow module's (workflow.repository.ts, workflow-runner.ts).

export interface DefinitionRow {
  module_id: string;
  display_name: string;
  published_version: number;
  published_on: Date | string | null;
  activity_count: number;
}

/**
 * Apps whose published version has a workflow with something to do (an activity besides Start and
 * End, as workflow-start.ts decides whether a submission starts an instance), by name.
 */
export async function definitions(tx: TenantTx, tenantId: string): Promise<DefinitionRow[]> {
  return rowsOf<DefinitionRow>(
    tx,
    sql`SELECT m.id AS module_id, m.display_name, m.module_version AS published_version, m.published_on,
          jsonb_array_length(m.workflow_published -> 'activities') AS activity_count
        FROM modules m
        WHERE m.tenant_id = ${tenantId} AND m.module_version > 0
          AND jsonb_typeof(m.workflow_published -> 'activities') = 'array'
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(m.workflow_published -> 'activities') a
                      WHERE a ->> 'type' NOT IN ('Start', 'End'))
        ORDER BY lower(m.display_name), m.id`,
  );
}

export interface AppStatusCount {
  module_id: string;
  status: InstanceStatus;
  n: number;
}

/** Instances per app and status (each count stops one past the limit: the caller marks those). */
export async function instanceCountsByApp(
  tx: TenantTx,
  tenantId: string,
  moduleIds: string[],
): Promise<AppStatusCount[]> {
  if (moduleIds.length === 0) return [];
  const statuses = sql.join(
    INSTANCE_STATUSES.map((status) => sql`(${status})`),
    sql`, `,
  );
  return rowsOf<AppStatusCount>(
    tx,
    sql`SELECT m.module_id, s.status,
          (SELECT count(*)::int FROM (
             SELECT 1 FROM workflow_instances i
             WHERE i.tenant_id = ${tenantId} AND i.module_id = m.module_id AND i.status = s.status
             LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) AS capped) AS n
        FROM (SELECT jsonb_array_elements_text(${JSON.stringify(moduleIds)}::jsonb)::uuid AS module_id) m
        CROSS JOIN (VALUES ${statuses}) AS s(status)`,
  );
}

export interface InstanceFilter {
  status?: InstanceStatus | undefined;
  moduleId?: string | undefined;
  search: string;
}

/**
 * The WHERE over workflow_instances `i` for a filter, without its status (the tabs count every
 * status under the same app and search). A malformed app id matches nothing; the search matches the
 * record's id (from its start) or any of its values.
 */
export function instanceWhere(tenantId: string, filter: Omit<InstanceFilter, 'status'>): SQL {
  const parts: SQL[] = [sql`i.tenant_id = ${tenantId}`];
  const moduleId =
    filter.moduleId !== undefined && isUuid(filter.moduleId) ? filter.moduleId.toLowerCase() : undefined;
  if (filter.moduleId !== undefined) parts.push(moduleId ? sql`i.module_id = ${moduleId}` : sql`false`);
  const search = filter.search.trim();
  if (search !== '') {
    const idPrefix = `${escapeLike(search.toLowerCase())}%`;
    // The record's app: the filter's (one partition, ADR 0013), else the instance's.
    const app = moduleId ? sql`${moduleId}::uuid` : sql`i.module_id`;
    parts.push(sql`(i.record_id::text LIKE ${idPrefix} OR EXISTS (
      SELECT 1 FROM records r WHERE r.tenant_id = ${tenantId} AND r.module_id = ${app} AND r.id = i.record_id
        AND r.data::text ILIKE ${containsPattern(search)}))`);
  }
  return sql.join(parts, sql` AND `);
}

/** `SELECT 1` over the instances `where` selects, for counting them (process-counts.ts). */
export const matchingInstances = (where: SQL): SQL => sql`SELECT 1 FROM workflow_instances i WHERE ${where}`;

export interface InstanceListRow {
  id: string;
  module_id: string;
  display_name: string;
  record_id: string;
  module_version: number;
  status: InstanceStatus;
  state: InstanceState;
  initiator_name: string | null;
  started_on: Date | string;
  finished_on: Date | string | null;
  faulted_on: Date | string | null;
  fault_activity_id: string | null;
  fault_message: string | null;
}

const INSTANCE_COLUMNS = sql`i.id, i.module_id, m.display_name, i.record_id, i.module_version, i.status, i.state,
  u.fullname AS initiator_name, i.started_on, i.finished_on, i.faulted_on, i.fault_activity_id, i.fault_message`;
// Apps and users are joined within the tenant, so no other tenant's row lends its name.
const INSTANCE_JOINS = sql`JOIN modules m ON m.id = i.module_id AND m.tenant_id = i.tenant_id
  LEFT JOIN users u ON u.id = i.initiator_user AND u.tenant_id = i.tenant_id`;

/** One page of instances, newest first (the id keeps pages from overlapping). */
export async function instancePage(
  tx: TenantTx,
  tenantId: string,
  filter: InstanceFilter,
  page: { offset: number; limit: number },
): Promise<InstanceListRow[]> {
  const status = filter.status ? sql` AND i.status = ${filter.status}` : sql``;
  return rowsOf<InstanceListRow>(
    tx,
    sql`SELECT ${INSTANCE_COLUMNS}
        FROM workflow_instances i ${INSTANCE_JOINS}
        WHERE ${instanceWhere(tenantId, filter)}${status}
        ORDER BY i.started_on DESC, i.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** One instance (not locked), or null for unknown and other tenants' ids. */
export async function findInstance(
  tx: TenantTx,
  tenantId: string,
  id: string,
): Promise<InstanceListRow | null> {
  const [row] = await rowsOf<InstanceListRow>(
    tx,
    sql`SELECT ${INSTANCE_COLUMNS}
        FROM workflow_instances i ${INSTANCE_JOINS}
        WHERE i.tenant_id = ${tenantId} AND i.id = ${id}`,
  );
  return row ?? null;
}

export interface OpenTaskRow {
  id: string;
  activity_title: string;
  assignees: string[];
  started_on: Date | string;
}

/** The instance's open tasks with the names of the people they are assigned to. */
export async function openTasks(tx: TenantTx, tenantId: string, instanceId: string): Promise<OpenTaskRow[]> {
  return rowsOf<OpenTaskRow>(
    tx,
    sql`SELECT t.id, t.activity_title, t.started_on,
          coalesce(array_agg(u.fullname ORDER BY u.fullname) FILTER (WHERE u.id IS NOT NULL), '{}') AS assignees
        FROM workflow_tasks t
        LEFT JOIN workflow_task_assignees a ON a.task_id = t.id AND a.tenant_id = t.tenant_id
        LEFT JOIN users u ON u.id = a.user_id AND u.tenant_id = t.tenant_id
        WHERE t.tenant_id = ${tenantId} AND t.instance_id = ${instanceId} AND t.status = 'Open'
        GROUP BY t.id
        ORDER BY t.started_on, t.id`,
  );
}

export interface InstanceHistoryRow {
  activity_id: string;
  activity_name: string;
  activity_type: string;
  action_type: string;
  outcome: string | null;
  message: string | null;
  assignee: string | null;
  initiated_by_name: string | null;
  created_on: Date | string;
}

/** The instance's steps, oldest first (by its record: that is how history is indexed). */
export async function instanceHistory(
  tx: TenantTx,
  tenantId: string,
  instance: { id: string; record_id: string },
): Promise<InstanceHistoryRow[]> {
  return rowsOf<InstanceHistoryRow>(
    tx,
    sql`SELECT h.activity_id, h.activity_name, h.activity_type, h.action_type, h.outcome, h.message, h.assignee,
          u.fullname AS initiated_by_name, h.created_on
        FROM workflow_history h
        LEFT JOIN users u ON u.id = h.initiated_by AND u.tenant_id = h.tenant_id
        WHERE h.tenant_id = ${tenantId} AND h.record_id = ${instance.record_id} AND h.instance_id = ${instance.id}
        ORDER BY h.seq`,
  );
}
