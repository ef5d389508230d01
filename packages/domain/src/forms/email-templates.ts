// E-mail templates per workflow event (spec §3 "Email templates per event … each with a subject and
// a body template"). The spec does not show the placeholder syntax; ours is {{field_name}} (double
// braces, so the {field} references of formulas and record titles never read as placeholders).
// Values are escaped when a body is HTML: a record's values are user input and must never become
// markup in someone's mail.
import { EMAIL_TEMPLATE_EVENTS, type EmailTemplateEvent, type Language } from '../constants.ts';
import { LOCALISED_EMAIL_TEMPLATES } from './email-templates-i18n.ts';
import type { FieldType } from './field-catalogue.ts';
import type { PayloadGroup } from './form-model.ts';

/** A placeholder offered to template authors: the field's machine name and its label. */
export interface TemplateField {
  name: string;
  label: string;
  /** True for the fields every record has (record_id, created_by …), false for the app's own. */
  system: boolean;
}

/** Fields every record has, usable in every app's templates (labels are the English defaults). */
export const EMAIL_SYSTEM_FIELDS: readonly TemplateField[] = [
  { name: 'record_id', label: 'Record ID', system: true },
  { name: 'created_by', label: 'Created By', system: true },
  { name: 'created_at', label: 'Created At', system: true },
  { name: 'modified_at', label: 'Modified At', system: true },
  { name: 'workflow_activity_name', label: 'Activity', system: true },
  { name: 'app_name', label: 'App name', system: true },
  { name: 'task_link', label: 'Task link', system: true },
];

/** The system field whose value is a URL; an HTML body shows it as a link. */
export const TASK_LINK_FIELD = 'task_link';

// A button has no value; a password must never travel by mail; a signature is an image blob.
const NOT_PLACEABLE: ReadonlySet<FieldType> = new Set<FieldType>(['button', 'password', 'signature']);

/**
 * Placeholders of an app: its fields in form order (table groups left out: their values are rows, not
 * one value), then the system fields. A name appears once.
 */
export function templateFields(fieldGroups: readonly PayloadGroup[]): TemplateField[] {
  const seen = new Set<string>();
  const out: TemplateField[] = [];
  const add = (field: TemplateField) => {
    if (field.name === '' || seen.has(field.name)) return;
    seen.add(field.name);
    out.push(field);
  };
  for (const group of fieldGroups) {
    if (group.isTable) continue;
    for (const field of group.fields) {
      if (NOT_PLACEABLE.has(field.fieldType)) continue;
      const label = (field.label || field.fieldName || field.name || '').trim();
      add({ name: field.name, label: label || field.name, system: false });
    }
  }
  for (const field of EMAIL_SYSTEM_FIELDS) add({ ...field });
  return out;
}

/**
 * One placeholder: {{ anything but braces }}. Names are matched loosely here so a mistyped one
 * ({{ unit-price }}) is reported as unknown instead of slipping through as literal text.
 */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names of the placeholders in a text, each once, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1] ?? '');
  return [...names];
}

/** Placeholders of `text` whose name is not in `names` (each once, in order of appearance). */
export function findUnknownPlaceholders(text: string, names: Iterable<string>): string[] {
  const known = new Set(names);
  return placeholdersIn(text).filter((name) => !known.has(name));
}

/** The five characters that matter in HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A record value as mail text: nothing for null, lists joined with ', ', a user or option object by
 * its name, anything else as JSON.
 */
export function templateValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value))
    return value
      .map(templateValueText)
      .filter((text) => text !== '')
      .join(', ');
  if (typeof value === 'object') {
    const named = value as Record<string, unknown>;
    for (const key of ['fullname', 'label', 'name', 'display_name', 'value']) {
      if (typeof named[key] === 'string' || typeof named[key] === 'number') return String(named[key]);
    }
    return JSON.stringify(value);
  }
  return '';
}

export interface RenderOptions {
  /** The template is HTML: values are escaped (and the task link becomes a link). */
  html: boolean;
  /** For subjects (a mail header): line breaks inside values become spaces. */
  singleLine?: boolean;
}

/**
 * Fills a template's placeholders from `values` (by machine name). A placeholder without a value
 * renders as nothing. With `html`, values are escaped; the template's own markup is the author's and
 * is sanitised where it is shown or sent, not here.
 */
export function renderEmailTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
  options: RenderOptions,
): string {
  return template.replace(PLACEHOLDER, (_whole, rawName: string) => {
    const name = rawName.trim();
    let text = Object.hasOwn(values, name) ? templateValueText(values[name]) : '';
    if (options.singleLine) text = text.replace(/[\r\n]+/g, ' ');
    if (!options.html) return text;
    const escaped = escapeHtml(text);
    if (name === TASK_LINK_FIELD && /^https?:\/\/\S+$/i.test(text)) {
      return `<a href="${escaped}">${escaped}</a>`;
    }
    return escaped.replace(/\r?\n/g, '<br>');
  });
}

export interface EmailTemplateText {
  subject: string;
  body: string;
}

/** The English template of each event, used until an app stores its own (bodies are HTML). */
export const DEFAULT_EMAIL_TEMPLATES: Readonly<Record<EmailTemplateEvent, EmailTemplateText>> = {
  submit: {
    subject: '{{app_name}}: new record {{record_id}} submitted',
    body:
      '<p>Hello,</p><p>{{created_by}} submitted a new {{app_name}} record ({{record_id}}) on ' +
      '{{created_at}}. It is waiting for you at <strong>{{workflow_activity_name}}</strong>.</p>' +
      '<p>Open the task: {{task_link}}</p>',
  },
  reassign: {
    subject: '{{app_name}}: a task on record {{record_id}} was reassigned to you',
    body:
      '<p>Hello,</p><p>A task on the {{app_name}} record {{record_id}} ' +
      '(<strong>{{workflow_activity_name}}</strong>) has been reassigned to you.</p>' +
      '<p>Open the task: {{task_link}}</p>',
  },
  rejected: {
    subject: '{{app_name}}: record {{record_id}} was rejected',
    body:
      '<p>Hello,</p><p>The {{app_name}} record {{record_id}} was rejected at ' +
      '<strong>{{workflow_activity_name}}</strong>.</p><p>See the record: {{task_link}}</p>',
  },
  restart: {
    subject: '{{app_name}}: record {{record_id}} was restarted',
    body:
      '<p>Hello,</p><p>The process of the {{app_name}} record {{record_id}} was restarted and is ' +
      'now at <strong>{{workflow_activity_name}}</strong>.</p><p>Open the task: {{task_link}}</p>',
  },
  sendback: {
    subject: '{{app_name}}: record {{record_id}} was sent back to you',
    body:
      '<p>Hello,</p><p>The {{app_name}} record {{record_id}} was sent back to ' +
      '<strong>{{workflow_activity_name}}</strong> and needs your attention.</p>' +
      '<p>Open the task: {{task_link}}</p>',
  },
  completed: {
    subject: '{{app_name}}: record {{record_id}} is completed',
    body:
      '<p>Hello,</p><p>The process of the {{app_name}} record {{record_id}}, started by ' +
      '{{created_by}} on {{created_at}}, is completed.</p><p>See the record: {{task_link}}</p>',
  },
  approve: {
    subject: '{{app_name}}: record {{record_id}} was approved',
    body:
      '<p>Hello,</p><p>The {{app_name}} record {{record_id}} was approved at ' +
      '<strong>{{workflow_activity_name}}</strong>.</p><p>See the record: {{task_link}}</p>',
  },
};

export const isEmailTemplateEvent = (value: unknown): value is EmailTemplateEvent =>
  typeof value === 'string' && (EMAIL_TEMPLATE_EVENTS as readonly string[]).includes(value);

/** The default template of an event in a language (English when none is given). */
export const defaultEmailTemplate = (
  event: EmailTemplateEvent,
  language: Language = 'en',
): EmailTemplateText =>
  language === 'en' ? DEFAULT_EMAIL_TEMPLATES[event] : LOCALISED_EMAIL_TEMPLATES[language][event];

/**
 * The template in effect for an event: the stored subject and body (the app's author wrote them, in
 * their words), each falling back to the default in the recipient's language when empty.
 */
export function effectiveEmailTemplate(
  event: EmailTemplateEvent,
  stored: Partial<EmailTemplateText> | null | undefined,
  language: Language = 'en',
): EmailTemplateText {
  const fallback = defaultEmailTemplate(event, language);
  return {
    subject: stored?.subject?.trim() ? stored.subject : fallback.subject,
    body: stored?.body?.trim() ? stored.body : fallback.body,
  };
}
