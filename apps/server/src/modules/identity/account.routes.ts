import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  enableAuthenticatorBodySchema,
  enableAuthenticatorResponseSchema,
  envelope,
  forgotPasswordQuerySchema,
  resetPasswordBodySchema,
  sharedKeyResponseSchema,
} from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext, requestOrigin } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { createAuthenticatorService } from './authenticator.service.ts';
import type { createPasswordResetService } from './password-reset.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 404, 409);
const emptyResponse = envelope(z.null());

/** Forgotten passwords and the authenticator app (manageauthenticator). */
export const accountRoutes = (deps: {
  passwordReset: ReturnType<typeof createPasswordResetService>;
  authenticator: ReturnType<typeof createAuthenticatorService>;
  guard: ReturnType<typeof createAuthenticate>;
  rateLimitPerMinute: number;
}) =>
  (async (app) => {
    const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } };

    app.get(
      API_PATHS.forgotPassword,
      {
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'E-mail a single-use password reset link',
          querystring: forgotPasswordQuerySchema,
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request) => {
        const message = await deps.passwordReset.requestReset(
          callContext(request),
          request.query.username,
          requestOrigin(request),
          (error) => request.log.error({ err: error }, 'password reset e-mail not sent'),
        );
        return ok(null, message);
      },
    );

    app.post(
      API_PATHS.resetPassword,
      {
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'Set a new password with a reset link token',
          body: resetPasswordBodySchema,
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request) => {
        await deps.passwordReset.resetPassword(
          callContext(request),
          request.body.token,
          request.body.password,
        );
        return ok(null, MESSAGES.passwordChanged);
      },
    );

    app.get(
      API_PATHS.sharedKeyQrCodeUri,
      {
        preHandler: deps.guard.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Start enrolling an authenticator app',
          response: { 200: sharedKeyResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.authenticator.sharedKey(callContext(request), request.auth!)),
    );

    app.post(
      API_PATHS.enableAuthenticator,
      {
        preHandler: deps.guard.authenticate,
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'Confirm the authenticator with a code; returns recovery codes once',
          body: enableAuthenticatorBodySchema,
          response: { 200: enableAuthenticatorResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.authenticator.enable(callContext(request), request.auth!, request.body.code),
          MESSAGES.authenticatorEnabled,
        ),
    );

    app.post(
      API_PATHS.disableAuthenticator,
      {
        preHandler: deps.guard.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Turn the authenticator off',
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request) => {
        await deps.authenticator.disable(callContext(request), request.auth!);
        return ok(null, MESSAGES.authenticatorDisabled);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
