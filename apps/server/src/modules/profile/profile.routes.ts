import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  PROFILE_MESSAGES,
  changePasswordBodySchema,
  envelope,
  saveSecurityQuestionsBodySchema,
  securityPolicyResponseSchema,
  securityQuestionsResponseSchema,
  setUserTimeZoneBodySchema,
  setUserTimeZoneResponseSchema,
  timeZoneListResponseSchema,
  timeZoneQuerySchema,
  updateUserProfileBodySchema,
  userProfileResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { createProfileService } from './profile.service.ts';
import type { createSecurityQuestionsService } from './security-questions.service.ts';
import { timeZoneList } from './time-zones.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 404);
const emptyResponse = envelope(z.null());
const tags = ['profile'];
const security = [{ bearer: [] }];

/**
 * Spec §7: securityquestions/save takes an optional access_token header. It is the same bearer
 * token, so it is moved into Authorization for the guard when no Authorization header came.
 */
async function acceptAccessTokenHeader(request: FastifyRequest) {
  const given = request.headers['access_token'];
  if (!request.headers.authorization && typeof given === 'string' && given.trim() !== '') {
    request.headers.authorization = `Bearer ${given.trim()}`;
  }
}

/** My Profile (spec §2 /app/user/profile) under identity/manageauthenticator. */
export const profileRoutes = (deps: {
  profile: ReturnType<typeof createProfileService>;
  securityQuestions: ReturnType<typeof createSecurityQuestionsService>;
  guard: ReturnType<typeof createAuthenticate>;
  rateLimitPerMinute: number;
}) =>
  (async (app) => {
    const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } };
    const signedIn = { preHandler: deps.guard.authenticate };

    app.get(
      API_PATHS.userInfo,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The signed-in user’s profile',
          response: { 200: userProfileResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.profile.get(callContext(request), request.auth!)),
    );

    app.post(
      API_PATHS.userInfo,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Update full name, e-mail, date format and launch page preference',
          description:
            'Fields left out are kept. The launch page takes effect for full users and administrators.',
          body: updateUserProfileBodySchema,
          response: { 200: userProfileResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.profile.update(callContext(request), request.auth!, request.body),
          PROFILE_MESSAGES.profileSaved,
        ),
    );

    app.post(
      API_PATHS.setUserTimeZone,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Set the user’s IANA time zone (“GMT Standard Time” is stored as UTC)',
          body: setUserTimeZoneBodySchema,
          response: { 200: setUserTimeZoneResponseSchema, ...errors },
        },
      },
      async (request) => {
        const zone = await deps.profile.setTimeZone(callContext(request), request.auth!, request.body);
        return ok({ time_zone: zone }, PROFILE_MESSAGES.timeZoneSaved);
      },
    );

    app.get(
      API_PATHS.timeZones,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The IANA time zones with their current UTC offsets (?iana=true)',
          querystring: timeZoneQuerySchema,
          response: { 200: timeZoneListResponseSchema, ...errors },
        },
      },
      async () => ok(timeZoneList()),
    );

    app.post(
      API_PATHS.changePassword,
      {
        ...signedIn,
        config: limited,
        schema: {
          tags,
          security,
          summary: 'Change the password; this session stays, every other one ends',
          body: changePasswordBodySchema,
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request) => {
        await deps.profile.changePassword(callContext(request), request.auth!, request.body);
        return ok(null, PROFILE_MESSAGES.passwordUpdated);
      },
    );

    app.get(
      API_PATHS.securityPolicy,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The tenant’s password and security-question policy',
          response: { 200: securityPolicyResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.securityQuestions.policy(callContext(request))),
    );

    app.get(
      API_PATHS.securityQuestions,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The questions to choose from and which ones this user has answered',
          response: { 200: securityQuestionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.securityQuestions.list(callContext(request), request.auth!)),
    );

    app.post(
      API_PATHS.saveSecurityQuestions,
      {
        preHandler: [acceptAccessTokenHeader, deps.guard.authenticate],
        config: limited,
        schema: {
          tags,
          security,
          summary: 'Answer the required number of distinct questions (replaces earlier answers)',
          description: 'The bearer token may come in an access_token header instead of Authorization.',
          body: saveSecurityQuestionsBodySchema,
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request) => {
        await deps.securityQuestions.save(callContext(request), request.auth!, request.body);
        return ok(null, PROFILE_MESSAGES.securityQuestionsSaved);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
