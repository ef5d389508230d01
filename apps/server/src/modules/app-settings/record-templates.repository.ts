import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import { recordTemplates } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Record templates: named, ordered sets of field values per app. Tenant first, like every repository.

export type TemplateRow = {
  id: string;
  moduleId: string;
  templateName: string;
  data: Record<string, unknown>;
  orderIndex: number;
  createdOn: Date;
  modifiedOn: Date;
};

const columns = {
  id: recordTemplates.id,
  moduleId: recordTemplates.moduleId,
  templateName: recordTemplates.templateName,
  data: recordTemplates.data,
  orderIndex: recordTemplates.orderIndex,
  createdOn: recordTemplates.createdOn,
  modifiedOn: recordTemplates.modifiedOn,
};

const ofModule = (tenantId: string, moduleId: string) =>
  and(eq(recordTemplates.tenantId, tenantId), eq(recordTemplates.moduleId, moduleId));

/** An app's templates in their order; equal positions fall back to the name, then the id. */
export async function listTemplates(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  lock = false,
): Promise<TemplateRow[]> {
  const query = tx
    .select(columns)
    .from(recordTemplates)
    .where(ofModule(tenantId, moduleId))
    .orderBy(
      asc(recordTemplates.orderIndex),
      sql`lower(${recordTemplates.templateName})`,
      asc(recordTemplates.id),
    );
  return lock ? await query.for('update') : await query;
}

/** One template, row-locked for the rest of the transaction (rename and delete race otherwise). */
export async function lockTemplate(tx: TenantTx, tenantId: string, id: string): Promise<TemplateRow | null> {
  const rows = await tx
    .select(columns)
    .from(recordTemplates)
    .where(and(eq(recordTemplates.tenantId, tenantId), eq(recordTemplates.id, id)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** Whether another template of the app has this name, ignoring case like the unique index. */
export async function nameTaken(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await tx
    .select({ id: recordTemplates.id })
    .from(recordTemplates)
    .where(
      and(
        ofModule(tenantId, moduleId),
        sql`lower(${recordTemplates.templateName}) = lower(${name})`,
        exceptId ? ne(recordTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function nextOrderIndex(tx: TenantTx, tenantId: string, moduleId: string): Promise<number> {
  const [row] = await tx
    .select({ top: max(recordTemplates.orderIndex) })
    .from(recordTemplates)
    .where(ofModule(tenantId, moduleId));
  const top = row?.top;
  return top === null || top === undefined ? 0 : top + 1;
}

export async function insertTemplate(
  tx: TenantTx,
  tenantId: string,
  values: {
    moduleId: string;
    templateName: string;
    data: Record<string, unknown>;
    orderIndex: number;
    userId: string;
  },
): Promise<TemplateRow> {
  const rows = await tx
    .insert(recordTemplates)
    .values({
      tenantId,
      moduleId: values.moduleId,
      templateName: values.templateName,
      data: values.data,
      orderIndex: values.orderIndex,
      createdBy: values.userId,
      modifiedBy: values.userId,
    })
    .returning(columns);
  return rows[0]!;
}

export async function updateTemplate(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: { templateName?: string; orderIndex?: number },
  userId: string,
): Promise<TemplateRow> {
  const rows = await tx
    .update(recordTemplates)
    .set({ ...changes, modifiedBy: userId, modifiedOn: new Date() })
    .where(and(eq(recordTemplates.tenantId, tenantId), eq(recordTemplates.id, id)))
    .returning(columns);
  return rows[0]!;
}

export async function deleteTemplate(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx
    .delete(recordTemplates)
    .where(and(eq(recordTemplates.tenantId, tenantId), eq(recordTemplates.id, id)));
}
