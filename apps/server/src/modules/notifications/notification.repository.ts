import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdOn' | 'readOn'>;

const mine = (tenantId: string, userId: string) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId));

export async function listPage(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  offset: number,
  limit: number,
) {
  return tx
    .select()
    .from(notifications)
    .where(mine(tenantId, userId))
    .orderBy(desc(notifications.createdOn), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

export async function counts(tx: TenantTx, tenantId: string, userId: string) {
  const rows = await tx
    .select({
      open: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readOn} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(mine(tenantId, userId));
  return rows[0] ?? { open: 0, unread: 0 };
}

export async function findOne(tx: TenantTx, tenantId: string, userId: string, id: string) {
  const rows = await tx
    .select()
    .from(notifications)
    .where(and(mine(tenantId, userId), eq(notifications.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function markRead(tx: TenantTx, tenantId: string, userId: string, id: string) {
  const rows = await tx
    .update(notifications)
    .set({ readOn: new Date() })
    .where(and(mine(tenantId, userId), eq(notifications.id, id), isNull(notifications.readOn)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(tx: TenantTx, tenantId: string, userId: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readOn: new Date() })
    .where(and(mine(tenantId, userId), isNull(notifications.readOn)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Writes notices whose ids are chosen already (their pushes name them): one statement for all. */
export async function insertMany(
  tx: TenantTx,
  values: Array<NewNotification & { id: string }>,
): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return tx.insert(notifications).values(values).returning();
}
