import { eq, sql } from 'drizzle-orm';
import { tenants } from '@formloop/db';
import type { Db } from '../../platform/database/tenant-db.ts';

export type TenantRow = typeof tenants.$inferSelect;

export function createTenantRepository(db: Db) {
  return {
    async findByLabel(label: string): Promise<TenantRow | null> {
      const rows = await db
        .select()
        .from(tenants)
        .where(eq(sql`lower(${tenants.label})`, label.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type TenantRepository = ReturnType<typeof createTenantRepository>;
