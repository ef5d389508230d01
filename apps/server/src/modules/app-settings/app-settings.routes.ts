import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APP_SETTINGS_MESSAGES,
  APP_SETTINGS_PATHS,
  USER_LOOKUP_MAX_LENGTH,
  appSettingsModuleQuerySchema,
  emailTemplateFieldsResponseSchema,
  emailTemplateResponseSchema,
  moduleConfigResponseSchema,
  reassignmentResponseSchema,
  setReassignmentBodySchema,
  updateEmailTemplateBodySchema,
  userLookup2QuerySchema,
  userLookup2ResponseSchema,
  userLookupBodySchema,
  userLookupResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createAppSettingsService } from './app-settings.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['app-settings'];
const security = [{ bearer: [] }];

/** Spec §7 getEmailTemplateFields, updateEmailTemplate, setmodulereassignment, getmoduleconfig, UserLookup(2). */
export const appSettingsRoutes = (deps: {
  service: ReturnType<typeof createAppSettingsService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // App settings are builder work (spec §6: form editor for full users and consultants), checked
    // before the body is validated so a caller without the role learns nothing from a 400.
    const builders = deps.guard.only(canUseBuilder);
    const { signedIn } = deps.guard;

    app.get(
      APP_SETTINGS_PATHS.emailTemplateFields,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'The placeholders and the e-mail template of every event of an app',
          description:
            'placeholders: the fields of the draft and published versions (table groups, buttons, passwords ' +
            'and signatures left out) then the system fields record_id, created_by, created_at, modified_at, ' +
            'workflow_activity_name, app_name, task_link; written {{name}} in a template. events: submit, ' +
            'reassign, rejected, restart, sendback, completed, approve, each with the subject and body in ' +
            'effect (the stored text, or the English default where none is stored), the stored texts and the defaults.',
          querystring: appSettingsModuleQuerySchema,
          response: { 200: emailTemplateFieldsResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.emailTemplateFields(callContext(request), request.query.moduleId)),
    );

    app.post(
      APP_SETTINGS_PATHS.updateEmailTemplate,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Store the subject and body of one event’s e-mail template',
          description:
            'subject: one line, at most 200 characters; body: HTML, at most 20000 characters, stored as sent ' +
            'and sanitised where it is shown; values are HTML-escaped when a mail is rendered. An empty ' +
            'subject or body means the default. Placeholders must name a field of the app or a system field; ' +
            'unknown ones answer 400 naming them (data.errors per field).',
          body: updateEmailTemplateBodySchema,
          response: { 200: emailTemplateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.updateEmailTemplate(callContext(request), request.auth!, request.body),
          APP_SETTINGS_MESSAGES.emailTemplateSaved,
        ),
    );

    app.post(
      APP_SETTINGS_PATHS.setReassignment,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Allow or disable reassigning the tasks of an app',
          body: setReassignmentBodySchema,
          response: { 200: reassignmentResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.setReassignment(callContext(request), request.auth!, request.body),
          APP_SETTINGS_MESSAGES.reassignmentSaved,
        ),
    );

    app.get(
      APP_SETTINGS_PATHS.moduleConfig,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'An app’s settings summary',
          description:
            'Reassignment switch, module_version (count of publishes), status (Draft/Published), the ' +
            'default config in use (the published one when the draft’s equals it, spec §4) and the number ' +
            'of record templates.',
          querystring: appSettingsModuleQuerySchema,
          response: { 200: moduleConfigResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.moduleConfig(callContext(request), request.query.moduleId)),
    );

    app.post(
      APP_SETTINGS_PATHS.userLookup,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of the tenant’s active users (user fields, user pickers)',
          description:
            `search matches user name, full name or e-mail ignoring case (the search special-character rule ` +
            `applies); ids limits the answer to those users; page from 1, length 1..${USER_LOOKUP_MAX_LENGTH}. ` +
            'Sorted by full name.',
          body: userLookupBodySchema,
          response: { 200: userLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.lookupUsers(callContext(request), request.body)),
    );

    app.get(
      APP_SETTINGS_PATHS.userLookup2,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `The first ${USER_LOOKUP_MAX_LENGTH} active users matching a search`,
          querystring: userLookup2QuerySchema,
          response: { 200: userLookup2ResponseSchema, ...errors },
        },
      },
      async (request) => {
        const page = await deps.service.lookupUsers(callContext(request), {
          search: request.query.search,
          page: 1,
          length: USER_LOOKUP_MAX_LENGTH,
        });
        return ok(page.items);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
