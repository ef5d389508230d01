import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  WORKFLOW_ENGINE_MESSAGES,
  createWorkflowDefinitionBodySchema,
  createWorkflowDefinitionResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createWorkflowDefinitionService } from './workflow-definition.service.ts';

/** Spec §7 POST {workflow-engine}/workflow-definition/create, under our /api/workflow-engine. */
export const workflowDefinitionRoutes = (deps: {
  service: ReturnType<typeof createWorkflowDefinitionService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    app.post(
      API_PATHS.workflowDefinitionCreate,
      {
        // Builders design workflows; checked before the body, so others learn nothing from a 400.
        ...deps.guard.only(canUseBuilder),
        schema: {
          tags: ['workflow'],
          security: [{ bearer: [] }],
          summary: 'Create a workflow definition in the engine (spec §7 workflow-definition/create)',
          description:
            'definition: the workflow designer’s payload (activities and connections, as SaveForm’s workflow) for ' +
            'the app moduleId. It is read as the designer reads a stored draft and checked as the designer checks ' +
            'it (no start or end, unknown types, dangling connections, unreachable activities, dead ends, missing ' +
            'assignees, decisions without both branches, …). With no problem it becomes the app’s draft workflow ' +
            '(an app has one workflow; it runs from the next publish, running instances keep their version) and ' +
            'the answer is the definition’s id, the app’s. No activities: 400 "' +
            WORKFLOW_ENGINE_MESSAGES.definitionEmpty +
            '". Problems: 400 "' +
            WORKFLOW_ENGINE_MESSAGES.definitionInvalid +
            '" with one error per problem, field the activity id (or "workflow"), message "code" or "code: detail"; ' +
            'nothing is stored. Builders only (403). Unknown or another tenant’s app: 404.',
          body: createWorkflowDefinitionBodySchema,
          response: { 200: createWorkflowDefinitionResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          await deps.service.create(callContext(request), request.auth!, request.body),
          WORKFLOW_ENGINE_MESSAGES.definitionCreated,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
