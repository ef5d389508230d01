import type PgBoss from 'pg-boss';
import type { Config } from '../../platform/config/config.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { tenantUrl } from '../../platform/tenancy/host.ts';
import { EVENT_MAIL_QUEUE, renderEventMail, type EventMailJob } from './event-mail.ts';
import { findEmailLog, recordEmailAttempt } from './workflow-notices.repository.ts';

// Sends the e-mails of workflow events (queued by workflow-notices.service.ts in the event's own
// transaction) and keeps their send log: sent with its time, or each failed try's error, and
// 'failed' once pg-boss has spent the retries. A mail already logged as sent is not sent again
// (a job run twice after a crash between the send and the log).

type Sanitise = (html: string) => string;
let purifier: Promise<Sanitise> | null = null;
// Loaded on first use: DOMPurify brings a DOM (jsdom) that a node sending no mail never needs. The
// template's own markup is an administrator's; it is cleaned here, the values in it are escaped.
const loadPurifier = (): Promise<Sanitise> =>
  (purifier ??= import('isomorphic-dompurify').then(
    ({ sanitize }) =>
      (html: string) =>
        sanitize(html),
  ));

/**
 * Where a tenant's task links point: its host `{tenant}.{BASE_DOMAIN}` over https; on a localhost
 * deployment over http with the server's port. (There is no request to take the address from.)
 */
export function tenantLinkOrigin(config: Pick<Config, 'BASE_DOMAIN' | 'PORT'>): (label: string) => string {
  const local = config.BASE_DOMAIN === 'localhost';
  return (label) =>
    tenantUrl(label, config.BASE_DOMAIN, local ? 'http' : 'https', local ? `:${config.PORT}` : undefined);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Works the event mail queue (every node does). */
export async function startEventMailWorker(options: {
  boss: PgBoss;
  db: TenantDb;
  mailer: Mailer;
  linkOrigin: (tenantLabel: string) => string;
  log: (message: string, error?: unknown) => void;
}): Promise<void> {
  const { boss, db, mailer } = options;
  await boss.createQueue(EVENT_MAIL_QUEUE);
  await boss.work<EventMailJob>(EVENT_MAIL_QUEUE, { includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const mail = job.data;
    const attempts = job.retryCount + 1;
    const logged = await db.readInTenant(mail.tenantId, (tx) => findEmailLog(tx, mail.tenantId, mail.logId));
    if (!logged || logged.status === 'sent') return;
    try {
      const message = renderEventMail(mail, options.linkOrigin(mail.tenantLabel));
      const sanitise = await loadPurifier();
      await mailer.send({ ...message, html: message.html && sanitise(message.html) });
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      await db.inTenant(mail.tenantId, (tx) =>
        recordEmailAttempt(tx, mail.tenantId, mail.logId, {
          status: final ? 'failed' : 'queued',
          attempts,
          error: errorText(error),
        }),
      );
      if (!final) throw error; // pg-boss tries again, with backoff
      options.log(`event mail ${mail.logId} failed for good`, error);
      return;
    }
    await db.inTenant(mail.tenantId, (tx) =>
      recordEmailAttempt(tx, mail.tenantId, mail.logId, { status: 'sent', attempts, error: null }),
    );
  });
}
