import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { moduleEmailTemplates, modules, recordTemplates, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern } from '../../platform/database/sql-helpers.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall). The modules table
// belongs to the apps module: this file reads it and writes only is_reassignment_disabled.

/** The parts of an app row (modules, read through the apps module) this module uses. */
export interface AppRow {
  id: string;
  displayName: string;
  moduleDraft: Record<string, unknown>;
  modulePublished: Record<string, unknown> | null;
  moduleVersion: number;
  isReassignmentDisabled: boolean;
}

export async function setReassignmentDisabled(
  tx: TenantTx,
  tenantId: string,
  id: string,
  disabled: boolean,
): Promise<void> {
  await tx
    .update(modules)
    .set({ isReassignmentDisabled: disabled })
    .where(and(eq(modules.tenantId, tenantId), eq(modules.id, id)));
}

// ---- e-mail templates ----

export type EmailTemplateRow = {
  event: string;
  subject: string;
  body: string;
  modifiedOn: Date;
};

const templateColumns = {
  event: moduleEmailTemplates.event,
  subject: moduleEmailTemplates.subject,
  body: moduleEmailTemplates.body,
  modifiedOn: moduleEmailTemplates.modifiedOn,
};

export async function listEmailTemplates(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
): Promise<EmailTemplateRow[]> {
  return tx
    .select(templateColumns)
    .from(moduleEmailTemplates)
    .where(and(eq(moduleEmailTemplates.tenantId, tenantId), eq(moduleEmailTemplates.moduleId, moduleId)));
}

/** Inserts or replaces the template of one event (the primary key is module + event). */
export async function upsertEmailTemplate(
  tx: TenantTx,
  tenantId: string,
  values: { moduleId: string; event: string; subject: string; body: string; userId: string },
): Promise<EmailTemplateRow> {
  const now = new Date();
  const rows = await tx
    .insert(moduleEmailTemplates)
    .values({
      tenantId,
      moduleId: values.moduleId,
      event: values.event,
      subject: values.subject,
      body: values.body,
      modifiedBy: values.userId,
      modifiedOn: now,
    })
    .onConflictDoUpdate({
      target: [moduleEmailTemplates.moduleId, moduleEmailTemplates.event],
      set: { subject: values.subject, body: values.body, modifiedBy: values.userId, modifiedOn: now },
    })
    .returning(templateColumns);
  return rows[0]!;
}

export async function countRecordTemplates(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(recordTemplates)
    .where(and(eq(recordTemplates.tenantId, tenantId), eq(recordTemplates.moduleId, moduleId)));
  return row?.n ?? 0;
}

// ---- user lookups ----

export interface UserLookupFilter {
  search: string;
  /** Only these ids (already checked to be UUIDs); undefined = any user. */
  ids: string[] | undefined;
  offset: number;
  limit: number;
}

/** A page of the tenant's active users matching the filter, by full name then user name, and how many match. */
export async function lookupActiveUsers(tx: TenantTx, tenantId: string, filter: UserLookupFilter) {
  const pattern = filter.search === '' ? null : containsPattern(filter.search);
  const where = and(
    eq(users.tenantId, tenantId),
    eq(users.isActive, true),
    filter.ids ? inArray(users.id, filter.ids) : undefined,
    pattern
      ? or(ilike(users.username, pattern), ilike(users.fullname, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const rows = await tx
    .select({ id: users.id, username: users.username, fullname: users.fullname, email: users.email })
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.fullname})`, sql`lower(${users.username})`, asc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}
