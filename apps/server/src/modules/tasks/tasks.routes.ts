import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TASK_PATHS,
  TASK_SORT_COLUMNS,
  WORKFLOW_MESSAGES,
  taskByTeamRequestSchema,
  taskByUserRequestSchema,
  taskDataTableRequestSchema,
  taskDataTableResponseSchema,
  taskDetailResponseSchema,
  taskDynamicRequestSchema,
  taskTotalResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createTaskService } from './tasks.service.ts';

const tags = ['tasks'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);

const LIST =
  'Columns (spec §3): display_name (the app), activity_title, task_type, assigned_from_user, ' +
  'record_started_by, started_on, plus ids, status, completed_on and outcome. Only tasks of apps the caller ' +
  'may see (builders: every app; others: a role’s view grant) and tasks the caller is an assignee of (no grant ' +
  'needed). search matches the app name or the activity ' +
  `title ignoring case; moduleId keeps one app’s tasks; orders over ${TASK_SORT_COLUMNS.join(', ')} ` +
  '(default started_on desc, then id); page from 1, length 10, 20, 50 or 100. recordsTotal counts the list, ' +
  'recordsFiltered the list after search and moduleId; both exact.';

const detailParams = z.object({ id: z.string().max(64) });

/** Tasks (spec §2 /tasks, §7 /api/Task/*): the lists, the sidebar badge and one task. */
export const taskRoutes = (deps: {
  service: ReturnType<typeof createTaskService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.post(
      TASK_PATHS.datatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The caller’s tasks: open ones assigned to them (tab tasks) or the ones they completed',
          description: LIST,
          body: taskDataTableRequestSchema,
          response: { 200: taskDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_PATHS.byUser,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A user’s open tasks',
          description:
            'The caller’s own, or anyone’s for system administrators, administrators and consultants; another ' +
            `user’s without such a role: 403. An unknown or another tenant’s user: 404. ${LIST}`,
          body: taskByUserRequestSchema,
          response: { 200: taskDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.byUser(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_PATHS.byTeam,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Open tasks given to a team (without teamId: to any team of the caller)',
          description:
            'A team is named for its members (and its lead) and for system administrators, administrators and ' +
            `consultants; anyone else: 403. An unknown, malformed or another tenant’s team: 404. ${LIST}`,
          body: taskByTeamRequestSchema,
          response: { 200: taskDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.byTeam(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_PATHS.dynamicDatatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One app’s open tasks of the caller, with their records’ values',
          description:
            'data holds the record’s values of `columns` (field names, or table group names; all fields when ' +
            'omitted; a name the form lacks: 400), without fields hidden at the task’s activity and without ' +
            'password values. The app must be published and visible to the caller, as for its records (404). ' +
            LIST,
          body: taskDynamicRequestSchema,
          response: { 200: taskDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.dynamic(callContext(request), request.auth!, request.body)),
    );

    app.get(
      TASK_PATHS.total,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'How many open tasks the caller has (the sidebar badge; data is a number)',
          response: { 200: taskTotalResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.total(callContext(request), request.auth!)),
    );

    app.get(
      TASK_PATHS.detail,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One task, its actions, and what the caller may do with it',
          description:
            'canAct: it is open and the caller is an assignee. sendBackTargets (open tasks whose activity allows ' +
            'send-back): the initiator (fs-start), then the task activities the instance passed, named by the ' +
            'workflow version the instance runs. For its assignees, the record’s initiator, builders and settings ' +
            `roles; anyone else, another tenant’s and a malformed id: 404 "${WORKFLOW_MESSAGES.taskNotFound}".`,
          params: detailParams,
          response: { 200: taskDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.detail(callContext(request), request.auth!, request.params.id)),
    );
  }) satisfies FastifyPluginAsyncZod;
