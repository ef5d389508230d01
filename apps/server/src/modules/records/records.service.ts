import type { RecordDetail, RecordForm } from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import {
  draftOpenTo,
  recordAppAccess,
  requireGranted,
  versionDefinition,
  type RecordAppAccess,
} from './record-access.ts';
import { toRecordForm } from './record-form.ts';
import { openRecord } from './record-open.ts';
import { anythingEditable, auditValues, mayChange, recordMissing, visibleRow } from './record-views.ts';
import { appsOfRecords, deleteRecords, lockRecords, type RecordStub } from './records.repository.ts';

// Reading an app's form and one record, and deleting records (spec §7 EntryModule).

export function createRecordsService(db: TenantDb) {
  return {
    /** The published form as the caller fills it in, with what they may do. */
    async form(ctx: CallContext, auth: RequestAuth, moduleId: string): Promise<RecordForm> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const access = await recordAppAccess(tx, ctx.tenantId, auth, moduleId);
        return toRecordForm(access.app, access.app.moduleVersion, access.definition, access.can, auth);
      });
    },

    /** One record with the form of its own version, without what is hidden at its activity. */
    async detail(
      ctx: CallContext,
      auth: RequestAuth,
      recordId: string,
      taskId?: string,
    ): Promise<RecordDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { access, row, version, definition, task, activityId } = await openRecord(
          tx,
          ctx.tenantId,
          auth,
          recordId,
          taskId,
        );
        const mayEdit = task?.actionable ? true : mayChange(auth, access.can, row);
        return {
          record: visibleRow(definition, row, activityId),
          form: toRecordForm(access.app, version, definition, access.can, auth),
          activityId,
          editable: mayEdit && anythingEditable(definition, activityId),
        };
      });
    },

    /**
     * Deletes records, all or none: one id that is missing, malformed, another tenant's or someone
     * else's draft is a 404 and nothing is deleted; a missing grant on any of their apps is a 403.
     * Authors discard their own drafts with the 'create' grant that made them.
     */
    async remove(ctx: CallContext, auth: RequestAuth, ids: string[]): Promise<number> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      if (!unique.every(isUuid)) throw recordMissing();
      return db.inTenant(ctx.tenantId, async (tx) => {
        // The routes name only the records: their apps first, then each app's records locked.
        const apps = await appsOfRecords(tx, ctx.tenantId, unique);
        if (apps.size !== unique.length) throw recordMissing();
        const idsByApp = new Map<string, string[]>();
        for (const id of unique) {
          const moduleId = apps.get(id)!;
          idsByApp.set(moduleId, [...(idsByApp.get(moduleId) ?? []), id]);
        }
        const byApp = new Map<string, RecordStub[]>();
        for (const [moduleId, ids] of idsByApp) {
          const records = await lockRecords(tx, ctx.tenantId, moduleId, ids);
          if (records.length !== ids.length) throw recordMissing();
          byApp.set(moduleId, records);
        }
        const audits: Array<{ entityId: string; before: unknown }> = [];
        for (const [moduleId, records] of byApp) {
          const access = await recordAppAccess(tx, ctx.tenantId, auth, moduleId);
          const definitions = new Map<number, ModuleDefinition>();
          for (const record of records) {
            if (!draftOpenTo(auth, record)) throw recordMissing();
            const ownDraft = record.is_draft && record.created_by === auth.userId;
            if (!(ownDraft && access.can.create)) requireGranted(access.can, 'delete');
            const definition = definitions.get(record.module_version) ?? (await definitionOf(access, record));
            definitions.set(record.module_version, definition);
            audits.push({
              entityId: record.id,
              before: { data: auditValues(definition, record.data ?? {}) },
            });
          }
        }
        return deleteRecords(tx, ctx.tenantId, idsByApp, audits, {
          userId: auth.userId,
          requestId: ctx.requestId,
        });

        function definitionOf(access: RecordAppAccess, record: RecordStub) {
          return versionDefinition(tx, ctx.tenantId, access, Number(record.module_version));
        }
      });
    },
  };
}
