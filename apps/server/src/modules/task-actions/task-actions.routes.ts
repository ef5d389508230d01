import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TASK_ACTION_PATHS,
  approveBodySchema,
  gobackBodySchema,
  reassignTasksBodySchema,
  reassignTasksResponseSchema,
  reassignmentBodySchema,
  restartBodySchema,
  taskActionResponseSchema,
  withdrawBodySchema,
  workflowHistoryQuerySchema,
  workflowHistoryResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createWorkflowActionsService } from './task-actions.service.ts';
import type { createWorkflowHistoryService } from './workflow-history.service.ts';

const tags = ['workflow'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

const TASK =
  'A task of another tenant or a malformed id is 404; a task already acted on (by anyone) 409; the caller must be ' +
  'one of its assignees (403). Runs in one transaction that locks the record’s workflow instance.';

/** Task actions and the workflow history (spec §7 under /api/EntryModule/). */
export const workflowRoutes = (deps: {
  actions: ReturnType<typeof createWorkflowActionsService>;
  history: ReturnType<typeof createWorkflowHistoryService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const action = (summary: string, description: string, body: z.ZodType) => ({
      ...signedIn,
      schema: {
        tags,
        security,
        summary,
        description,
        body,
        response: { 200: taskActionResponseSchema, ...errors },
      },
    });

    app.post(
      TASK_ACTION_PATHS.approve,
      action(
        'Approve or reject a task (or take a user task’s action)',
        `${TASK} accepted true approves, false rejects and needs a description; a user task takes outcome (one of its actions).`,
        approveBodySchema,
      ),
      async (request) =>
        ok(
          await deps.actions.approve(
            callContext(request),
            request.auth!,
            approveBodySchema.parse(request.body),
          ),
        ),
    );

    app.post(
      TASK_ACTION_PATHS.reassignment,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Hand a task to another active user',
          description: `${TASK} Refused (403) when the app disables reassignment.`,
          body: reassignmentBodySchema,
          response: { 200: reassignTasksResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.actions.reassign(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_ACTION_PATHS.reassignmentByAdmin,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Settings roles: hand anyone’s task to another active user',
          description:
            'System administrators, administrators and consultants (else 403). Respects the app’s reassignment switch.',
          body: reassignmentBodySchema,
          response: { 200: reassignTasksResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.actions.reassignByAdmin(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_ACTION_PATHS.reassignTasks,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Settings roles: hand many tasks to one user, all or none',
          body: reassignTasksBodySchema,
          response: { 200: reassignTasksResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.actions.reassignMany(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_ACTION_PATHS.goback,
      action(
        'Send the entry back to an earlier step (or to its initiator: fs-start)',
        `${TASK} goBackToActivityId must be a step the entry already passed, or fs-start (400 otherwise).`,
        gobackBodySchema,
      ),
      async (request) =>
        ok(
          await deps.actions.goback(
            callContext(request),
            request.auth!,
            gobackBodySchema.parse(request.body),
          ),
        ),
    );

    app.post(
      TASK_ACTION_PATHS.withdraw,
      action(
        'The initiator takes an in-progress entry back into their drafts',
        'Open tasks are cancelled; the entry becomes a draft again and can be submitted anew. Others: 403.',
        withdrawBodySchema,
      ),
      async (request) =>
        ok(
          await deps.actions.withdraw(
            callContext(request),
            request.auth!,
            withdrawBodySchema.parse(request.body),
          ),
        ),
    );

    app.post(
      TASK_ACTION_PATHS.restart,
      action(
        'Start the entry’s workflow over',
        'The initiator, builders and settings roles; from any state but withdrawn. Open tasks are cancelled.',
        restartBodySchema,
      ),
      async (request) =>
        ok(
          await deps.actions.restart(
            callContext(request),
            request.auth!,
            restartBodySchema.parse(request.body),
          ),
        ),
    );

    app.get(
      TASK_ACTION_PATHS.history,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Every step of an entry’s workflow',
          description: 'For everyone who may see the entry (404 otherwise).',
          params: z.object({ moduleId: z.string().max(64) }),
          querystring: workflowHistoryQuerySchema,
          response: { 200: workflowHistoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.history.history(
            callContext(request),
            request.auth!,
            request.params.moduleId,
            request.query.recordId,
          ),
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
