import { msg, type AppSummary, type CreateAppCommand, type UpdateAppCommand } from '@formloop/contracts';
import { appResource, emptyModuleDefinition, type ModuleDefinition } from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { conflict } from '../../platform/http/errors.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { revokeResources } from '../access/index.ts';
import { appOr404 } from './app-access.ts';
import { checkCategory, checkName, checkOcr, parseServiceIds } from './app-rules.ts';
import { auditView, toAppSummary } from './app-views.ts';
import { findSummary } from './apps-list.repository.ts';
import * as repo from './apps.repository.ts';

// Creating, changing, copying and deleting apps (builders only; the routes check the role). One
// transaction per command, with its audit row.

export const APP_AUDIT_ENTITY = 'app';

/** A new app opens on a usable canvas: one empty section. */
export function newAppDefinition(): ModuleDefinition {
  return {
    ...emptyModuleDefinition(),
    fieldGroups: [
      {
        displayName: 'Section 1',
        sectionIndex: 0,
        name: 'section_1',
        orderIndex: 0,
        isTable: false,
        minimumRowCount: 0,
        maximumRowCount: 0,
        fields: [],
      },
    ],
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

// Deleting an app drops its records' partition with it (migration 0014's trigger on modules), and
// with the partition its list indexes and statistics: nothing is left to clean up after the commit.
/**
 * Called in the creating transaction of CreateProcessFromScratch, after the app row is written (app.ts
 * hands quick launch's here: an app created with addToQuickLaunch becomes its creator's tile). A
 * hook, so that apps depends on no module above it.
 */
export type OnAppCreated = (
  tx: TenantTx,
  tenantId: string,
  userId: string,
  app: { id: string; addToQuickLaunch: boolean },
) => Promise<void>;

export function createAppService(db: TenantDb, onCreated: OnAppCreated = async () => {}) {
  const audit = auditorFor(APP_AUDIT_ENTITY);

  /** Runs a command, turning the name index's refusal of a racing duplicate into the 409. */
  const inTenant = async <T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> => {
    try {
      return await db.inTenant(tenantId, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg('apps.duplicateName'));
      throw error;
    }
  };

  const summary = async (tx: TenantTx, tenantId: string, userId: string, id: string): Promise<AppSummary> =>
    toAppSummary((await findSummary(tx, tenantId, userId, id))!);

  return {
    /** Spec §7 CreateProcessFromScratch. */
    async create(ctx: CallContext, auth: RequestAuth, body: CreateAppCommand): Promise<{ id: string }> {
      return inTenant(ctx.tenantId, async (tx) => {
        await checkName(tx, ctx.tenantId, body.name, null);
        const categoryId = await checkCategory(tx, ctx.tenantId, body.categoryId);
        const ocr = await checkOcr(
          tx,
          ctx.tenantId,
          body.ocrProviderId,
          parseServiceIds(body.machineLearningServiceId),
        );
        const created = await repo.insertApp(
          tx,
          ctx.tenantId,
          {
            displayName: body.name,
            moduleDescription: body.description,
            applicationModuleCategoryId: categoryId,
            appIcon: blankToNull(body.appIcon),
            addToQuickLaunch: body.addToQuickLaunch,
            ...ocr,
            moduleVersion: 0,
            moduleDraft: newAppDefinition() as unknown as Record<string, unknown>,
          },
          auth.userId,
        );
        await audit(tx, ctx, auth, {
          entityId: created.id,
          action: 'created',
          before: null,
          after: { ...auditView(created), module_draft: created.moduleDraft },
        });
        await onCreated(tx, ctx.tenantId, auth.userId, {
          id: created.id,
          addToQuickLaunch: created.addToQuickLaunch,
        });
        return { id: created.id };
      });
    },

    /** UpdateModule: the Create App settings of an existing app, and its help link. */
    async update(ctx: CallContext, auth: RequestAuth, body: UpdateAppCommand): Promise<AppSummary> {
      return inTenant(ctx.tenantId, async (tx) => {
        const current = await appOr404(tx, ctx.tenantId, body.id, true);
        await checkName(tx, ctx.tenantId, body.name, current.id);
        const changes: repo.AppChanges = { displayName: body.name };
        if (body.description !== undefined) changes.moduleDescription = body.description;
        if (body.categoryId !== undefined) {
          changes.applicationModuleCategoryId = await checkCategory(tx, ctx.tenantId, body.categoryId);
        }
        if (body.appIcon !== undefined) changes.appIcon = blankToNull(body.appIcon);
        if (body.addToQuickLaunch !== undefined) changes.addToQuickLaunch = body.addToQuickLaunch;
        if (body.helpFileUrl !== undefined) changes.helpFileUrl = blankToNull(body.helpFileUrl);
        // The provider and its services are checked together whenever either is sent.
        if (body.ocrProviderId !== undefined || body.machineLearningServiceId !== undefined) {
          const providerId = body.ocrProviderId !== undefined ? body.ocrProviderId : current.ocrProviderId;
          const services =
            body.machineLearningServiceId !== undefined
              ? parseServiceIds(body.machineLearningServiceId)
              : providerId === current.ocrProviderId
                ? current.mlServiceId
                : [];
          Object.assign(changes, await checkOcr(tx, ctx.tenantId, providerId || null, services));
        }
        const updated = await repo.updateApp(tx, ctx.tenantId, current.id, changes, auth.userId);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'updated',
          before: auditView(current),
          after: auditView(updated),
        });
        return summary(tx, ctx.tenantId, auth.userId, current.id);
      });
    },

    /** CopyFrom: a new draft app with the source's draft, description, group, icon and templates. */
    async copy(
      ctx: CallContext,
      auth: RequestAuth,
      body: { moduleId: string; name: string },
    ): Promise<{ id: string }> {
      return inTenant(ctx.tenantId, async (tx) => {
        const source = await appOr404(tx, ctx.tenantId, body.moduleId);
        await checkName(tx, ctx.tenantId, body.name, null);
        const created = await repo.insertApp(
          tx,
          ctx.tenantId,
          {
            displayName: body.name,
            moduleDescription: source.moduleDescription,
            applicationModuleCategoryId: source.applicationModuleCategoryId,
            appIcon: source.appIcon,
            // Field ids are per app, so the copy keeps them.
            moduleDraft: source.moduleDraft,
            workflowDraft: source.workflowDraft,
            moduleVersion: 0,
          },
          auth.userId,
        );
        await repo.copyTemplates(tx, ctx.tenantId, source.id, created.id, auth.userId);
        await audit(tx, ctx, auth, {
          entityId: created.id,
          action: 'copied',
          before: null,
          after: { ...auditView(created), copied_from: source.id, module_draft: created.moduleDraft },
        });
        return { id: created.id };
      });
    },

    /** DeleteForm: the app with everything hanging off it, and every role's grants on it. */
    async remove(ctx: CallContext, auth: RequestAuth, moduleId: string): Promise<{ id: string }> {
      return inTenant(ctx.tenantId, async (tx) => {
        const current = await appOr404(tx, ctx.tenantId, moduleId, true);
        await repo.deleteApp(tx, ctx.tenantId, current.id);
        await revokeResources(tx, ctx.tenantId, [appResource(current.id)]);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'deleted',
          before: { ...auditView(current), module_draft: current.moduleDraft },
          after: null,
        });
        return { id: current.id };
      });
    },
  };
}
