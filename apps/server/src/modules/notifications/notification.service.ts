import { msg } from '@formloop/contracts';
import { randomUUID } from 'node:crypto';
import type { Notification } from '@formloop/contracts';
import { NOTIFICATION_PAGE_SIZE } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  NOTIFICATION_TARGET,
  publishMany,
  type NotificationPush,
} from '../../platform/realtime/hub-publish.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { fitNotice } from './notification-push.ts';
import * as repo from './notification.repository.ts';

export function toNotification(row: repo.NotificationRow, now = Date.now()): Notification {
  return {
    id: row.id,
    notification_content: row.content,
    notification_type_name: row.typeName,
    current_step: row.currentStep,
    task_id: row.taskId,
    module_id: row.moduleId,
    record_id: row.recordId,
    record_created_by: row.recordCreatedBy,
    created_on: row.createdOn.toISOString(),
    time_since: Math.max(0, Math.floor((now - row.createdOn.getTime()) / 1000)),
    read_on: row.readOn?.toISOString() ?? null,
    notification_params: row.params,
  };
}

/** What the hub pushes to the reader of a notification (ReceiveNotification). */
export const pushOf = (notice: repo.NewNotification & { id: string }): NotificationPush => ({
  content: notice.content,
  moduleId: notice.moduleId ?? null,
  recordId: notice.recordId ?? null,
  notificationId: notice.id,
  type: notice.typeName,
  params: notice.params ?? {},
});

/**
 * Other modules call this inside their own transaction, so the notices commit with the event: one
 * statement writes them all, and each is pushed to its reader through the hub (NOTIFY, delivered
 * on commit, never on rollback). Notices are cut to what a push may carry (notification-push.ts).
 */
export async function notifyUsers(tx: TenantTx, notices: repo.NewNotification[]): Promise<Notification[]> {
  if (notices.length === 0) return [];
  const rows = notices.map((notice) =>
    fitNotice({ ...notice, params: notice.params ?? {}, id: randomUUID() }, pushOf),
  );
  // Two independent statements on one connection: issued together, they travel back to back.
  const [inserted] = await Promise.all([
    repo.insertMany(tx, rows),
    publishMany(
      tx,
      rows.map((row) => ({
        tenantId: row.tenantId,
        userIds: [row.userId],
        target: NOTIFICATION_TARGET,
        args: [pushOf(row)],
      })),
    ),
  ]);
  const now = Date.now();
  return inserted.map((row) => toNotification(row, now));
}

export async function notifyUser(tx: TenantTx, notice: repo.NewNotification): Promise<Notification> {
  const [notification] = await notifyUsers(tx, [notice]);
  return notification!;
}

export function createNotificationService(db: TenantDb) {
  return {
    async list(ctx: CallContext, auth: RequestAuth, page: number) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const rows = await repo.listPage(
          tx,
          ctx.tenantId,
          auth.userId,
          (page - 1) * NOTIFICATION_PAGE_SIZE,
          NOTIFICATION_PAGE_SIZE,
        );
        const { open, unread } = await repo.counts(tx, ctx.tenantId, auth.userId);
        const now = Date.now();
        return { notif: rows.map((row) => toNotification(row, now)), unread, open };
      });
    },

    async detail(ctx: CallContext, auth: RequestAuth, id: string): Promise<Notification> {
      const row = await db.inTenant(ctx.tenantId, (tx) => repo.findOne(tx, ctx.tenantId, auth.userId, id));
      if (!row) throw notFound(msg('server.notificationNotFound'));
      return toNotification(row);
    },

    /** Opening a notification marks it read; reading one twice changes nothing. */
    async markRead(ctx: CallContext, auth: RequestAuth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const row = await repo.findOne(tx, ctx.tenantId, auth.userId, id);
        if (!row) throw notFound(msg('server.notificationNotFound'));
        if (!(await repo.markRead(tx, ctx.tenantId, auth.userId, id))) return;
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: auth.userId,
          entity: 'notification',
          entityId: id,
          action: 'read',
          before: { read_on: null },
          after: { read_on: new Date().toISOString() },
          requestId: ctx.requestId,
        });
      });
    },

    async markAllRead(ctx: CallContext, auth: RequestAuth): Promise<number> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const changed = await repo.markAllRead(tx, ctx.tenantId, auth.userId);
        if (changed > 0) {
          await appendAudit(tx, {
            tenantId: ctx.tenantId,
            userId: auth.userId,
            entity: 'notification',
            entityId: auth.userId,
            action: 'read-all',
            after: { marked: changed },
            requestId: ctx.requestId,
          });
        }
        return changed;
      });
    },
  };
}
