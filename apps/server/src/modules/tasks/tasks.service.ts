import {
  msg,
  type TaskDataTable,
  type TaskDetail,
  type taskByTeamRequestSchema,
  type taskByUserRequestSchema,
  type taskDataTableRequestSchema,
  type taskDynamicRequestSchema,
} from '@formloop/contracts';
import { canUseBuilder, canUseSettings, type ModuleDefinition } from '@formloop/domain';
import type { z } from 'zod';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { visibleScope } from '../apps/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { taskFormAppOr404, versionDefinition } from '../records/index.ts';
import { findTeam } from '../teams/index.ts';
import { teamsOfUser } from '../users/index.ts';
import { pinnedDefinitionOf } from '../workflow/index.ts';
import { userExists } from './task-lookups.repository.ts';
import {
  findTaskDetail,
  taskAssignees,
  taskCounts,
  taskPage,
  type TaskListQuery,
  type TaskSelector,
} from './tasks.repository.ts';
import { formColumns, requireKnownColumns, sendBackTargets, taskValues, toTaskRow } from './task-views.ts';

// The read side of tasks (spec §2 /tasks, §3 task list columns, §7 /api/Task/*): the lists, the
// sidebar badge and one task's detail. Lists only show tasks of apps the caller may see (builders:
// every app; others: the apps a role grants view on) and the tasks given to the caller (an assignee
// needs no grant on the app: ADR 0003), read in the caller's transaction like records.

type ListRequest = z.output<typeof taskDataTableRequestSchema>;
type ByUserRequest = z.output<typeof taskByUserRequestSchema>;
type ByTeamRequest = z.output<typeof taskByTeamRequestSchema>;
type DynamicRequest = z.output<typeof taskDynamicRequestSchema>;
type ListBase = Pick<ListRequest, 'page' | 'length' | 'search' | 'moduleId' | 'orders'>;

const taskMissing = () => notFound(msg('workflow.taskNotFound'));

/** Settings roles (system administrators, administrators, consultants) look at anyone's tasks. */
const seesEveryonesTasks = (auth: RequestAuth) => canUseSettings(auth.flags);

/** The query of one list page for the caller (their visible apps; the request's search, sort, page). */
async function listQuery(
  tx: TenantTx,
  auth: RequestAuth,
  selector: TaskSelector,
  request: ListBase,
  listModuleId?: string,
): Promise<TaskListQuery> {
  return {
    selector,
    scope: await visibleScope(tx, auth.tenantId, auth),
    viewerId: auth.userId,
    ...(listModuleId ? { listModuleId } : {}),
    ...(!listModuleId && request.moduleId !== undefined ? { filterModuleId: request.moduleId } : {}),
    search: request.search,
    orders: request.orders,
    offset: (request.page - 1) * request.length,
    limit: request.length,
  };
}

async function pageOf(tx: TenantTx, tenantId: string, query: TaskListQuery): Promise<TaskDataTable> {
  // One connection, so one statement after the other.
  const rows = await taskPage(tx, tenantId, query);
  const counts = await taskCounts(tx, tenantId, query);
  return { data: rows.map(toTaskRow), ...counts };
}

export function createTaskService(db: TenantDb) {
  return {
    /** POST /api/Task/datatables: the caller's open tasks (tab tasks) or the ones they completed. */
    async list(ctx: CallContext, auth: RequestAuth, request: ListRequest): Promise<TaskDataTable> {
      const selector: TaskSelector =
        request.tab === 'completed'
          ? { kind: 'completedBy', userId: auth.userId }
          : { kind: 'assignee', userId: auth.userId };
      return db.readInTenant(ctx.tenantId, async (tx) =>
        pageOf(tx, ctx.tenantId, await listQuery(tx, auth, selector, request)),
      );
    },

    /** dataTablesByUserId: a user's open tasks; another user's only for settings roles (403). */
    async byUser(ctx: CallContext, auth: RequestAuth, request: ByUserRequest): Promise<TaskDataTable> {
      const userId = request.userId.toLowerCase();
      // The role is checked first: without it, whether the id names anyone is not the caller's business.
      if (userId !== auth.userId && !seesEveryonesTasks(auth)) throw forbidden();
      return db.readInTenant(ctx.tenantId, async (tx) => {
        if (!isUuid(userId) || !(await userExists(tx, ctx.tenantId, userId))) {
          throw notFound(msg('users.notFound'));
        }
        const query = await listQuery(tx, auth, { kind: 'assignee', userId }, request);
        return pageOf(tx, ctx.tenantId, query);
      });
    },

    /**
     * dataTablesByTeamId: open tasks given to a team; without teamId, to any team the caller belongs
     * to (as a member or its lead). A named team: its members and settings roles (else 403); another
     * tenant's or a malformed id: 404.
     */
    async byTeam(ctx: CallContext, auth: RequestAuth, request: ByTeamRequest): Promise<TaskDataTable> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const mine = (await teamsOfUser(tx, ctx.tenantId, auth.userId)).map((team) => team.id);
        let teamIds = mine;
        if (request.teamId !== undefined) {
          const teamId = request.teamId.toLowerCase();
          const team = isUuid(teamId) ? await findTeam(tx, ctx.tenantId, teamId) : null;
          if (!team) throw notFound(msg('teams.notFound'));
          if (!mine.includes(team.id) && !seesEveryonesTasks(auth)) throw forbidden();
          teamIds = [team.id];
        }
        return pageOf(tx, ctx.tenantId, await listQuery(tx, auth, { kind: 'teams', teamIds }, request));
      });
    },

    /**
     * dynamicdatatables: one app's open tasks of the caller, each with its record's values (`columns`,
     * or every field), without what is hidden at the task's activity. The app must be published and
     * visible to the caller, or hold an open task of theirs (404 like records).
     */
    async dynamic(ctx: CallContext, auth: RequestAuth, request: DynamicRequest): Promise<TaskDataTable> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const app = await taskFormAppOr404(tx, ctx.tenantId, auth, request.moduleId);
        if (request.columns) requireKnownColumns(request.columns, formColumns(app.definition));
        const query = {
          ...(await listQuery(tx, auth, { kind: 'assignee', userId: auth.userId }, request, app.app.id)),
          withRecord: true,
        };
        const rows = await taskPage(tx, ctx.tenantId, query);
        const counts = await taskCounts(tx, ctx.tenantId, query);
        // Records stay on the version they were made with; a page spans a few versions at most.
        const definitions = new Map<number, ModuleDefinition>();
        const data = [];
        for (const row of rows) {
          const version = Number(row.record_version);
          let definition = definitions.get(version);
          if (!definition) {
            definition = await versionDefinition(tx, ctx.tenantId, app, version);
            definitions.set(version, definition);
          }
          const values = taskValues(definition, row.activity_id, row.record_data ?? {}, request.columns);
          data.push({ ...toTaskRow(row), data: values });
        }
        return { data, ...counts };
      });
    },

    /** GET /api/Task/total: the caller's open tasks (the badge counts what the tasks tab lists). */
    async total(ctx: CallContext, auth: RequestAuth): Promise<number> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const query = await listQuery(
          tx,
          auth,
          { kind: 'assignee', userId: auth.userId },
          { page: 1, length: 10, search: '', orders: [] },
        );
        return (await taskCounts(tx, ctx.tenantId, query)).recordsTotal;
      });
    },

    /**
     * GET /api/Task/{id}/detail: for its assignees, the record's initiator, builders and settings
     * roles; anyone else, another tenant's and a malformed id: 404 (never saying the task exists).
     */
    async detail(ctx: CallContext, auth: RequestAuth, id: string): Promise<TaskDetail> {
      if (!isUuid(id)) throw taskMissing();
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const row = await findTaskDetail(tx, ctx.tenantId, id.toLowerCase(), auth.userId);
        if (!row) throw taskMissing();
        const mayView =
          row.is_assignee ||
          row.initiator === auth.userId ||
          canUseBuilder(auth.flags) ||
          seesEveryonesTasks(auth);
        if (!mayView) throw taskMissing();
        const open = row.status === 'Open';
        // Only an open task can be sent back; its targets come from the version the instance runs.
        const pinned = open
          ? await pinnedDefinitionOf(tx, ctx.tenantId, {
              module_id: row.module_id,
              module_version: Number(row.instance_version),
            })
          : null;
        const definition = pinned?.definition ?? null;
        return {
          ...toTaskRow(row),
          actions: Array.isArray(row.actions) ? row.actions.map(String) : [],
          canAct: open && row.is_assignee,
          sendBackTargets: sendBackTargets(row, definition, row.instance_state),
          reassignmentDisabled: row.reassignment_disabled,
          assignees: await taskAssignees(tx, ctx.tenantId, row.id),
        };
      });
    },
  };
}
