import { eq, sql } from 'drizzle-orm';
import { organizationPreferences } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).

export interface PreferenceRow {
  timeZone: string;
  dateFormat: string;
  datetimeFormat: string;
  timeFormat: string;
}

const columns = {
  timeZone: organizationPreferences.timeZone,
  dateFormat: organizationPreferences.dateFormat,
  datetimeFormat: organizationPreferences.datetimeFormat,
  timeFormat: organizationPreferences.timeFormat,
};

/** The tenant's stored preference, or null while it has never saved one (the spec defaults apply). */
export async function findPreference(tx: TenantTx, tenantId: string): Promise<PreferenceRow | null> {
  const rows = await tx
    .select(columns)
    .from(organizationPreferences)
    .where(eq(organizationPreferences.tenantId, tenantId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The tenant's row, created with the column defaults (the spec's) when missing, and locked for
 * the rest of the transaction: two administrators saving at once then audit a true before/after.
 */
export async function lockPreference(tx: TenantTx, tenantId: string): Promise<PreferenceRow> {
  await tx.insert(organizationPreferences).values({ tenantId }).onConflictDoNothing();
  const rows = await tx
    .select(columns)
    .from(organizationPreferences)
    .where(eq(organizationPreferences.tenantId, tenantId))
    .for('update');
  const row = rows[0];
  if (!row) throw new Error('organization preference row vanished inside its transaction');
  return row;
}

export async function updatePreference(
  tx: TenantTx,
  tenantId: string,
  changes: Partial<PreferenceRow>,
  modifiedBy: string,
): Promise<void> {
  await tx
    .update(organizationPreferences)
    .set({ ...changes, modifiedBy, modifiedAt: sql`now()` })
    .where(eq(organizationPreferences.tenantId, tenantId));
}
