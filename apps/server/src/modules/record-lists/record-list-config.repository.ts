import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { schema } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// The record list's table configuration (setuserconfig, applyconfigalluser): one row per user, app
// and tab, or for every user of the app when user_id is null.

const { recordListConfigs: configs } = schema;

export interface ConfigRow {
  userId: string | null;
  data: Record<string, unknown>;
}

/** The caller's own row and the everyone row of one app and tab (at most two). */
export async function findConfigs(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  userId: string,
  tabConfig: string,
): Promise<ConfigRow[]> {
  return tx
    .select({ userId: configs.userId, data: configs.data })
    .from(configs)
    .where(
      and(
        eq(configs.tenantId, tenantId),
        eq(configs.moduleId, moduleId),
        eq(configs.tabConfig, tabConfig),
        or(eq(configs.userId, userId), isNull(configs.userId)),
      ),
    );
}

/** Writes the configuration of one user (or of everyone, userId null). */
export async function upsertConfig(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  userId: string | null,
  tabConfig: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(configs)
    .values({ tenantId, moduleId, userId, tabConfig, data })
    .onConflictDoUpdate({
      target: [configs.moduleId, configs.userId, configs.tabConfig],
      set: { data, modifiedOn: new Date() },
    });
}

/** Removes every user's own configuration of one app and tab; answers how many there were. */
export async function deletePersonalConfigs(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  tabConfig: string,
): Promise<number> {
  const deleted = await tx
    .delete(configs)
    .where(
      and(
        eq(configs.tenantId, tenantId),
        eq(configs.moduleId, moduleId),
        eq(configs.tabConfig, tabConfig),
        isNotNull(configs.userId),
      ),
    )
    .returning({ userId: configs.userId });
  return deleted.length;
}
