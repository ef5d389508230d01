// The single sign-on paths and flow constants (see sso.ts for the flow), apart from the schemas:
// the web app's login route needs these but must not load zod, and a contracts module whose exports
// go unused is left out of the browser bundle (apps/web/vite.config.ts).

export const SSO_PATHS = {
  /** Public: which 'Sign In With' buttons this tenant has switched on. */
  providers: '/identity/sso/providers',
  samlStart: '/identity/sso/saml/start',
  samlAcs: '/identity/sso/saml/acs',
  /** Public: the tenant's service-provider metadata (XML download; IdPs read it). */
  samlMetadata: '/identity/sso/saml/metadata',
  oidcStart: '/identity/sso/oidc/start',
  oidcCallback: '/identity/sso/oidc/callback',
  /** Administrators: GET reads, PUT saves the tenant's settings. */
  settings: '/api/sso/settings',
  /** Administrators: checks the given (unsaved) settings of one provider against the provider. */
  test: '/api/sso/test',
  /** Administrators: the tenant's last refused sign-ins, newest first, with their cause. */
  failures: '/api/sso/failures',
} as const;

/** The cookie that carries an OpenID Connect attempt's PKCE verifier, state and nonce. */
export const SSO_STATE_COOKIE = 'fl_sso';
/** Query flag on /authentication/sso: the provider signed the user in, the second factor is still due. */
export const SSO_TWO_FACTOR_PARAM = 'twoFactor';
