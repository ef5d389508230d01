import {
  msg,
  type EmailTemplate,
  type EmailTemplateFields,
  type LookupUser,
  type ModuleConfig,
  type UpdateEmailTemplateCommand,
  type UserLookupQuery,
} from '@formloop/contracts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_EVENTS,
  defaultConfigInUse,
  deriveAppStatus,
  effectiveEmailTemplate,
  findUnknownPlaceholders,
  templateFields,
  type EmailTemplateEvent,
  type TemplateField,
} from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { definitionOf, requireApp } from './app-access.ts';
import type { AppRow, EmailTemplateRow } from './app-settings.repository.ts';
import * as repo from './app-settings.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

const auditTemplate = auditorFor('app-email-template');
const auditReassignment = auditorFor('app-reassignment');

/**
 * The placeholders a template of this app may use: the fields of the draft and of the published
 * version (mail about a record started on the published version names its fields), then the system
 * fields. The draft's label wins where both have a field.
 */
function placeholdersOf(app: AppRow): TemplateField[] {
  const draft = templateFields(definitionOf(app.moduleDraft)?.fieldGroups ?? []);
  const published = templateFields(definitionOf(app.modulePublished)?.fieldGroups ?? []);
  const names = new Set(draft.map((field) => field.name));
  const extra = published.filter((field) => !field.system && !names.has(field.name));
  const firstSystem = draft.findIndex((field) => field.system);
  return [...draft.slice(0, firstSystem), ...extra, ...draft.slice(firstSystem)];
}

function toEmailTemplate(event: EmailTemplateEvent, row: EmailTemplateRow | undefined): EmailTemplate {
  const stored = row ? { subject: row.subject, body: row.body } : null;
  const effective = effectiveEmailTemplate(event, stored);
  const fallback = DEFAULT_EMAIL_TEMPLATES[event];
  return {
    event,
    subject: effective.subject,
    body: effective.body,
    custom_subject: row?.subject ?? '',
    custom_body: row?.body ?? '',
    default_subject: fallback.subject,
    default_body: fallback.body,
    modified_on: row ? row.modifiedOn.toISOString() : null,
  };
}

/** E-mail templates, reassignment, the module config summary and the user lookups. */
export function createAppSettingsService(db: TenantDb) {
  return {
    async emailTemplateFields(ctx: CallContext, moduleId: string): Promise<EmailTemplateFields> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, moduleId);
        const rows = await repo.listEmailTemplates(tx, ctx.tenantId, app.id);
        const byEvent = new Map(rows.map((row) => [row.event, row]));
        return {
          placeholders: placeholdersOf(app),
          events: EMAIL_TEMPLATE_EVENTS.map((event) => toEmailTemplate(event, byEvent.get(event))),
        };
      });
    },

    /**
     * Stores one event's subject and body. Placeholders must name a field of the app or a system
     * field; the 400 names the unknown ones, per field. The body may be HTML and is stored as it is:
     * isomorphic-dompurify is not installed on the server, so it is sanitised wherever it is shown
     * (DOMPurify in the web app) and values are escaped when a mail is rendered.
     */
    async updateEmailTemplate(
      ctx: CallContext,
      auth: RequestAuth,
      body: UpdateEmailTemplateCommand,
    ): Promise<EmailTemplate> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, body.moduleId, true);
        const known = placeholdersOf(app).map((field) => field.name);
        const unknownSubject = findUnknownPlaceholders(body.subject, known);
        const unknownBody = findUnknownPlaceholders(body.body, known);
        if (unknownSubject.length > 0 || unknownBody.length > 0) {
          const all = [...new Set([...unknownSubject, ...unknownBody])];
          const text = (names: string[]) =>
            msg('appSettings.unknownPlaceholders', { names: names.map((n) => n || '(empty)').join(', ') });
          throw badRequest(text(all), [
            ...(unknownSubject.length ? [fieldError('subject', text(unknownSubject))] : []),
            ...(unknownBody.length ? [fieldError('body', text(unknownBody))] : []),
          ]);
        }
        const before = (await repo.listEmailTemplates(tx, ctx.tenantId, app.id)).find(
          (row) => row.event === body.event,
        );
        const saved = await repo.upsertEmailTemplate(tx, ctx.tenantId, {
          moduleId: app.id,
          event: body.event,
          subject: body.subject,
          body: body.body,
          userId: auth.userId,
        });
        await auditTemplate(tx, ctx, auth, {
          entityId: `${app.id}:${body.event}`,
          action: before ? 'updated' : 'created',
          before: before ? { subject: before.subject, body: before.body } : null,
          after: { module_id: app.id, event: body.event, subject: saved.subject, body: saved.body },
        });
        return toEmailTemplate(body.event, saved);
      });
    },

    async setReassignment(
      ctx: CallContext,
      auth: RequestAuth,
      body: { moduleId: string; isReassignmentDisabled: boolean },
    ) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, body.moduleId, true);
        if (app.isReassignmentDisabled !== body.isReassignmentDisabled) {
          await repo.setReassignmentDisabled(tx, ctx.tenantId, app.id, body.isReassignmentDisabled);
          await auditReassignment(tx, ctx, auth, {
            entityId: app.id,
            action: 'updated',
            before: { is_reassignment_disabled: app.isReassignmentDisabled },
            after: { is_reassignment_disabled: body.isReassignmentDisabled },
          });
        }
        return { moduleId: app.id, is_reassignment_disabled: body.isReassignmentDisabled };
      });
    },

    async moduleConfig(ctx: CallContext, moduleId: string): Promise<ModuleConfig> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const app = await requireApp(tx, ctx.tenantId, moduleId);
        const draft = definitionOf(app.moduleDraft);
        const published = definitionOf(app.modulePublished);
        return {
          id: app.id,
          is_reassignment_disabled: app.isReassignmentDisabled,
          module_version: app.moduleVersion,
          status: deriveAppStatus({ module_published: app.modulePublished }),
          default_config: defaultConfigInUse(draft, published) ?? {},
          record_templates: await repo.countRecordTemplates(tx, ctx.tenantId, app.id),
        };
      });
    },

    /** A page of active users; ids that are not UUIDs cannot be users and are dropped. */
    async lookupUsers(
      ctx: CallContext,
      query: UserLookupQuery,
    ): Promise<{ items: LookupUser[]; total: number }> {
      const ids = query.ids?.filter((id) => isUuid(id));
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { rows, total } = await repo.lookupActiveUsers(tx, ctx.tenantId, {
          search: query.search,
          ids,
          offset: (query.page - 1) * query.length,
          limit: query.length,
        });
        return { items: rows, total };
      });
    },
  };
}
