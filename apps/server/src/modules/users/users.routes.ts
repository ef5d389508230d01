import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  USERS_PATHS,
  createUserBodySchema,
  createUserResponseSchema,
  errorEnvelopeSchema,
  managedUserDetailResponseSchema,
  managedUserResponseSchema,
  updateUserBodySchema,
  userDataTableRequestSchema,
  userDataTableResponseSchema,
  userIdParamsSchema,
  userLicencesResponseSchema,
  usersMessage,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext, requestOrigin } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { UsersCall } from './users-rules.ts';
import type { createUsersService } from './users.service.ts';

export const USERS_TAGS = ['users'];
export const USERS_SECURITY = [{ bearer: [] }];
export const ROLE_NOTE =
  'Settings roles only (system administrator, administrator, consultant); others get 403. ' +
  'An id that is not one of this tenant’s users is a 404.';

/** The caller, the call context and the origin for links in e-mails. */
export const usersCall = (request: FastifyRequest): UsersCall => ({
  ctx: callContext(request),
  auth: request.auth!,
  origin: requestOrigin(request),
});

/** User management: licences, the user list, one user, create (or invite), edit. */
export const userRoutes = (deps: {
  service: ReturnType<typeof createUsersService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const settingsOnly = deps.guard.only(canUseSettings);
    const tags = USERS_TAGS;
    const security = USERS_SECURITY;

    app.get(
      USERS_PATHS.licences,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Seats per licence kind',
          description:
            'For each user kind: limit (tenants.licence_counts; null = unlimited), used (active users of ' +
            'that kind) and available (null = unlimited). ' +
            ROLE_NOTE,
          response: { 200: userLicencesResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ok(await deps.service.licences(callContext(request))),
    );

    app.post(
      USERS_PATHS.datatables,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'A page of the tenant’s users (spec §3 data table request)',
          description:
            'page (1-based), length 10/20/50/100 (default 10), orders [{column, dir}] over username, fullname, ' +
            'email, user_kind, is_active, created_at (default username asc), search over user name, full name ' +
            'and e-mail ignoring case (special characters refused with the sidebar-search message), license ' +
            '(a user kind) and status (active, inactive, all; default all). ' +
            ROLE_NOTE,
          body: userDataTableRequestSchema,
          response: { 200: userDataTableResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.body)),
    );

    app.post(
      USERS_PATHS.create,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Create a user, or invite one by e-mail',
          description:
            'username: required, the spec §5 user-name rules (64 characters), unique per tenant ignoring case ' +
            '(409). email: a valid address. fullname: the same rules as the user name. user_kind: the ' +
            'licence; a seat of it must be free (409 naming the licence), and only a system administrator ' +
            'may grant SYSTEM_ADMINISTRATOR (403). password: 3 to 50 characters; left out, the user is ' +
            'e-mailed a single-use link to set one (7 days; 502 and nothing created when the mail fails). ' +
            ROLE_NOTE,
          body: createUserBodySchema,
          response: {
            200: createUserResponseSchema,
            ...errorResponses(400, 401, 403, 409),
            502: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const created = await deps.service.create(usersCall(request), request.body);
        return ok(created, usersMessage(created.invited ? 'userInvited' : 'userCreated'));
      },
    );

    app.get(
      USERS_PATHS.detail,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'One user with teams, roles and the roles that can be given',
          description:
            'Profile, licence (user_kind), status, 2FA, time zone and launch-page preference; teams the ' +
            'user belongs to or leads; the user’s roles; available_roles = every role of the tenant. ' +
            ROLE_NOTE,
          params: userIdParamsSchema,
          response: { 200: managedUserDetailResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ok(await deps.service.detail(callContext(request), request.params.id)),
    );

    app.post(
      USERS_PATHS.update,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Change a user’s e-mail and full name',
          description:
            'Both fields are required (the edit form sends both). Only a system administrator may change ' +
            'a system administrator (403). ' +
            ROLE_NOTE,
          params: userIdParamsSchema,
          body: updateUserBodySchema,
          response: { 200: managedUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          await deps.service.update(usersCall(request), request.params.id, request.body),
          usersMessage('userSaved'),
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
