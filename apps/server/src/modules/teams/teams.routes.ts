import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TEAM_MESSAGES,
  TEAM_PATHS,
  deleteTeamResponseSchema,
  saveTeamBodySchema,
  setTeamMembersBodySchema,
  teamDataTableRequestSchema,
  teamDataTableResponseSchema,
  teamDetailResponseSchema,
  teamIdParamsSchema,
  teamLookupResponseSchema,
  teamUserPageResponseSchema,
  teamUserQuerySchema,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createTeamService } from './teams.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['teams'];
const security = [{ bearer: [] }];

/** Teams (spec §1 teams, §2 /settings/team-management and its detail, §6 settings roles). */
export const teamRoutes = (deps: {
  service: ReturnType<typeof createTeamService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const { signedIn } = deps.guard;
    const settingsOnly = deps.guard.only(canUseSettings);

    app.post(
      TEAM_PATHS.datatables,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'A page of the teams table: search, sort, page (spec §3 data table request)',
          description:
            'length 10, 20, 50 or 100; orders over team_name, member_count, created_at; search matches ' +
            'the team name, description and lead name, ignoring case.',
          body: teamDataTableRequestSchema,
          response: { 200: teamDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.body)),
    );

    app.get(
      TEAM_PATHS.lookup,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Every team of the tenant by name (id, team_name), for assigning work to a team',
          response: { 200: teamLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.lookup(callContext(request))),
    );

    app.get(
      TEAM_PATHS.users,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Active users to pick team members and leads from, 20 a page',
          description: 'search matches username, full name or e-mail, ignoring case; page is 1-based.',
          querystring: teamUserQuerySchema,
          response: { 200: teamUserPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.users(callContext(request), request.query)),
    );

    app.post(
      TEAM_PATHS.save,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Create a team (no id) or update one (id)',
          description:
            'team_name: required, the spec §5 name rules (40 characters), unique per tenant ignoring case (409). ' +
            'description: at most 250 characters, no leading space, valid characters only. ' +
            'lead_user_id: an active user of the tenant (another tenant’s user is a 404), who joins the team ' +
            'if not a member; null clears the lead. Left out on an update, description and lead stay.',
          body: saveTeamBodySchema,
          response: { 200: teamDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.save(callContext(request), request.auth!, request.body),
          TEAM_MESSAGES.teamSaved,
        ),
    );

    app.get(
      TEAM_PATHS.detail,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'One team with its lead and members',
          params: teamIdParamsSchema,
          response: { 200: teamDetailResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.detail(callContext(request), request.params.id)),
    );

    app.post(
      TEAM_PATHS.delete,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Delete a team (its memberships go with it)',
          params: teamIdParamsSchema,
          response: { 200: deleteTeamResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.params.id);
        return ok({ id: request.params.id }, TEAM_MESSAGES.teamDeleted);
      },
    );

    app.put(
      TEAM_PATHS.members,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Replace the members of a team',
          description:
            'user_ids: the complete new list. Each must be a user of the tenant (else 404); users joining must ' +
            'be active (400). Removing the lead clears the lead. Answers the team with its new members.',
          params: teamIdParamsSchema,
          body: setTeamMembersBodySchema,
          response: { 200: teamDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.setMembers(
            callContext(request),
            request.auth!,
            request.params.id,
            request.body.user_ids,
          ),
          TEAM_MESSAGES.membersSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
