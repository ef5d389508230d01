import { and, desc, eq, sql } from 'drizzle-orm';
import {
  moduleCategories,
  moduleEmailTemplates,
  moduleVersions,
  modules,
  recordTemplates,
  tenants,
  users,
} from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { nameTakenIn } from '../../platform/database/unique-name.ts';

// One app (a row of modules) and what hangs off it. Tenant first, and filtered on it, like every
// repository (RLS is the second wall).

export type AppRow = typeof modules.$inferSelect;
export type NewApp = Omit<
  typeof modules.$inferInsert,
  'id' | 'tenantId' | 'createdBy' | 'modifiedBy' | 'createdOn' | 'modifiedOn'
>;
export type AppChanges = Partial<NewApp>;

const inTenant = (tenantId: string) => eq(modules.tenantId, tenantId);

/** One app of the tenant; locked for the rest of the transaction when it is about to change. */
export async function findApp(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<AppRow | null> {
  const query = tx
    .select()
    .from(modules)
    .where(and(inTenant(tenantId), eq(modules.id, id)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Whether another app of the tenant has this name, compared like the unique index (ignoring case). */
export const nameTaken = (tx: TenantTx, tenantId: string, name: string, exceptId: string | null) =>
  nameTakenIn(
    tx,
    { table: modules, id: modules.id, tenantId: modules.tenantId, name: modules.displayName },
    tenantId,
    name,
    exceptId,
  );

export async function insertApp(
  tx: TenantTx,
  tenantId: string,
  values: NewApp,
  userId: string,
): Promise<AppRow> {
  const rows = await tx
    .insert(modules)
    .values({ ...values, tenantId, createdBy: userId, modifiedBy: userId })
    .returning();
  return rows[0]!;
}

/** Applies the changes and stamps the app as modified now by `userId`; answers the stored row. */
export async function updateApp(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: AppChanges,
  userId: string,
): Promise<AppRow> {
  const rows = await tx
    .update(modules)
    .set({ ...changes, modifiedBy: userId, modifiedOn: new Date() })
    .where(and(inTenant(tenantId), eq(modules.id, id)))
    .returning();
  return rows[0]!;
}

/** Deletes the app; its versions, templates, favourites and usage go with it (ON DELETE CASCADE). */
export async function deleteApp(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(modules).where(and(inTenant(tenantId), eq(modules.id, id)));
}

/** Whether the id names one of the tenant's app groups. */
export async function categoryExists(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: moduleCategories.id })
    .from(moduleCategories)
    .where(and(eq(moduleCategories.tenantId, tenantId), eq(moduleCategories.id, id)))
    .limit(1);
  return rows.length > 0;
}

/** The feature licences the tenant holds, read in the transaction (the resolver's copy may be 5 s old). */
export async function featureLicences(tx: TenantTx, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ licences: tenants.featureLicences })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return rows[0]?.licences ?? [];
}

// ---- versions and templates ----

export async function insertVersion(
  tx: TenantTx,
  tenantId: string,
  version: {
    moduleId: string;
    moduleVersion: number;
    module: Record<string, unknown>;
    workflow: Record<string, unknown> | null;
    publishedBy: string;
    publishedOn: Date;
  },
): Promise<void> {
  await tx.insert(moduleVersions).values({ tenantId, ...version });
}

/** Every published version of the app, newest first, with the publisher's name. */
export async function listVersions(tx: TenantTx, tenantId: string, moduleId: string) {
  return tx
    .select({
      moduleVersion: moduleVersions.moduleVersion,
      publishedOn: moduleVersions.publishedOn,
      publishedByName: users.fullname,
    })
    .from(moduleVersions)
    .leftJoin(users, and(eq(users.id, moduleVersions.publishedBy), eq(users.tenantId, tenantId)))
    .where(and(eq(moduleVersions.tenantId, tenantId), eq(moduleVersions.moduleId, moduleId)))
    .orderBy(desc(moduleVersions.moduleVersion));
}

export async function listEmailTemplates(tx: TenantTx, tenantId: string, moduleId: string) {
  return tx
    .select({
      event: moduleEmailTemplates.event,
      subject: moduleEmailTemplates.subject,
      body: moduleEmailTemplates.body,
    })
    .from(moduleEmailTemplates)
    .where(and(eq(moduleEmailTemplates.tenantId, tenantId), eq(moduleEmailTemplates.moduleId, moduleId)))
    .orderBy(moduleEmailTemplates.event);
}

/** Copies the source app's e-mail and record templates onto a new app (CopyFrom). */
export async function copyTemplates(
  tx: TenantTx,
  tenantId: string,
  fromId: string,
  toId: string,
  userId: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${moduleEmailTemplates} (tenant_id, module_id, event, subject, body, modified_by)
    select tenant_id, ${toId}, event, subject, body, ${userId}
      from ${moduleEmailTemplates}
     where tenant_id = ${tenantId} and module_id = ${fromId}`);
  await tx.execute(sql`
    insert into ${recordTemplates} (tenant_id, module_id, template_name, data, order_index, created_by, modified_by)
    select tenant_id, ${toId}, template_name, data, order_index, ${userId}, ${userId}
      from ${recordTemplates}
     where tenant_id = ${tenantId} and module_id = ${fromId}`);
}
