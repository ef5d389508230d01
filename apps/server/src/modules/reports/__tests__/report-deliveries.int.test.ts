import pg from 'pg';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_PATHS,
  reportDeliveriesPath,
  reportDeliveryDeletePath,
  type ReportDelivery,
} from '@formloop/contracts';
import { createTenantDb } from '../../../platform/database/tenant-db.ts';
import { createMailer } from '../../../platform/mail/mailer.ts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { startSmtpCapture } from '../../../../test/smtp-capture.ts';
import { userId, type People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { createReportService } from '../reports.service.ts';
import { createReportExportService } from '../report-export.service.ts';
import { createDeliveryRunner } from '../report-deliveries.service.ts';
import { arrangeReportWorld } from './report-fixtures.ts';

// Scheduled delivery (issue 24 item 11) against real PostgreSQL and a real SMTP server: a report
// mailed as PDF on a cron schedule in the organization zone, each copy rendered as its recipient
// and read back with pdf-parse (the totals are there); one run per due instant across two nodes.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let pool: pg.Pool;

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
  smtp = await startSmtpCapture();
  pool = new pg.Pool({ connectionString: server.appRoleUrl, max: 3 });
});
afterAll(async () => {
  await pool?.end();
  await smtp?.close();
  await server?.close();
});

function node() {
  const db = createTenantDb(pool);
  const exports = createReportExportService(db, createReportService(db));
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'reports@formloop.test',
    dataDir: '/tmp',
    log: () => undefined,
  });
  return createDeliveryRunner({ db, exports, mailer });
}

describe('scheduled delivery', () => {
  it('mails the report as a PDF at its time, rendered for each recipient, once per due run', async () => {
    const saved = await people.fred.post(REPORT_PATHS.save, {
      name: 'Weekly amounts',
      definition: {
        moduleId: appId,
        groupBy: [{ field: 'city' }],
        measures: [{ aggregate: 'sum', field: 'amount' }],
        totals: true,
      },
    });
    const reportId = saved.json().data.id as string;
    const cora = await userId(server, 'cora');
    const uma = await userId(server, 'uma');
    // An ordinary user cannot receive it: reports are for builders.
    const refused = await people.fred.post(REPORT_PATHS.saveDelivery, {
      reportId,
      recipientIds: [uma],
      cron: '0 7 * * 1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Every recipient must be an active full user or consultant of this organization.',
    );
    const bad = await people.fred.post(REPORT_PATHS.saveDelivery, {
      reportId,
      recipientIds: [cora],
      cron: '99 * * * *',
    });
    expect(bad.statusCode).toBe(400);
    // Only the owner schedules it; other tenants do not see it.
    expect(
      (
        await people.cora.post(REPORT_PATHS.saveDelivery, {
          reportId,
          recipientIds: [cora],
          cron: '0 7 * * 1',
        })
      ).statusCode,
    ).toBe(404);
    expect((await gina.get(reportDeliveriesPath(reportId))).statusCode).toBe(404);

    const res = await people.fred.post(REPORT_PATHS.saveDelivery, {
      reportId,
      recipientIds: [cora],
      cron: '0 7 * * 1',
      format: 'pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const delivery = res.json().data as ReportDelivery;
    // Mondays 07:00 in the organization zone (Europe/Berlin).
    expect(delivery.timeZone).toBe('Europe/Berlin');
    const due = new Date(delivery.nextRunAt!);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(due),
    ).toBe('Mon 07:00');

    const [a, b] = [node(), node()];
    expect(await a.tick(new Date(due.getTime() - 60_000))).toEqual({ ran: 0, sent: 0, failed: 0 });
    // Two nodes tick at once: one sends.
    const reports = await Promise.all([
      a.tick(new Date(due.getTime() + 60_000)),
      b.tick(new Date(due.getTime() + 60_000)),
    ]);
    expect(reports.map((r) => r.sent).reduce((x, y) => x + y)).toBe(1);
    const mail = await smtp.waitFor('cora');
    expect(mail.subject).toBe('Weekly amounts');
    const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf');
    expect(pdf?.filename).toBe('Weekly amounts.pdf');
    const text = (await new PDFParse({ data: new Uint8Array(pdf!.content) }).getText()).text;
    expect(text).toContain('Weekly amounts');
    expect(text).toMatch(/Berlin\s+30/);
    expect(text).toMatch(/Total\s+142/);
    const after = (await people.fred.get(reportDeliveriesPath(reportId))).json().data as ReportDelivery[];
    expect(after[0]!.lastOutcome).toBe('Sent to 1 of 1.');
    expect(new Date(after[0]!.nextRunAt!).getTime() - due.getTime()).toBe(7 * 24 * 3600_000);
    expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes('cora'))).toHaveLength(1);

    const gone = await people.fred.post(reportDeliveryDeletePath(delivery.id));
    expect(gone.statusCode).toBe(200);
    expect((await people.fred.get(reportDeliveriesPath(reportId))).json().data).toEqual([]);
  });
});
