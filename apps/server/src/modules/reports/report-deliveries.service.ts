import { PassThrough } from 'node:stream';
import {
  msg,
  REPORT_EXPORT_FORMATS,
  reportDefinitionSchema,
  type ReportDelivery,
  type saveReportDeliveryBodySchema,
} from '@formloop/contracts';
import { canUseBuilder, flagsForKind, type UserKind } from '@formloop/domain';
import type { z } from 'zod';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { AppError, badField, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { organizationZone } from '../organization/index.ts';
import { acceptTimeZone } from '../profile/index.ts';
import { nextRunAfter, parseSchedule, planDueRun } from '../task-scheduler/index.ts';
import * as repo from './report-deliveries.repository.ts';
import { findVisibleReport } from './reports.repository.ts';
import type { ReportExportService } from './report-export.service.ts';

// Scheduled delivery of reports (issue 24 item 11): the owner of a report e-mails it as PDF, XLSX or
// CSV to builders of the organization on a cron schedule in a zone. Each run is claimed in the
// delivery's tenant transaction (FOR UPDATE SKIP LOCKED; only the latest due instant is sent, as the
// task scheduler's missed-run rule), then every recipient's copy is rendered as that recipient — their
// app, their columns, their rows — and mailed with the file attached.

type SaveBody = z.output<typeof saveReportDeliveryBodySchema>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const toDelivery = (row: repo.DeliveryRow): ReportDelivery => ({
  id: row.id,
  reportId: row.report_id,
  recipientIds: row.recipient_ids,
  format: row.format,
  language: row.language,
  cron: row.cron,
  timeZone: row.time_zone,
  status: row.status,
  nextRunAt: iso(row.next_run_at),
  lastRunAt: iso(row.last_run_at),
  lastOutcome: row.last_outcome,
});

export function createReportDeliveryService(db: TenantDb) {
  /** The report, when it is the caller's own (only the owner schedules its deliveries). */
  async function ownReport(ctx: CallContext, auth: RequestAuth, reportId: string) {
    return db.readInTenant(ctx.tenantId, async (tx) => {
      const report = isUuid(reportId)
        ? await findVisibleReport(tx, ctx.tenantId, auth.userId, reportId)
        : null;
      if (!report) throw notFound(msg('reports.notFound'));
      if (report.owner_id !== auth.userId) throw forbidden(msg('reports.notOwner'));
      return report;
    });
  }

  return {
    async list(ctx: CallContext, auth: RequestAuth, reportId: string): Promise<ReportDelivery[]> {
      const report = await ownReport(ctx, auth, reportId);
      return db.readInTenant(ctx.tenantId, async (tx) =>
        (await repo.deliveriesOf(tx, ctx.tenantId, report.id)).map(toDelivery),
      );
    },

    async save(ctx: CallContext, auth: RequestAuth, body: SaveBody): Promise<ReportDelivery> {
      const report = await ownReport(ctx, auth, body.reportId);
      return db.inTenant(ctx.tenantId, async (tx) => {
        const existing = body.id ? await repo.findDelivery(tx, ctx.tenantId, body.id) : null;
        if (body.id && (!existing || existing.report_id !== report.id))
          throw notFound(msg('reports.deliveryNotFound'));
        const zone = acceptTimeZone(body.timeZone ?? (await organizationZone(tx, ctx.tenantId))) ?? null;
        if (!zone) throw badField('timeZone', msg('reports.invalidTimeZone'));
        const parsed = parseSchedule(body.cron, zone);
        if ('error' in parsed)
          throw badField('cron', msg('reports.deliveryBadCron', { detail: parsed.error }));
        const recipients = await repo.recipientsAmong(tx, ctx.tenantId, body.recipientIds);
        const ok = recipients.filter(
          (user) => user.is_active && canUseBuilder(flagsForKind(user.user_kind as UserKind)),
        );
        if (ok.length !== new Set(body.recipientIds).size)
          throw badField('recipientIds', msg('reports.deliveryRecipient'));
        const id = await repo.saveDelivery(tx, ctx.tenantId, auth.userId, existing?.id ?? null, {
          reportId: report.id,
          recipientIds: [...new Set(body.recipientIds)],
          format: body.format,
          language: body.language,
          cron: body.cron,
          timeZone: zone,
          status: body.status,
          nextRunAt: body.status === 'active' ? nextRunAfter(parsed.schedule, new Date()) : null,
        });
        return toDelivery((await repo.findDelivery(tx, ctx.tenantId, id))!);
      });
    },

    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<{ id: string }> {
      const row = await db.readInTenant(ctx.tenantId, (tx) =>
        isUuid(id) ? repo.findDelivery(tx, ctx.tenantId, id) : Promise.resolve(null),
      );
      if (!row) throw notFound(msg('reports.deliveryNotFound'));
      await ownReport(ctx, auth, row.report_id);
      await db.inTenant(ctx.tenantId, (tx) => repo.deleteDelivery(tx, ctx.tenantId, row.id));
      return { id: row.id };
    },
  };
}

export interface DeliveryTickReport {
  ran: number;
  sent: number;
  failed: number;
}

/** Renders the report as one recipient and mails it to them. */
async function deliverTo(
  exports: ReportExportService,
  mailer: Mailer,
  delivery: repo.DeliveryRow,
  report: { name: string; definition: unknown },
  recipient: { id: string; email: string; user_kind: string },
  now: Date,
): Promise<void> {
  const auth: RequestAuth = {
    userId: recipient.id,
    tenantId: delivery.tenant_id,
    // No session: the server acts for the recipient; only the user id, kind and flags are read.
    sessionId: `report-delivery:${delivery.id}`,
    userKind: recipient.user_kind as UserKind,
    flags: flagsForKind(recipient.user_kind as UserKind),
    expiresAt: now,
  };
  const ctx: CallContext = {
    tenantId: delivery.tenant_id,
    requestId: `report-delivery:${delivery.id}`,
    userAgent: null,
    ipAddress: null,
  };
  const format = REPORT_EXPORT_FORMATS.includes(delivery.format) ? delivery.format : 'pdf';
  const file = await exports.prepare(ctx, auth, {
    name: report.name,
    definition: reportDefinitionSchema.parse(report.definition),
    filters: [],
    search: '',
    format,
    language: delivery.language,
    landscape: true,
  });
  let content: Buffer;
  if ('buffer' in file) content = file.buffer;
  else {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    await exports.stream(file.prepared, out);
    await done;
    content = Buffer.concat(chunks);
  }
  await mailer.send({
    to: recipient.email,
    subject: report.name,
    text: `${report.name}\n\n${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    attachments: [{ filename: `${report.name}.${format}`, content, contentType: file.type }],
  });
}

/** The deliveries' tick: every node ticks; a due delivery is claimed by one of them. */
export function createDeliveryRunner(deps: {
  db: TenantDb;
  exports: ReportExportService;
  mailer: Mailer;
  log?: (message: string, error?: unknown) => void;
}) {
  const { db, exports, mailer, log = () => undefined } = deps;

  /** Claims the run (moves next_run_at on) and answers what to send; null when not due any more. */
  const claim = (tenantId: string, id: string, now: Date) =>
    db.inTenant(tenantId, async (tx) => {
      const delivery = await repo.lockDue(tx, tenantId, id, now);
      if (!delivery?.next_run_at) return null;
      const parsed = parseSchedule(delivery.cron, delivery.time_zone);
      if ('error' in parsed) {
        await repo.recordDeliveryRun(tx, tenantId, id, { lastRunAt: now, nextRunAt: null, status: 'paused' });
        await repo.setDeliveryOutcome(tx, tenantId, id, parsed.error);
        return null;
      }
      const plan = planDueRun(parsed.schedule, new Date(delivery.next_run_at), now);
      if (!plan) return null;
      await repo.recordDeliveryRun(tx, tenantId, id, { lastRunAt: plan.runAt, nextRunAt: plan.nextRunAt });
      // The owner's report: what it is made of; each copy is then read as its recipient.
      const report = await findVisibleReport(tx, tenantId, delivery.owner_id, delivery.report_id);
      const recipients = await repo.recipientsAmong(tx, tenantId, delivery.recipient_ids);
      return { delivery, report, recipients, runAt: plan.runAt };
    });

  return {
    async tick(now: Date = new Date()): Promise<DeliveryTickReport> {
      const report: DeliveryTickReport = { ran: 0, sent: 0, failed: 0 };
      const due = await repo.dueDeliveries(db.global, now, 50);
      for (const { id, tenant_id: tenantId } of due) {
        let claimed: Awaited<ReturnType<typeof claim>>;
        try {
          claimed = await claim(tenantId, id, now);
        } catch (error) {
          log(`report delivery ${id} could not be claimed`, error);
          continue;
        }
        if (!claimed) continue;
        report.ran += 1;
        let sent = 0;
        const problems: string[] = [];
        for (const recipient of claimed.recipients) {
          if (!claimed.report) break;
          // A recipient who left or lost the builder role gets nothing (their permissions now decide).
          if (!recipient.is_active || !canUseBuilder(flagsForKind(recipient.user_kind as UserKind))) continue;
          try {
            await deliverTo(exports, mailer, claimed.delivery, claimed.report, recipient, now);
            sent += 1;
          } catch (error) {
            problems.push(error instanceof AppError ? error.message : 'The report could not be sent.');
            if (!(error instanceof AppError)) log(`report delivery ${id} to ${recipient.id} failed`, error);
          }
        }
        report.sent += sent;
        if (problems.length || !claimed.report) report.failed += 1;
        const outcome = !claimed.report
          ? 'The report no longer exists.'
          : `Sent to ${sent} of ${claimed.recipients.length}.${problems.length ? ` ${problems[0]}` : ''}`;
        await db
          .inTenant(tenantId, (tx) => repo.setDeliveryOutcome(tx, tenantId, id, outcome))
          .catch(() => undefined);
      }
      return report;
    },
  };
}

export type DeliveryRunner = ReturnType<typeof createDeliveryRunner>;
