import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  authenticateIsoBodySchema,
  authenticateIsoResponseSchema,
  envelope,
  errorEnvelopeSchema,
  info2FaResponseSchema,
  loginWith2FaBodySchema,
  recoveryCodeBodySchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  sessionTokenResponseSchema,
  tokenValidationBodySchema,
  tokenValidationResponseSchema,
} from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { ok } from '../../platform/http/envelope.ts';
import { callContext } from '../../platform/http/call-context.ts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import {
  COOKIE,
  clearCookie,
  readCookie,
  setPending2faCookie,
  setRememberCookie,
  setSessionCookie,
} from './identity-cookies.ts';
import type { createSessionService } from './session.service.ts';
import type { createSignInService } from './sign-in.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

export interface IdentityRouteDeps {
  signIn: ReturnType<typeof createSignInService>;
  sessions: ReturnType<typeof createSessionService>;
  guard: ReturnType<typeof createAuthenticate>;
  sessionTtlSeconds: number;
  rateLimitPerMinute: number;
}

const errors = errorResponses(400, 401, 404);
const emptyResponse = envelope(z.null());

/** Sign-in, second factor, session tokens, refresh and sign-out (spec §7 "Authentication"). */
export const identityRoutes = (deps: IdentityRouteDeps) =>
  (async (app) => {
    const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } };

    app.post(
      API_PATHS.authenticateIso,
      {
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'Sign in with the minute-key encrypted credentials (a JSON string body)',
          description:
            'The body is obfuscated for compatibility with the spec client only; TLS is what protects credentials.',
          body: authenticateIsoBodySchema,
          response: {
            200: authenticateIsoResponseSchema,
            ...errors,
            403: errorEnvelopeSchema,
            423: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const outcome = await deps.signIn.authenticate(
          callContext(request),
          request.body,
          readCookie(request, COOKIE.remember),
        );
        if (outcome.kind === 'two-factor') {
          setPending2faCookie(request, reply, outcome.pendingToken);
          clearCookie(request, reply, COOKIE.session);
          return ok({ requiresTwoFactor: true });
        }
        setSessionCookie(request, reply, outcome.sessionSecret, deps.sessionTtlSeconds);
        return ok({ requiresTwoFactor: false });
      },
    );

    app.get(
      API_PATHS.getInfo2Fa,
      {
        schema: {
          tags: ['identity'],
          summary: 'Who is completing the second step',
          response: { 200: info2FaResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.signIn.pendingUser(callContext(request), readCookie(request, COOKIE.pending2fa))),
    );

    const finishSecondFactor = async (
      request: FastifyRequest,
      reply: FastifyReply,
      proof: { code: string } | { recoveryCode: string },
      rememberMachine: boolean,
    ) => {
      const result = await deps.signIn.completeSecondFactor(
        callContext(request),
        readCookie(request, COOKIE.pending2fa),
        proof,
        rememberMachine,
      );
      clearCookie(request, reply, COOKIE.pending2fa);
      setSessionCookie(request, reply, result.sessionSecret, deps.sessionTtlSeconds);
      if (result.rememberToken) setRememberCookie(request, reply, result.rememberToken);
      return ok(null, MESSAGES.signedIn);
    };

    app.post(
      API_PATHS.loginWith2Fa,
      {
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'Second step: the authenticator code',
          body: loginWith2FaBodySchema,
          response: { 200: emptyResponse, ...errors, 423: errorEnvelopeSchema },
        },
      },
      async (request, reply) =>
        finishSecondFactor(
          request,
          reply,
          { code: request.body.twoFactorCode },
          request.body.rememberMachine,
        ),
    );

    app.post(
      API_PATHS.loginWithRecoveryCode,
      {
        config: limited,
        schema: {
          tags: ['identity'],
          summary: 'Second step with a one-time recovery code instead of the authenticator',
          body: recoveryCodeBodySchema,
          response: { 200: emptyResponse, ...errors, 423: errorEnvelopeSchema },
        },
      },
      async (request, reply) =>
        finishSecondFactor(request, reply, { recoveryCode: request.body.recoveryCode }, false),
    );

    app.post(
      API_PATHS.sessionToken,
      {
        schema: {
          tags: ['identity'],
          summary: 'Session-token request: trade the sign-in cookie for a bearer token, flags and config',
          response: { 200: sessionTokenResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.sessions.issueToken(callContext(request), readCookie(request, COOKIE.session))),
    );

    app.get(
      API_PATHS.isAuthenticated,
      {
        preHandler: deps.guard.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Is the bearer token good (200) or not (401)',
          response: { 200: envelope(z.object({ uid: z.string(), expiresAt: z.string() })), ...errors },
        },
      },
      async (request) => ok({ uid: request.auth!.userId, expiresAt: request.auth!.expiresAt.toISOString() }),
    );

    app.post(
      API_PATHS.tokenValidation,
      {
        schema: {
          tags: ['identity'],
          body: tokenValidationBodySchema,
          response: { 200: tokenValidationResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.sessions.validate(callContext(request), request.body.token)),
    );

    app.post(
      API_PATHS.refreshToken,
      {
        schema: {
          tags: ['identity'],
          body: refreshTokenBodySchema,
          response: { 200: refreshTokenResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.sessions.refresh(callContext(request), request.body.jwt)),
    );

    app.post(
      API_PATHS.logout,
      {
        schema: {
          tags: ['identity'],
          summary: 'End the session server-side',
          response: { 200: emptyResponse, ...errors },
        },
      },
      async (request, reply) => {
        const ctx = callContext(request);
        const auth = await deps.guard.resolve(request);
        const secret = readCookie(request, COOKIE.session);
        if (auth) await deps.sessions.signOut(ctx, { sessionId: auth.sessionId });
        if (secret) await deps.sessions.signOut(ctx, { sessionSecret: secret });
        clearCookie(request, reply, COOKIE.session);
        clearCookie(request, reply, COOKIE.pending2fa);
        return ok(null, MESSAGES.loggedOut);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
