import type { Config } from '../../platform/config/config.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';

export interface IdentityDeps {
  db: TenantDb;
  tokens: TokenService;
  mailer: Mailer;
  /** Drop cached session answers after a revocation commits (see platform/auth/session-cache.ts). */
  sessionCache: SessionCache;
  config: Pick<
    Config,
    'SESSION_TTL_SECONDS' | 'LOCKOUT_THRESHOLD' | 'LOCKOUT_MINUTES' | 'PASSWORD_RESET_TTL_MINUTES'
  >;
}

/** Minutes the second step of sign-in may take before the password must be given again. */
export const PENDING_2FA_TTL_SECONDS = 5 * 60;
