import { randomUUID } from 'node:crypto';
import {
  effectiveEmailTemplate,
  escapeHtml,
  isEmailTemplateEvent,
  languageOrNull,
  DEFAULT_LANGUAGE,
  placeholdersIn,
  renderEmailTemplate,
  templateValueText,
  TASK_LINK_FIELD,
  type EmailTemplateEvent,
  type Language,
} from '@formloop/domain';
import { isoTimestampOrNull } from '../../platform/database/timestamps.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { PlannedMail } from './notice-plan.ts';
import type { MailFacts, NewEmailLog } from './workflow-notices.repository.ts';

// E-mails of workflow events (spec §3 "Email templates per event"): the event's transaction picks
// the app's template (the default where it stores none), renders the subject for the send log and
// takes a snapshot of the values the body names; the worker renders the body — adding the task
// link, whose address only the deployment knows — and sends it. Values are escaped in the HTML body
// (domain renderEmailTemplate), so a record's values can never add markup to someone's mail.

export const EVENT_MAIL_QUEUE = 'workflow-event-mail';
export const EVENT_MAIL_RETRY_LIMIT = 3;

/** What the worker needs to render and send one e-mail. */
export interface EventMailJob {
  tenantId: string;
  logId: string;
  /** The tenant's host label: the task link's address starts with it. */
  tenantLabel: string;
  to: string[];
  subject: string;
  /** The template's body; rendered by the worker with `values` and the task link. */
  body: string;
  /** The values of the placeholders the body names, as text, as they were at the event. */
  values: Record<string, string>;
  /** Where the task link points within the web app (the item editor, with the task when there is one). */
  linkPath: string;
}

export interface MailContext {
  tenantId: string;
  moduleId: string;
  recordId: string;
  appName: string;
}

const isoOf = (value: Date | string | null): string => isoTimestampOrNull(value) ?? '';

/** The placeholder values of a record's mail (its fields, then the system fields of EMAIL_SYSTEM_FIELDS). */
function templateValues(
  context: MailContext,
  facts: MailFacts,
  step: string | null,
): Record<string, unknown> {
  return {
    ...facts.data,
    record_id: context.recordId,
    created_by: facts.created_by_name ?? '',
    created_at: isoOf(facts.created_on),
    modified_at: isoOf(facts.modified_on),
    workflow_activity_name: step ?? '',
    app_name: context.appName,
  };
}

export const itemEditorPath = (moduleId: string, recordId: string, taskId: string | null) =>
  `/item-editor/${encodeURIComponent(moduleId)}/${encodeURIComponent(recordId)}` +
  (taskId ? `/${encodeURIComponent(taskId)}` : '');

/** An address a mail can go to (users' addresses are not checked when they are stored). */
const deliverable = (email: string) => /^[^\s@,;<>]+@[^\s@,;<>]+$/.test(email.trim());

/**
 * The deliverable addresses of a mail's recipients, grouped by the recipients' languages (in the
 * order the languages first appear), each address once. A user who never chose a language reads the
 * default language.
 */
function addressesByLanguage(
  userIds: readonly string[],
  addressOf: ReadonlyMap<string, { email: string; language: Language }>,
): Map<Language, string[]> {
  const groups = new Map<Language, string[]>();
  const seen = new Set<string>();
  for (const id of userIds) {
    const address = addressOf.get(id);
    if (!address || !deliverable(address.email) || seen.has(address.email)) continue;
    seen.add(address.email);
    const group = groups.get(address.language);
    if (group) group.push(address.email);
    else groups.set(address.language, [address.email]);
  }
  return groups;
}

/**
 * The send log rows and jobs of an event's planned e-mails: one per language among its recipients,
 * each with the default template in that language where the app stores none (an app's own template
 * is its author's words and goes to everyone as written). An event whose template has neither a
 * subject nor a body, and a mail none of whose recipients has an address, are skipped.
 */
export function buildEventMails(
  context: MailContext,
  facts: MailFacts,
  planned: PlannedMail[],
): { logs: NewEmailLog[]; jobs: EventMailJob[] } {
  const stored = new Map(
    facts.templates.filter((row) => isEmailTemplateEvent(row.event)).map((row) => [row.event, row]),
  );
  const addressOf = new Map(
    facts.addresses.map((row) => [
      row.id,
      { email: row.email.trim(), language: languageOrNull(row.language) ?? DEFAULT_LANGUAGE },
    ]),
  );
  const logs: NewEmailLog[] = [];
  const jobs: EventMailJob[] = [];
  for (const mail of planned) {
    const values = templateValues(context, facts, mail.step);
    for (const [language, to] of addressesByLanguage(mail.userIds, addressOf)) {
      const template = effectiveEmailTemplate(mail.event, stored.get(mail.event), language);
      if (!template.subject.trim() && !template.body.trim()) continue;
      // A mail header: one line, whatever the template or its values hold.
      const subject = renderEmailTemplate(template.subject, values, { html: false, singleLine: true })
        .replace(/\s*[\r\n]+\s*/g, ' ')
        .trim();
      const snapshot: Record<string, string> = {};
      for (const name of placeholdersIn(template.body)) {
        if (name !== TASK_LINK_FIELD && Object.hasOwn(values, name))
          snapshot[name] = templateValueText(values[name]);
      }
      const logId = randomUUID();
      logs.push({
        id: logId,
        tenantId: context.tenantId,
        moduleId: context.moduleId,
        recordId: context.recordId,
        event: mail.event,
        recipients: to,
        subject,
      });
      jobs.push({
        tenantId: context.tenantId,
        logId,
        tenantLabel: facts.tenant_label,
        to,
        subject,
        body: template.body,
        values: snapshot,
        linkPath: itemEditorPath(context.moduleId, context.recordId, mail.taskId),
      });
    }
  }
  return { logs, jobs };
}

/** The events of planned mails, each once (the templates to read). */
export const mailEvents = (planned: PlannedMail[]): EmailTemplateEvent[] => [
  ...new Set(planned.map((mail) => mail.event)),
];

/** Whether a template body is HTML (the defaults are); a plain-text body keeps its line breaks. */
const looksLikeHtml = (body: string) => /<\/?[a-z][^>]*>/i.test(body);

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** A template's HTML as plain text: its markup dropped, paragraphs and breaks kept as lines. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The message of a job: the body rendered with its values and the task link, as HTML (values
 * escaped) and as text (the template's markup dropped, values as they are).
 */
export function renderEventMail(job: EventMailJob, origin: string): MailMessage {
  const values = { ...job.values, [TASK_LINK_FIELD]: `${origin}${job.linkPath}` };
  const htmlTemplate = looksLikeHtml(job.body) ? job.body : escapeHtml(job.body).replace(/\r?\n/g, '<br>');
  const textTemplate = looksLikeHtml(job.body) ? htmlToText(job.body) : job.body;
  return {
    to: job.to.join(', '),
    subject: job.subject,
    html: renderEmailTemplate(htmlTemplate, values, { html: true }),
    text: renderEmailTemplate(textTemplate, values, { html: false }),
  };
}
