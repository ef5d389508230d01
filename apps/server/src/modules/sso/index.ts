// The public surface of modules/sso: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Single sign-on: per-tenant SAML 2.0 and OpenID Connect settings and sign-in flows.

export { registerSsoModule } from './sso.module.ts';
