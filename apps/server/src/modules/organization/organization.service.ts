import {
  msg,
  type CurrentOrganization,
  type OrganizationPreferenceData,
  type SetOrganizationPreferenceBody,
  type SetOrganizationTimeZoneBody,
} from '@formloop/contracts';
import { withPreferenceDefaults } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import type { RequestTenant } from '../../platform/tenancy/tenant-resolver.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { acceptTimeZone } from '../profile/index.ts';
import * as repo from './organization.repository.ts';
import type { PreferenceRow } from './organization.repository.ts';

/** The API's snake_case preference, defaults filled in and 'GMT Standard Time' read as UTC. */
export function toPreference(row: PreferenceRow | null): OrganizationPreferenceData {
  return withPreferenceDefaults(
    row && {
      time_zone: row.timeZone,
      date_format: row.dateFormat,
      datetime_format: row.datetimeFormat,
      time_format: row.timeFormat,
    },
  );
}

/** Organization preference (spec §3): one row per tenant, read by everyone, changed by settings roles. */
export function createOrganizationService({ db }: { db: TenantDb }) {
  /** Locks the row, applies `changes` when they change anything, and audits before and after. */
  const change = (ctx: CallContext, auth: RequestAuth, action: string, changes: Partial<PreferenceRow>) =>
    db.inTenant(ctx.tenantId, async (tx: TenantTx) => {
      const current = await repo.lockPreference(tx, ctx.tenantId);
      const before = toPreference(current);
      const after = toPreference({ ...current, ...changes });
      if (JSON.stringify(before) === JSON.stringify(after)) return after;
      await repo.updatePreference(tx, ctx.tenantId, changes, auth.userId);
      await appendAudit(tx, {
        tenantId: ctx.tenantId,
        userId: auth.userId,
        entity: 'organization',
        entityId: ctx.tenantId,
        action,
        before,
        after,
        requestId: ctx.requestId,
      });
      return after;
    });

  return {
    async current(ctx: CallContext, tenant: RequestTenant): Promise<CurrentOrganization> {
      const row = await db.inTenant(ctx.tenantId, (tx) => repo.findPreference(tx, ctx.tenantId));
      return {
        preference: toPreference(row),
        name: tenant.name,
        company: tenant.company,
        support_email: tenant.supportEmail,
        person_in_charge_phone: tenant.personInChargePhone,
      };
    },

    async setTimeZone(
      ctx: CallContext,
      auth: RequestAuth,
      body: SetOrganizationTimeZoneBody,
    ): Promise<OrganizationPreferenceData> {
      const zone = acceptTimeZone(body.timeZone);
      if (zone === null) {
        throw badRequest(msg('organization.invalidTimeZone'), [
          fieldError('timeZone', msg('organization.invalidTimeZone')),
        ]);
      }
      return change(ctx, auth, 'organization-time-zone-changed', { timeZone: zone });
    },

    async setPreference(
      ctx: CallContext,
      auth: RequestAuth,
      body: SetOrganizationPreferenceBody,
    ): Promise<OrganizationPreferenceData> {
      return change(ctx, auth, 'organization-preference-changed', {
        dateFormat: body.date_format,
        datetimeFormat: body.datetime_format,
        timeFormat: body.time_format,
      });
    },
  };
}

/** The organization's IANA zone (schedules, report periods): UTC when unset or unknown here. */
export async function organizationZone(tx: TenantTx, tenantId: string): Promise<string> {
  const preference = await repo.findPreference(tx, tenantId);
  return acceptTimeZone(preference?.timeZone ?? 'UTC') ?? 'UTC';
}
