import type { Config } from '../../platform/config/config.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** Who is asking, from where: passed from the route into every service call. */
export interface CallContext {
  tenantId: string;
  requestId: string;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface IdentityDeps {
  db: TenantDb;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<
    Config,
    'SESSION_TTL_SECONDS' | 'LOCKOUT_THRESHOLD' | 'LOCKOUT_MINUTES' | 'PASSWORD_RESET_TTL_MINUTES'
  >;
}

/** Minutes the second step of sign-in may take before the password must be given again. */
export const PENDING_2FA_TTL_SECONDS = 5 * 60;
