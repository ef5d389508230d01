import {
  msg,
  type CreateRecordTemplateCommand,
  type OrderRecordTemplatesBody,
  type RecordTemplate,
} from '@formloop/contracts';
import {
  fieldValueType,
  isFieldType,
  isIsoDate,
  isIsoDateTime,
  isIsoTime,
  type FieldValueType,
} from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { badField, conflict, notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { definitionOf, requireApp, requireVisibleApp } from './app-access.ts';
import type { AppRow } from './app-settings.repository.ts';
import * as repo from './record-templates.repository.ts';
import type { TemplateRow } from './record-templates.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';

const audit = auditorFor('record-template');
const duplicate = () => conflict(msg('appSettings.duplicateTemplateName'));
const missing = () => notFound(msg('appSettings.templateNotFound'));

export const toRecordTemplate = (row: TemplateRow): RecordTemplate => ({
  id: row.id,
  module_id: row.moduleId,
  template_name: row.templateName,
  data: row.data,
  order_index: row.orderIndex,
  created_on: row.createdOn.toISOString(),
  modified_on: row.modifiedOn.toISOString(),
});

/** What a field of the app holds, by machine name: the draft's fields, then the published version's. */
function fieldValueTypes(app: AppRow): Map<string, FieldValueType | 'table'> {
  const types = new Map<string, FieldValueType | 'table'>();
  for (const stored of [app.moduleDraft, app.modulePublished]) {
    for (const group of definitionOf(stored)?.fieldGroups ?? []) {
      for (const field of group.fields) {
        if (types.has(field.name)) continue;
        const type = isFieldType(field.fieldType) ? fieldValueType(field.fieldType) : 'any';
        types.set(field.name, group.isTable ? 'table' : type);
      }
    }
  }
  return types;
}

/** Whether a template value fits its field: null clears; otherwise the value type of spec §3's field. */
function valueFits(type: FieldValueType | 'table', value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isIsoDate(value);
    case 'datetime':
      return typeof value === 'string' && isIsoDateTime(value);
    case 'time':
      return typeof value === 'string' && isIsoTime(value);
    case 'list':
    case 'table':
      return Array.isArray(value);
    default:
      return value !== undefined;
  }
}

/** Keys that are not fields of the app → 400 naming them; a value of the wrong kind → 400 naming its field. */
function checkTemplateData(app: AppRow, data: Record<string, unknown>): void {
  const types = fieldValueTypes(app);
  const unknown = Object.keys(data).filter((key) => !types.has(key));
  if (unknown.length > 0) {
    throw badField('data', msg('appSettings.unknownTemplateFields', { names: unknown.join(', ') }));
  }
  for (const [name, value] of Object.entries(data)) {
    if (!valueFits(types.get(name)!, value)) {
      throw badField(`data.${name}`, msg('appSettings.invalidTemplateValue', { name }));
    }
  }
}

/** Record templates: everyone who may see an app reads them; builders create, rename, delete and order. */
export function createRecordTemplateService(db: TenantDb) {
  const lockExisting = async (tx: TenantTx, tenantId: string, id: string) => {
    const row = isUuid(id) ? await repo.lockTemplate(tx, tenantId, id) : null;
    if (!row) throw missing();
    return row;
  };

  /** Runs a write; a unique-index race becomes the same 409 the pre-check gives. */
  const write = async <T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T> => {
    try {
      return await db.inTenant(tenantId, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  };

  return {
    async list(ctx: CallContext, auth: RequestAuth, moduleId: string): Promise<RecordTemplate[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireVisibleApp(tx, auth, moduleId);
        return (await repo.listTemplates(tx, ctx.tenantId, app.id)).map(toRecordTemplate);
      });
    },

    async create(
      ctx: CallContext,
      auth: RequestAuth,
      body: CreateRecordTemplateCommand,
    ): Promise<RecordTemplate> {
      return write(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, body.moduleId, true);
        checkTemplateData(app, body.data);
        if (await repo.nameTaken(tx, ctx.tenantId, app.id, body.templateName, null)) throw duplicate();
        const created = await repo.insertTemplate(tx, ctx.tenantId, {
          moduleId: app.id,
          templateName: body.templateName,
          data: body.data,
          orderIndex: await repo.nextOrderIndex(tx, ctx.tenantId, app.id),
          userId: auth.userId,
        });
        const after = toRecordTemplate(created);
        await audit(tx, ctx, auth, { entityId: created.id, action: 'created', before: null, after });
        return after;
      });
    },

    async rename(
      ctx: CallContext,
      auth: RequestAuth,
      body: { id: string; templateName: string },
    ): Promise<RecordTemplate> {
      return write(ctx.tenantId, async (tx) => {
        const current = await lockExisting(tx, ctx.tenantId, body.id);
        if (await repo.nameTaken(tx, ctx.tenantId, current.moduleId, body.templateName, current.id)) {
          throw duplicate();
        }
        if (current.templateName === body.templateName) return toRecordTemplate(current);
        const renamed = await repo.updateTemplate(
          tx,
          ctx.tenantId,
          current.id,
          { templateName: body.templateName },
          auth.userId,
        );
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'renamed',
          before: { template_name: current.templateName },
          after: { template_name: renamed.templateName },
        });
        return toRecordTemplate(renamed);
      });
    },

    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await lockExisting(tx, ctx.tenantId, id);
        await repo.deleteTemplate(tx, ctx.tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'deleted',
          before: toRecordTemplate(current),
          after: null,
        });
      });
    },

    /**
     * The listed templates take positions 0..n-1; those left out (made meanwhile in another tab)
     * follow in their current order. An id that is not one of the app's templates is a 404.
     */
    async order(
      ctx: CallContext,
      auth: RequestAuth,
      body: OrderRecordTemplatesBody,
    ): Promise<RecordTemplate[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, body.moduleId, true);
        const rows = await repo.listTemplates(tx, ctx.tenantId, app.id, true);
        const byId = new Map(rows.map((row) => [row.id, row]));
        if (body.ids.some((id) => !byId.has(id))) throw missing();
        const listed = new Set(body.ids);
        const ordered = [
          ...body.ids.map((id) => byId.get(id)!),
          ...rows.filter((row) => !listed.has(row.id)),
        ];
        const next: TemplateRow[] = [];
        for (const [index, row] of ordered.entries()) {
          next.push(
            row.orderIndex === index
              ? row
              : await repo.updateTemplate(tx, ctx.tenantId, row.id, { orderIndex: index }, auth.userId),
          );
        }
        const summary = (list: TemplateRow[]) =>
          list.map((row) => ({ id: row.id, template_name: row.templateName, order_index: row.orderIndex }));
        if (next.some((row, index) => row !== ordered[index])) {
          await audit(tx, ctx, auth, {
            entityId: app.id,
            action: 'reordered',
            before: summary(rows),
            after: summary(next),
          });
        }
        return next.map(toRecordTemplate);
      });
    },
  };
}
