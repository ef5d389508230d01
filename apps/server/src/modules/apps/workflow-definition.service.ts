import { msg, type createWorkflowDefinitionBodySchema } from '@formloop/contracts';
import { parseDefinition, validateDefinition } from '@formloop/workflow';
import type { z } from 'zod';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badField, badRequest } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appOr404 } from './app-access.ts';
import { workflowIssueErrors } from './apps-publish.service.ts';
import { APP_AUDIT_ENTITY } from './apps.service.ts';
import * as repo from './apps.repository.ts';

// Spec §7 POST {workflow-engine}/workflow-definition/create (ADR 0007 "Creating a definition"). Our
// engine is packages/workflow inside the server: it runs the workflow an app version pins, and an
// app has one workflow, edited as its draft and frozen by publish. So "create a definition in the
// engine" is: check the designer's payload as the designer checks it (read leniently as a stored
// draft is, then validateDefinition: the publish-time rules) and, only when it has no problem, make
// it the app's draft workflow, as SaveForm's `workflow` does. It runs once the app is published;
// running instances keep the version they started on.

export type CreateWorkflowDefinitionCommand = z.output<typeof createWorkflowDefinitionBodySchema>;

export function createWorkflowDefinitionService(db: TenantDb) {
  const audit = auditorFor(APP_AUDIT_ENTITY);
  return {
    async create(ctx: CallContext, auth: RequestAuth, body: CreateWorkflowDefinitionCommand) {
      const definition = parseDefinition(body.definition);
      if (!definition || definition.activities.length === 0) {
        throw badField('definition.activities', msg('workflowDefinitions.definitionEmpty'));
      }
      return db.inTenant(ctx.tenantId, async (tx) => {
        // The app first: another tenant's or an unknown app is a 404 whatever the payload holds.
        const current = await appOr404(tx, ctx.tenantId, body.moduleId, true);
        const issues = validateDefinition(definition);
        if (issues.length > 0) {
          throw badRequest(msg('workflowDefinitions.definitionInvalid'), workflowIssueErrors(issues));
        }
        const workflow = { activities: definition.activities, connections: definition.connections };
        const updated = await repo.updateApp(
          tx,
          ctx.tenantId,
          current.id,
          { workflowDraft: workflow },
          auth.userId,
        );
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'workflow_definition_created',
          before: { workflow_draft: current.workflowDraft },
          after: { workflow_draft: updated.workflowDraft },
        });
        return {
          id: updated.id,
          module_id: updated.id,
          activity_count: definition.activities.length,
          connection_count: definition.connections.length,
          modified_on: updated.modifiedOn.toISOString(),
        };
      });
    },
  };
}
