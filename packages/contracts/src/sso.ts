import { z } from 'zod';
import { USER_KINDS } from '@formloop/domain';
import { envelope } from './envelope.ts';

// Single sign-on (issue 9; spec §1 sign-in methods, §2 the login page's 'Sign In With' pair and
// /authentication/sso 'Verifying...'). Our app is the SAML 2.0 service provider and the OpenID
// Connect relying party of each tenant's own identity provider. The sign-in flow runs under
// /identity (where the sign-in cookies live) as plain browser navigations:
//
//   GET  samlStart?ReturnUrl=/x   → 302 to the IdP's entry point (SAMLRequest + RelayState)
//   POST samlAcs (form: SAMLResponse, RelayState)
//   GET  oidcStart?ReturnUrl=/x   → 302 to the provider's authorization endpoint (PKCE, state, nonce;
//                                   the verifier rides in the fl_sso cookie, path /identity/sso)
//   GET  oidcCallback?code&state
//
// Both ends of a flow answer with a 302:
//   signed in       → /authentication/sso?ReturnUrl=/x               (fl_session cookie set)
//   second factor   → /authentication/sso?ReturnUrl=/x&twoFactor=1   (fl_2fa cookie set)
//   refused         → /authentication/login?status=<key>&ReturnUrl=/x  (key: a LOGIN_STATUS_KEYS entry,
//                     MESSAGES.sso* or accountDisabled; the login page shows its translation, and a
//                     generic failure text for any value that is not one of ours)
// (ReturnUrl is left off when it is '/'.) /authentication/sso then trades the session cookie for
// the session token exactly as the password sign-in does.

export { SSO_PATHS, SSO_STATE_COOKIE, SSO_TWO_FACTOR_PARAM } from './sso-paths.ts';

/** Texts the spec does not quote, for the settings page; translated by key (sso:messages.<key>). */
export const SSO_MESSAGES = {
  saved: 'Single sign-on settings saved.',
  samlIncomplete: 'SAML needs the identity provider’s sign-in URL and signing certificate (or its metadata).',
  samlMetadataUnreadable: 'The identity provider metadata could not be read: {reason}',
  samlMetadataUnreachable: 'The identity provider metadata could not be downloaded from this URL.',
  certificateInvalid: 'The certificate is not a valid PEM or base64 X.509 certificate.',
  oidcIncomplete: 'OpenID Connect needs the issuer, client id and client secret.',
  oidcDiscoveryFailed: 'The OpenID Connect provider could not be discovered at this issuer: {reason}',
  oidcUnreachable: 'The OpenID Connect provider could not be reached at this issuer.',
  invalidUrl: 'Enter a full http or https address.',
  scopesNeedOpenid: 'The scopes must include openid.',
  jitKindNotAllowed: 'Accounts created at sign-in cannot be system administrators.',
  samlEntryPointUnreachable: 'The identity provider’s sign-in URL could not be reached.',
  samlTestSucceeded:
    'The identity provider’s settings are complete and its certificate is valid until {validTo}.',
  oidcTestSucceeded: 'Discovered {issuer}; its token endpoint accepted the client id and secret.',
  oidcClientRejected: 'The provider refused the client id or secret: {reason}',
} as const;
export type SsoMessageKey = keyof typeof SSO_MESSAGES;

export const SSO_PROVIDERS = ['saml', 'oidc'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** Kinds a just-in-time account may get: never a system administrator. */
export const JIT_USER_KINDS = USER_KINDS.filter((kind) => kind !== 'SYSTEM_ADMINISTRATOR');

const text = (max: number) => z.string().trim().max(max);

export const samlSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The login page's SAML button label, e.g. "Contoso staff"; empty: 'SAML'. */
  displayName: text(100).default(''),
  /** Where the IdP publishes its metadata; read on save to fill entry point, certificate and entity id. */
  metadataUrl: text(2000).default(''),
  /** The IdP's metadata pasted as XML (used instead of the URL when given). */
  metadataXml: text(200_000).default(''),
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: text(2000).default(''),
  /** The IdP's signing certificate, PEM or bare base64. */
  idpCertificate: text(20_000).default(''),
  /** The IdP's entity id; when set, responses from another issuer are refused. */
  idpEntityId: text(500).default(''),
  /** Our entity id at this IdP; empty means the tenant's metadata URL. */
  spEntityId: text(500).default(''),
  /**
   * Attribute names; 'nameID' means the subject's NameID. Whatever the e-mail attribute is, a user is
   * also matched by the usual e-mail claims and by a NameID that is an e-mail (server: identity-claims.ts).
   */
  usernameAttribute: text(200).default('nameID'),
  emailAttribute: text(200).default('email'),
  fullNameAttribute: text(200).default('displayName'),
});
export type SamlSettings = z.infer<typeof samlSettingsSchema>;

export const oidcSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Shown on the login button's tooltip and the settings page, e.g. "Contoso account". */
  displayName: text(100).default(''),
  issuer: text(2000).default(''),
  clientId: text(500).default(''),
  /** Write-only: empty on save keeps the stored secret; never sent back. */
  clientSecret: text(2000).default(''),
  scopes: text(500).default('openid profile email'),
  usernameClaim: text(200).default('preferred_username'),
  emailClaim: text(200).default('email'),
  fullNameClaim: text(200).default('name'),
});
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;

export const ssoSettingsCommandSchema = z.object({
  saml: samlSettingsSchema,
  oidc: oidcSettingsSchema,
  /** Create an unknown but authenticated user at first sign-in. */
  jitEnabled: z.boolean(),
  jitUserKind: z.enum(JIT_USER_KINDS as [string, ...string[]]).default('USER'),
  /** Skip our authenticator step after an IdP sign-in (the IdP enforces its own MFA). */
  trustIdpMfa: z.boolean(),
});
export type SsoSettingsCommand = z.infer<typeof ssoSettingsCommandSchema>;

/** What the settings page reads: the saved values (no secret) and the tenant's own SP addresses. */
export const ssoSettingsSchema = ssoSettingsCommandSchema.extend({
  oidc: oidcSettingsSchema.omit({ clientSecret: true }).extend({ clientSecretSet: z.boolean() }),
  serviceProvider: z.object({
    /** The entity id in use (spEntityId or the metadata URL). */
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    oidcRedirectUri: z.string(),
  }),
  modifiedOn: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
export const ssoSettingsResponseSchema = envelope(ssoSettingsSchema);

export const ssoTestCommandSchema = z.object({
  provider: z.enum(SSO_PROVIDERS),
  saml: samlSettingsSchema.optional(),
  oidc: oidcSettingsSchema.optional(),
});
export type SsoTestCommand = z.infer<typeof ssoTestCommandSchema>;
/** A test that could not reach or read the provider answers 200 with ok false and the reason. */
export const ssoTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;
export const ssoTestResponseSchema = envelope(ssoTestResultSchema);

export const ssoProvidersSchema = z.object({
  saml: z.boolean(),
  oidc: z.boolean(),
  /** The OpenID Connect provider's display name (empty: the generic 'third-party account' label). */
  oidcDisplayName: z.string(),
  /** The SAML button's label (empty: the generic 'SAML' label). */
  samlDisplayName: z.string(),
});
export type SsoProviders = z.infer<typeof ssoProvidersSchema>;
export const ssoProvidersResponseSchema = envelope(ssoProvidersSchema);

/**
 * Why a single sign-on was refused, as the administrator reads it on the settings page ('last
 * failures', sso:failures.cause.<key>) and in the audit trail (entity sso_sign_in, action failed).
 */
export const SSO_FAILURE_CAUSES = [
  /** The provider refused our client id or secret (OIDC token endpoint: invalid_client). */
  'clientRejected',
  /** The answer's validity window does not contain our clock (expired, not yet valid). */
  'clockSkew',
  /** The answer is meant for another audience (SAML Audience, OIDC aud). */
  'audience',
  /** The answer comes from another issuer than the configured one. */
  'issuer',
  /** The signature is missing or does not verify with the configured certificate or keys. */
  'signature',
  /** The answer was used before, or answers no request of ours. */
  'replayed',
  /** The answer reached another browser than the one that started, or the attempt had expired. */
  'attemptInvalid',
  /** The provider said no (e.g. the user cancelled or is not assigned to the application). */
  'providerError',
  /** The provider could not be reached. */
  'unreachable',
  /** No user here matches the identity and accounts are not created at sign-in. */
  'unknownUser',
  'accountDisabled',
  /** A new account needed a licence and none is free. */
  'noSeat',
  'other',
] as const;
export type SsoFailureCause = (typeof SSO_FAILURE_CAUSES)[number];

export const ssoFailureSchema = z.object({
  id: z.string(),
  occurredOn: z.string(),
  provider: z.enum(SSO_PROVIDERS),
  cause: z.enum(SSO_FAILURE_CAUSES),
  /** Who the provider vouched for, when it got that far (username or e-mail). */
  subject: z.string(),
  /** The library's or provider's own words, for the administrator (English, technical). */
  detail: z.string(),
});
export type SsoFailure = z.infer<typeof ssoFailureSchema>;
export const ssoFailuresResponseSchema = envelope(z.array(ssoFailureSchema));
