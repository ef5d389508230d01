import type { FastifyInstance } from 'fastify';
import { createSecretSealer } from '../../platform/auth/sealed-secret.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createOidcFlow } from './oidc-flow.ts';
import { createSamlFlow } from './saml-flow.ts';
import { createSsoFailures } from './sso-failures.ts';
import { createSsoSettingsService } from './sso-settings.service.ts';
import { createSsoSignInService } from './sso-sign-in.service.ts';
import { ssoRoutes } from './sso.routes.ts';

export interface SsoModuleDeps extends ModuleDeps {
  tokens: TokenService;
  /** Key material the stored client secrets are sealed with (the JWT private key, shared by all nodes). */
  sealingKey: string;
  config: Pick<
    Config,
    | 'SESSION_TTL_SECONDS'
    | 'LOCKOUT_THRESHOLD'
    | 'LOCKOUT_MINUTES'
    | 'PASSWORD_RESET_TTL_MINUTES'
    | 'LOGIN_RATE_LIMIT_PER_MINUTE'
  >;
}

/** Single sign-on with the tenant's SAML identity provider and third-party OpenID Connect provider. */
export async function registerSsoModule(app: FastifyInstance, deps: SsoModuleDeps): Promise<void> {
  const { db, tokens, config } = deps;
  await app.register(
    ssoRoutes({
      settings: createSsoSettingsService({
        db,
        sealer: createSecretSealer(deps.sealingKey, 'sso-client-secret'),
      }),
      signIn: createSsoSignInService({ db, tokens, config }),
      saml: createSamlFlow({ db, tokens }),
      oidc: createOidcFlow({ tokens }),
      failures: createSsoFailures({ db }),
      guard: deps.guard,
      sessionTtlSeconds: config.SESSION_TTL_SECONDS,
      rateLimitPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    }),
  );
}
