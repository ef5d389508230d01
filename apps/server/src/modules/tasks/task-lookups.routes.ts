import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WORKFLOW_PATHS,
  WORKFLOW_LOOKUP_PATHS,
  lookupAssigneeByRecordQuerySchema,
  lookupAssigneeQuerySchema,
  lookupAssigneeResponseSchema,
  permissibleFieldsQuerySchema,
  permissibleFieldsResponseSchema,
  workflowShareQuerySchema,
  workflowShareResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder, canUseSettings, type UserFlags } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { LOOKUP_LIMIT, type createTaskLookupService } from './task-lookups.service.ts';

const tags = ['workflow'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);

/** The workflow designer's users: builders and the settings roles. */
const designsWorkflows = (flags: UserFlags) => canUseBuilder(flags) || canUseSettings(flags);

/** Spec §7 "Scheduler, workflow, lookups": LookupAssignee(ByRecord), permissible-fields, share. */
export const taskLookupRoutes = (deps: {
  service: ReturnType<typeof createTaskLookupService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Role checks run before the query is validated, so a caller without the role learns nothing from a 400.
    const { signedIn } = deps.guard;
    const designers = deps.guard.only(designsWorkflows);
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.get(
      WORKFLOW_PATHS.lookupAssignee,
      {
        ...designers,
        schema: {
          tags,
          security,
          summary: 'Approvers for the workflow designer: active users, teams and roles',
          description:
            `search matches a user’s full name, user name or e-mail, a team’s or a role’s name, ignoring case; at ` +
            `most ${LOOKUP_LIMIT} of each kind, users first, each kind by name. ids (comma-separated) answers those ` +
            'of them that still exist (users: and are active); ids that are not UUIDs name nobody. Teams and roles ' +
            'carry members: how many active users a task assigned to them would go to. Builders and ' +
            'settings roles only (403).',
          querystring: lookupAssigneeQuerySchema,
          response: { 200: lookupAssigneeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.lookupAssignee(callContext(request), request.query)),
    );

    app.get(
      WORKFLOW_PATHS.lookupAssigneeByRecord,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Who a task of this record may be given to (the reassign dialog)',
          description:
            'Active users (a task’s assignee reaches it and its entry without a grant on the app), matching search ' +
            `by full name, user name or e-mail, at most ${LOOKUP_LIMIT}, by name; every item is of type user. A ` +
            'record of another tenant, a malformed id, or one the caller may not see (its app, or taking part in ' +
            'its workflow): 404.',
          querystring: lookupAssigneeByRecordQuerySchema,
          response: { 200: lookupAssigneeResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.lookupByRecord(callContext(request), request.auth!, request.query)),
    );

    app.get(
      WORKFLOW_LOOKUP_PATHS.permissibleFields,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The published form’s fields with their control level at an activity',
          description:
            'activityId: fs-start, fs-complete or a task activity of the published workflow (another: 400). ' +
            'control follows the field’s rule, else its group’s, else the activity’s default (spec §3). The app ' +
            'must be published and visible to the caller (404).',
          querystring: permissibleFieldsQuerySchema,
          response: { 200: permissibleFieldsResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.permissibleFields(callContext(request), request.auth!, request.query)),
    );

    app.get(
      WORKFLOW_LOOKUP_PATHS.share,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'An app’s published workflow in the Elsa 2 export shape, to share',
          description:
            'workflow is null when the app has no published workflow. Full users and consultants only (403); ' +
            'another tenant’s or a malformed app id: 404.',
          querystring: workflowShareQuerySchema,
          response: { 200: workflowShareResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.share(callContext(request), request.query.moduleId)),
    );
  }) satisfies FastifyPluginAsyncZod;
