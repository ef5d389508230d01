import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SSO_MESSAGES,
  SSO_PATHS,
  SSO_STATE_COOKIE,
  SSO_TWO_FACTOR_PARAM,
  ssoFailuresResponseSchema,
  ssoProvidersResponseSchema,
  ssoSettingsCommandSchema,
  ssoSettingsResponseSchema,
  ssoTestCommandSchema,
  ssoTestResponseSchema,
  type SsoProvider,
} from '@formloop/contracts';
import {
  LOGIN_STATUS_PARAM,
  RETURN_URL_PARAM,
  canUseIntegrations,
  safeReturnUrl,
  type LoginStatusKey,
} from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext, requestOrigin } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { requireTenant } from '../../platform/tenancy/tenant-resolver.ts';
import {
  COOKIE,
  clearCookie,
  readCookie,
  setPending2faCookie,
  setSessionCookie,
  type SignInOutcome,
} from '../identity/index.ts';
import { OIDC_ATTEMPT_TTL_SECONDS, type OidcFlow } from './oidc-flow.ts';
import { SAML_BROWSER_COOKIE, SAML_REQUEST_TTL_MS, type SamlFlow } from './saml-flow.ts';
import type { SsoFailures } from './sso-failures.ts';
import type { SsoSettingsService } from './sso-settings.service.ts';
import {
  SsoRefusal,
  subjectOf,
  type ProviderIdentity,
  type SsoSignInService,
} from './sso-sign-in.service.ts';

export interface SsoRouteDeps {
  settings: SsoSettingsService;
  signIn: SsoSignInService;
  saml: SamlFlow;
  oidc: OidcFlow;
  failures: SsoFailures;
  guard: ReturnType<typeof createAuthenticate>;
  sessionTtlSeconds: number;
  rateLimitPerMinute: number;
}

const errors = errorResponses(400, 401, 403, 404);
const tags = ['sso'];
const security = [{ bearer: [] }];
const LOGIN_PAGE = '/authentication/login';
const SSO_PAGE = '/authentication/sso';
/** SAML responses are a few KB; a generous cap for IdPs that add many attributes. */
const ACS_BODY_LIMIT = 512 * 1024;

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};
const withReturn = (returnUrl: string) => (returnUrl === '/' ? undefined : returnUrl);

/** The login page with the refusal's status key in its banner (spec §2; the page translates it). */
export const loginWithStatus = (status: LoginStatusKey, returnUrl: string) =>
  `${LOGIN_PAGE}${query({ [LOGIN_STATUS_PARAM]: status, [RETURN_URL_PARAM]: withReturn(returnUrl) })}`;

const returnQuery = { [RETURN_URL_PARAM]: z.string().max(2000).optional() };

/**
 * Single sign-on: the tenant's settings (administrators) and the two browser flows (SAML 2.0 via
 * the HTTP-Redirect / HTTP-POST bindings, OpenID Connect code flow). Every flow step answers with a
 * redirect, never an error page: refusals land on the login page's status banner.
 */
export const ssoRoutes = (deps: SsoRouteDeps) =>
  (async (app) => {
    const limited = { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } };
    const admins = { preHandler: [deps.guard.authenticate, deps.guard.requireRole(canUseIntegrations)] };

    // The IdP posts its answer as an HTML form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const finish = (
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: SignInOutcome,
      returnUrl: string,
    ) => {
      if (outcome.kind === 'two-factor') {
        setPending2faCookie(request, reply, outcome.pendingToken);
        clearCookie(request, reply, COOKIE.session);
        return reply.redirect(
          `${SSO_PAGE}${query({ [RETURN_URL_PARAM]: withReturn(returnUrl), [SSO_TWO_FACTOR_PARAM]: '1' })}`,
        );
      }
      setSessionCookie(request, reply, outcome.sessionSecret, deps.sessionTtlSeconds);
      return reply.redirect(`${SSO_PAGE}${query({ [RETURN_URL_PARAM]: withReturn(returnUrl) })}`);
    };

    /**
     * A refusal goes to the login page with its status key, and (unless the provider is simply not
     * switched on) to the administrator's last failures and the audit trail; anything else is our
     * fault, logged as such and told to the administrator as 'other'.
     */
    const refuse = async (
      request: FastifyRequest,
      reply: FastifyReply,
      provider: SsoProvider,
      error: unknown,
      returnUrl: string,
      identity?: ProviderIdentity,
    ) => {
      let refusal: SsoRefusal;
      if (error instanceof SsoRefusal) {
        request.log.info({ err: error.cause ?? error, reason: error.reason }, 'single sign-on refused');
        refusal = error;
      } else {
        request.log.error({ err: error }, 'single sign-on failed');
        refusal = new SsoRefusal('ssoFailed', 'other', {
          cause: new Error(`internal error (request ${request.id})`),
        });
      }
      if (!refusal.subject && identity) refusal.subject = subjectOf(identity);
      if (refusal.status !== 'ssoNotConfigured') {
        try {
          await deps.failures.record(callContext(request), provider, refusal);
        } catch (recordError) {
          request.log.error({ err: recordError }, 'single sign-on failure could not be recorded');
        }
      }
      return reply.redirect(loginWithStatus(refusal.status, returnUrl));
    };

    /** The tenant's settings, when this provider is switched on; else the not-configured refusal. */
    const switchedOn = async (tenantId: string, provider: SsoProvider) => {
      const stored = await deps.settings.load(tenantId);
      if (!stored[provider].enabled) throw new SsoRefusal('ssoNotConfigured', 'other');
      return stored;
    };

    // ---- public: the login page's buttons and the IdP's view of us ----

    app.get(
      SSO_PATHS.providers,
      {
        schema: {
          tags,
          summary: 'Which sign-in providers the tenant has switched on (the login page buttons)',
          response: { 200: ssoProvidersResponseSchema, ...errorResponses(404) },
        },
      },
      async (request) => ok(await deps.settings.providers(callContext(request).tenantId)),
    );

    app.get(
      SSO_PATHS.samlMetadata,
      { schema: { tags, summary: 'The tenant’s SAML service-provider metadata (XML)' } },
      async (request, reply) => {
        const tenant = requireTenant(request.tenant);
        const stored = await deps.settings.load(tenant.id);
        return reply
          .type('application/samlmetadata+xml')
          .header('content-disposition', `attachment; filename="${tenant.label}-sp-metadata.xml"`)
          .send(deps.saml.metadata(requestOrigin(request), stored));
      },
    );

    // ---- SAML ----

    const samlBrowserCookie = (request: FastifyRequest) => {
      const https = request.protocol === 'https';
      // The IdP posts the answer cross-site: only a SameSite=None cookie travels with it (https only).
      return {
        path: '/identity/sso/saml',
        httpOnly: true,
        secure: https,
        sameSite: https ? ('none' as const) : ('lax' as const),
      };
    };

    app.get(
      SSO_PATHS.samlStart,
      {
        config: limited,
        schema: {
          tags,
          summary: 'Start a SAML sign-in (redirect to the IdP)',
          querystring: z.object(returnQuery),
        },
      },
      async (request, reply) => {
        const returnUrl = safeReturnUrl(request.query[RETURN_URL_PARAM]);
        try {
          const { tenantId } = callContext(request);
          const stored = await switchedOn(tenantId, 'saml');
          const { url, browserSecret } = await deps.saml.start(
            tenantId,
            requestOrigin(request),
            stored,
            returnUrl,
          );
          reply.setCookie(SAML_BROWSER_COOKIE, browserSecret, {
            ...samlBrowserCookie(request),
            maxAge: SAML_REQUEST_TTL_MS / 1000,
          });
          return reply.redirect(url);
        } catch (error) {
          return refuse(request, reply, 'saml', error, returnUrl);
        }
      },
    );

    app.post(
      SSO_PATHS.samlAcs,
      {
        config: limited,
        schema: {
          tags,
          summary: 'The IdP’s answer (HTTP-POST binding: SAMLResponse, RelayState)',
          body: z.object({ SAMLResponse: z.string().min(1), RelayState: z.string().optional() }).loose(),
        },
        attachValidation: true,
      },
      async (request, reply) => {
        const { tenantId } = callContext(request);
        const body = request.validationError ? null : request.body;
        const state = await deps.saml.stateOf(tenantId, body?.RelayState);
        const returnUrl = safeReturnUrl(state?.returnUrl);
        const browserCookie = readCookie(request, SAML_BROWSER_COOKIE);
        reply.clearCookie(SAML_BROWSER_COOKIE, samlBrowserCookie(request));
        let identity: ProviderIdentity | undefined;
        try {
          if (!body) {
            throw new SsoRefusal('ssoFailed', 'other', { cause: new Error('no SAMLResponse in the form') });
          }
          // Over https the answer must reach the browser that started the sign-in (see SAML_BROWSER_COOKIE).
          if (
            (request.protocol === 'https' || browserCookie) &&
            !deps.saml.isSameBrowser(state, browserCookie)
          ) {
            throw new SsoRefusal('ssoExpired', 'attemptInvalid', {
              cause: new Error('the answer reached another browser than the one that started the sign-in'),
            });
          }
          const stored = await switchedOn(tenantId, 'saml');
          const ctx = callContext(request);
          const answer = await deps.saml.answer(tenantId, requestOrigin(request), stored, body);
          identity = answer.identity;
          const outcome = await deps.signIn.signIn(
            ctx,
            'saml',
            identity,
            stored,
            readCookie(request, COOKIE.remember),
            async (tx) => {
              if (!(await deps.saml.consume(tx, tenantId, answer.requestId))) {
                throw new SsoRefusal('ssoReplayed', 'replayed', {
                  cause: new Error('the response’s request was answered before'),
                });
              }
            },
          );
          return finish(request, reply, outcome, returnUrl);
        } catch (error) {
          return refuse(request, reply, 'saml', error, returnUrl, identity);
        }
      },
    );

    // ---- OpenID Connect ----

    const attemptCookie = (request: FastifyRequest) => ({
      path: '/identity/sso',
      httpOnly: true,
      secure: request.protocol === 'https',
      // The provider sends the browser back with a top-level GET: lax cookies travel with it.
      sameSite: 'lax' as const,
    });

    app.get(
      SSO_PATHS.oidcStart,
      {
        config: limited,
        schema: {
          tags,
          summary: 'Start an OpenID Connect sign-in (redirect to the provider; PKCE, state, nonce)',
          querystring: z.object(returnQuery),
        },
      },
      async (request, reply) => {
        const returnUrl = safeReturnUrl(request.query[RETURN_URL_PARAM]);
        try {
          const { tenantId } = callContext(request);
          const stored = await switchedOn(tenantId, 'oidc');
          const { url, attempt } = await deps.oidc.start(tenantId, requestOrigin(request), stored, returnUrl);
          reply.setCookie(SSO_STATE_COOKIE, attempt, {
            ...attemptCookie(request),
            maxAge: OIDC_ATTEMPT_TTL_SECONDS,
          });
          return reply.redirect(url);
        } catch (error) {
          return refuse(request, reply, 'oidc', error, returnUrl);
        }
      },
    );

    app.get(
      SSO_PATHS.oidcCallback,
      {
        config: limited,
        schema: { tags, summary: 'The provider sends the browser back here with the code and state' },
      },
      async (request, reply) => {
        const { tenantId } = callContext(request);
        const attempt = await deps.oidc.attemptOf(tenantId, readCookie(request, SSO_STATE_COOKIE));
        // The attempt is over whatever happens next: its code verifier is single-use.
        reply.clearCookie(SSO_STATE_COOKIE, attemptCookie(request));
        const returnUrl = safeReturnUrl(attempt?.returnUrl);
        let identity: ProviderIdentity | undefined;
        try {
          if (!attempt) {
            throw new SsoRefusal('ssoExpired', 'attemptInvalid', {
              cause: new Error('no valid sign-in attempt cookie (expired, or another browser)'),
            });
          }
          const stored = await switchedOn(tenantId, 'oidc');
          const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
          identity = await deps.oidc.callback(requestOrigin(request), stored, search, attempt);
          const outcome = await deps.signIn.signIn(
            callContext(request),
            'oidc',
            identity,
            stored,
            readCookie(request, COOKIE.remember),
          );
          return finish(request, reply, outcome, returnUrl);
        } catch (error) {
          return refuse(request, reply, 'oidc', error, returnUrl, identity);
        }
      },
    );

    // ---- settings (administrators and system administrators) ----

    app.get(
      SSO_PATHS.settings,
      {
        ...admins,
        schema: {
          tags,
          security,
          summary: 'The tenant’s single sign-on settings (never the client secret) and its SP addresses',
          response: { 200: ssoSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.settings.get(callContext(request), requestOrigin(request))),
    );

    app.put(
      SSO_PATHS.settings,
      {
        ...admins,
        schema: {
          tags,
          security,
          summary: 'Save the single sign-on settings (an empty client secret keeps the stored one)',
          description:
            'An enabled SAML provider is completed from its metadata (pasted XML, else the URL) and must have an entry point and a valid certificate; an enabled OpenID Connect provider needs issuer, client id, a secret and the openid scope.',
          body: ssoSettingsCommandSchema,
          response: { 200: ssoSettingsResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.settings.save(callContext(request), request.auth!, requestOrigin(request), request.body),
          SSO_MESSAGES.saved,
        ),
    );

    app.post(
      SSO_PATHS.test,
      {
        ...admins,
        schema: {
          tags,
          security,
          summary: 'Test one provider’s settings against the provider (ok false with the reason)',
          body: ssoTestCommandSchema,
          response: { 200: ssoTestResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.settings.test(callContext(request), requestOrigin(request), request.body)),
    );

    app.get(
      SSO_PATHS.failures,
      {
        ...admins,
        schema: {
          tags,
          security,
          summary: 'The tenant’s last refused single sign-ons, newest first, with their cause',
          description:
            'Every refusal after the provider answered (or could not be reached) is kept here, the newest 20 per tenant, and written to the audit trail (entity sso_sign_in, action failed).',
          response: { 200: ssoFailuresResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.failures.list(callContext(request))),
    );
  }) satisfies FastifyPluginAsyncZod;
