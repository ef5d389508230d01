import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  USERS_PATHS,
  changeLicenceBodySchema,
  emptyUserResponseSchema,
  errorEnvelopeSchema,
  managedUserResponseSchema,
  setUserRolesBodySchema,
  userIdParamsSchema,
  userRolesResponseSchema,
  usersMessage,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createUserActionsService } from './users-actions.service.ts';
import { ROLE_NOTE, USERS_SECURITY, USERS_TAGS, usersCall } from './users.routes.ts';

const SYSADMIN_NOTE = 'Only a system administrator may act on a system administrator (403). ';

/** What an administrator does to one user: status, password, second factor, licence, roles. */
export const userActionRoutes = (deps: {
  service: ReturnType<typeof createUserActionsService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const settingsOnly = deps.guard.only(canUseSettings);
    const base = { tags: USERS_TAGS, security: USERS_SECURITY, params: userIdParamsSchema };
    const userAnswer = { 200: managedUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };

    app.post(
      USERS_PATHS.deactivate,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'Deactivate a user',
          description:
            'Frees the seat and ends every session of the user at once. You cannot deactivate yourself ' +
            '(400). Deactivating an inactive user changes nothing. ' +
            SYSADMIN_NOTE +
            ROLE_NOTE,
          response: userAnswer,
        },
      },
      async (request) =>
        ok(
          await deps.service.deactivate(usersCall(request), request.params.id),
          usersMessage('userDeactivated'),
        ),
    );

    app.post(
      USERS_PATHS.activate,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'Activate a user',
          description:
            'Takes a seat of the user’s licence again (409 naming the licence when none is free). ' +
            SYSADMIN_NOTE +
            ROLE_NOTE,
          response: userAnswer,
        },
      },
      async (request) =>
        ok(await deps.service.activate(usersCall(request), request.params.id), usersMessage('userActivated')),
    );

    app.post(
      USERS_PATHS.resetPassword,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'E-mail the user a password reset link',
          description:
            'A single-use link to /reset-password (expires after PASSWORD_RESET_TTL_MINUTES); the current ' +
            'password keeps working until a new one is set. 400 for a deactivated user; 502 when the mail ' +
            'cannot be sent. ' +
            SYSADMIN_NOTE +
            ROLE_NOTE,
          response: {
            200: emptyUserResponseSchema,
            ...errorResponses(400, 401, 403, 404),
            502: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        await deps.service.resetPassword(usersCall(request), request.params.id);
        return ok(null, usersMessage('resetMailSent'));
      },
    );

    app.post(
      USERS_PATHS.resetTwoFactor,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'Turn the user’s authenticator app off',
          description:
            'Clears the secret and recovery codes and changes the security stamp: remembered machines and ' +
            'sessions end, and the next sign-in needs the password only. 400 when 2FA is not enabled. ' +
            SYSADMIN_NOTE +
            ROLE_NOTE,
          response: userAnswer,
        },
      },
      async (request) =>
        ok(
          await deps.service.resetTwoFactor(usersCall(request), request.params.id),
          usersMessage('twoFactorReset'),
        ),
    );

    app.post(
      USERS_PATHS.licence,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'Change the user’s licence (user kind)',
          description:
            'An active user needs a free seat of the new kind (409 naming the licence). Only a system ' +
            'administrator may grant or take SYSTEM_ADMINISTRATOR (403). Not your own licence (400). The new ' +
            'access applies on the user’s next request, with the same token. ' +
            ROLE_NOTE,
          body: changeLicenceBodySchema,
          response: userAnswer,
        },
      },
      async (request) =>
        ok(
          await deps.service.changeLicence(usersCall(request), request.params.id, request.body.user_kind),
          usersMessage('licenceChanged'),
        ),
    );

    app.put(
      USERS_PATHS.roles,
      {
        ...settingsOnly,
        schema: {
          ...base,
          summary: 'Replace the user’s roles',
          description:
            'role_ids: the complete new set (may be empty), each once (400). Every id must be one of this ' +
            'tenant’s roles, else 404 and nothing changes. Answers the user’s roles by name. ' +
            SYSADMIN_NOTE +
            ROLE_NOTE,
          body: setUserRolesBodySchema,
          response: { 200: userRolesResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          await deps.service.setRoles(usersCall(request), request.params.id, request.body.role_ids),
          usersMessage('rolesSaved'),
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
