import { and, eq, sql, type SQL } from 'drizzle-orm';
import { emailSendLog } from '@formloop/db';
import type { EmailTemplateText } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// SQL of workflow event notices, tenant first: what a notice is worded with (one statement), the
// open tasks of a commented record, and the e-mail send log.

const uuidList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::uuid)`;
const textList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export interface NoticeFacts {
  app_name: string;
  actor_name: string | null;
  created_by: string | null;
  /** The rest only when e-mails are wanted. */
  mail: MailFacts | null;
}

export interface MailFacts {
  tenant_label: string;
  data: Record<string, unknown>;
  created_by_name: string | null;
  created_on: Date | string | null;
  modified_on: Date | string | null;
  /** The app's stored templates of the events asked for (an event without one uses the default). */
  templates: Array<EmailTemplateText & { event: string }>;
  /** Active users among those asked for, with their addresses and languages (null: never chosen). */
  addresses: Array<{ id: string; email: string; language: string | null }>;
}

/**
 * Everything a batch of notices about one record needs, in one statement: the app's and the
 * actor's names, the record's creator and — when e-mails go out — the record's values, the
 * templates of their events and the recipients' addresses. Null when the app is gone.
 */
export async function readNoticeFacts(
  tx: TenantTx,
  tenantId: string,
  about: {
    moduleId: string;
    recordId: string;
    actorId: string | null;
    mail: { events: string[]; userIds: string[] } | null;
  },
): Promise<NoticeFacts | null> {
  const { mail } = about;
  const mailColumns = mail
    ? sql`, json_build_object(
          'tenant_label', (SELECT t.label FROM tenants t WHERE t.id = ${tenantId}),
          'data', r.data,
          'created_by_name', (SELECT u.fullname FROM users u WHERE u.tenant_id = ${tenantId} AND u.id = r.created_by),
          'created_on', r.created_on,
          'modified_on', r.modified_on,
          'templates', (SELECT coalesce(json_agg(json_build_object('event', e.event, 'subject', e.subject, 'body', e.body)), '[]'::json)
                        FROM module_email_templates e
                        WHERE e.tenant_id = ${tenantId} AND e.module_id = m.id AND e.event IN ${textList(mail.events)}),
          'addresses', (SELECT coalesce(json_agg(json_build_object('id', u.id, 'email', u.email, 'language', u.language)), '[]'::json)
                        FROM users u
                        WHERE u.tenant_id = ${tenantId} AND u.is_active AND u.id IN ${uuidList(mail.userIds)})
        ) AS mail`
    : sql`, NULL::json AS mail`;
  const result = await tx.execute<NoticeFacts & Record<string, unknown>>(sql`
    SELECT m.display_name AS app_name,
      (SELECT u.fullname FROM users u WHERE u.tenant_id = ${tenantId} AND u.id = ${about.actorId}::uuid) AS actor_name,
      r.created_by ${mailColumns}
    FROM modules m LEFT JOIN records r
      ON r.tenant_id = ${tenantId} AND r.module_id = ${about.moduleId} AND r.id = ${about.recordId}
    WHERE m.tenant_id = ${tenantId} AND m.id = ${about.moduleId}`);
  return result.rows[0] ?? null;
}

/** Who has an open task on the record (each assignee with the task), oldest task first. */
export async function openTaskAssignees(
  tx: TenantTx,
  tenantId: string,
  recordId: string,
): Promise<Array<{ taskId: string; userId: string }>> {
  const result = await tx.execute<{ task_id: string; user_id: string }>(sql`
    SELECT t.id AS task_id, a.user_id
    FROM workflow_tasks t
    JOIN workflow_task_assignees a ON a.tenant_id = t.tenant_id AND a.task_id = t.id
    WHERE t.tenant_id = ${tenantId} AND t.record_id = ${recordId} AND t.status = 'Open'
    ORDER BY t.started_on, t.id`);
  return result.rows.map((row) => ({ taskId: row.task_id, userId: row.user_id }));
}

export type NewEmailLog = Pick<
  typeof emailSendLog.$inferInsert,
  'id' | 'tenantId' | 'moduleId' | 'recordId' | 'event' | 'recipients' | 'subject'
>;

/** The send log rows of an event's e-mails, queued (one statement for all). */
export async function insertEmailLogs(tx: TenantTx, rows: NewEmailLog[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(emailSendLog).values(rows.map((row) => ({ ...row, status: 'queued' })));
}

export type EmailLogRow = typeof emailSendLog.$inferSelect;

export async function findEmailLog(tx: TenantTx, tenantId: string, id: string): Promise<EmailLogRow | null> {
  const rows = await tx
    .select()
    .from(emailSendLog)
    .where(and(eq(emailSendLog.tenantId, tenantId), eq(emailSendLog.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** What a try to send came to: sent, or failed (for good once `status` says so). */
export async function recordEmailAttempt(
  tx: TenantTx,
  tenantId: string,
  id: string,
  outcome: { status: 'sent' | 'queued' | 'failed'; attempts: number; error: string | null },
): Promise<void> {
  await tx
    .update(emailSendLog)
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      error: outcome.error,
      ...(outcome.status === 'sent' ? { sentOn: new Date() } : {}),
    })
    .where(and(eq(emailSendLog.tenantId, tenantId), eq(emailSendLog.id, id)));
}
