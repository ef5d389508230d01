import type { SsoFailure, SsoFailureCause, SsoProvider } from '@formloop/contracts';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { describeFailure } from './oidc-discovery.ts';
import type { SsoRefusal } from './sso-sign-in.service.ts';
import * as repo from './sso.repository.ts';

/** How many refused sign-ins the settings page shows (the audit log keeps every one). */
export const KEPT_FAILURES = 20;
const DETAIL_MAX = 500;
const SUBJECT_MAX = 200;

/** The library's or provider's own words about a refusal, for the administrator. */
export const failureDetail = (refusal: SsoRefusal): string =>
  describeFailure(refusal.cause ?? refusal, DETAIL_MAX);

/**
 * Refused single sign-ons, told to the administrator: the newest few per tenant for the settings
 * page, and every one in the audit trail (entity sso_sign_in, action failed), so the real cause
 * (client rejected, clock skew, audience, unknown user, signature) is not only in the server log.
 */
export function createSsoFailures(deps: { db: TenantDb }) {
  const { db } = deps;
  return {
    async record(ctx: CallContext, provider: SsoProvider, refusal: SsoRefusal): Promise<void> {
      const detail = failureDetail(refusal);
      const subject = refusal.subject.slice(0, SUBJECT_MAX);
      await db.inTenant(ctx.tenantId, async (tx) => {
        const row = await repo.insertFailure(tx, {
          tenantId: ctx.tenantId,
          provider,
          cause: refusal.reason,
          subject,
          detail,
        });
        await repo.pruneFailures(tx, ctx.tenantId, KEPT_FAILURES);
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: null,
          entity: 'sso_sign_in',
          entityId: row.id,
          action: 'failed',
          after: {
            provider,
            cause: refusal.reason,
            status: refusal.status,
            subject,
            detail,
            ip: ctx.ipAddress,
          },
          requestId: ctx.requestId,
        });
      });
    },

    async list(ctx: CallContext): Promise<SsoFailure[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) =>
        repo.listFailures(tx, ctx.tenantId, KEPT_FAILURES),
      );
      return rows.map((row) => ({
        id: row.id,
        occurredOn: row.occurredOn.toISOString(),
        provider: row.provider as SsoProvider,
        cause: row.cause as SsoFailureCause,
        subject: row.subject,
        detail: row.detail,
      }));
    },
  };
}

export type SsoFailures = ReturnType<typeof createSsoFailures>;
