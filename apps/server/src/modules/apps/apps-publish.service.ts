import { parseDefinition, validateDefinition, type ValidationIssue } from '@formloop/workflow';
import { z } from 'zod';
import { msg, activityPermissionSchema, type saveFormBodySchema } from '@formloop/contracts';
import type { ActivityPermission, ModuleDefinition, PayloadGroup } from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appOr404 } from './app-access.ts';
import { asDefinition } from './app-views.ts';
import { APP_AUDIT_ENTITY } from './apps.service.ts';
import * as repo from './apps.repository.ts';
import { assertValidForm } from './form-check.ts';

// SaveForm and publish (builders only; the routes check the role). The draft and the published
// version live side by side: saving changes only the draft; publishing copies the draft to the
// published slot, counts a version and keeps that version in module_versions.

export type SaveFormCommand = z.output<typeof saveFormBodySchema>;

const permissionListSchema = z.array(activityPermissionSchema).max(500);

/** The permission JSON text of SaveForm → its rules; anything else is a 400 on field 'permission'. */
export function parsePermission(text: string): ActivityPermission[] {
  let json: unknown;
  try {
    json = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch {
    json = undefined;
  }
  const parsed = permissionListSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest(msg('apps.invalidPermission'), [
      fieldError('permission', msg('apps.invalidPermission')),
    ]);
  }
  return parsed.data;
}

const asJson = (value: unknown) => value as Record<string, unknown>;

/**
 * A workflow is published only without problems (validateDefinition: unreachable activities, dead
 * ends, missing assignees, a decision without both branches, …); none at all is fine (records then
 * complete on submission). 400 with one error per problem, keyed by activity id.
 */
function assertPublishableWorkflow(stored: unknown): void {
  // Nothing with activities (none at all, or an older payload with connections only) runs nothing.
  const definition = parseDefinition(stored);
  if (!definition || definition.activities.length === 0) return;
  const issues = validateDefinition(definition);
  if (issues.length === 0) return;
  throw badRequest(msg('workflow.workflowInvalid'), workflowIssueErrors(issues));
}

/** The designer's validation issues as field errors: keyed by activity id, each issue by its code's key (plain without a detail). */
export const workflowIssueErrors = (issues: readonly ValidationIssue[]) =>
  issues.map((issue) =>
    fieldError(
      issue.activityId ?? 'workflow',
      issue.detail
        ? {
            key: `workflowIssues.${issue.code}`,
            params: { activity: issue.activityId ?? '', detail: issue.detail },
          }
        : { key: `workflowIssuesPlain.${issue.code}`, params: { activity: issue.activityId ?? '' } },
    ),
  );

/** Called once a publish committed (the record lists build the new version's indexes). */
export type OnPublished = (moduleId: string, definition: ModuleDefinition, tenantId: string) => void;

export function createPublishService(db: TenantDb, onPublished: OnPublished = () => {}) {
  const audit = auditorFor(APP_AUDIT_ENTITY);

  return {
    /** Spec §7 SaveForm: checks the whole form, then stores it as the draft (and the draft workflow). */
    async save(
      ctx: CallContext,
      auth: RequestAuth,
      body: SaveFormCommand,
    ): Promise<{ id: string; modified_on: string }> {
      const fieldGroups = body.data.fieldGroups as PayloadGroup[];
      return db.inTenant(ctx.tenantId, async (tx) => {
        const current = await appOr404(tx, ctx.tenantId, body.id, true);
        const permission = parsePermission(body.permission);
        assertValidForm({ fieldGroups }, permission, 'draft');
        const draft: ModuleDefinition = { fieldGroups, defaultConfig: body.defaultConfig, permission };
        const changes: repo.AppChanges = { moduleDraft: asJson(draft) };
        if (body.workflow !== undefined) changes.workflowDraft = body.workflow;
        const updated = await repo.updateApp(tx, ctx.tenantId, current.id, changes, auth.userId);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'draft_saved',
          before: { module_draft: current.moduleDraft, workflow_draft: current.workflowDraft },
          after: { module_draft: updated.moduleDraft, workflow_draft: updated.workflowDraft },
        });
        return { id: updated.id, modified_on: updated.modifiedOn.toISOString() };
      });
    },

    /** Spec §7 publish: the draft, checked again, becomes the next published version. */
    async publish(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
    ): Promise<{ id: string; module_version: number }> {
      let published: ModuleDefinition | null = null;
      const result = await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await appOr404(tx, ctx.tenantId, id, true);
        const draft = asDefinition(current.moduleDraft)!;
        if (!draft.fieldGroups.some((group) => group.fields?.length > 0)) {
          throw badRequest(msg('apps.nothingToPublish'));
        }
        assertValidForm(draft, draft.permission, 'publish');
        assertPublishableWorkflow(current.workflowDraft);
        const version = current.moduleVersion + 1;
        const now = new Date();
        await repo.updateApp(
          tx,
          ctx.tenantId,
          current.id,
          {
            moduleVersion: version,
            modulePublished: current.moduleDraft,
            workflowPublished: current.workflowDraft,
            publishedOn: now,
            publishedBy: auth.userId,
          },
          auth.userId,
        );
        await repo.insertVersion(tx, ctx.tenantId, {
          moduleId: current.id,
          moduleVersion: version,
          module: current.moduleDraft,
          workflow: current.workflowDraft,
          publishedBy: auth.userId,
          publishedOn: now,
        });
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'published',
          before: { module_version: current.moduleVersion, module_published: current.modulePublished },
          after: { module_version: version, module_published: current.moduleDraft },
        });
        published = draft;
        return { id: current.id, module_version: version };
      });
      // After the commit: index builds run outside any transaction and must see the new version.
      if (published) onPublished(result.id, published, ctx.tenantId);
      return result;
    },
  };
}
