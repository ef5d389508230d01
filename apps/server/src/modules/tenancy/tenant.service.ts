import { msg } from '@formloop/contracts';

import type { TenantInfo } from '@formloop/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { RequestTenant } from '../../platform/tenancy/tenant-resolver.ts';
import type { FindTenant } from '../../platform/tenancy/tenant-resolver.ts';

export const isLicenceExpired = (tenant: RequestTenant, now = new Date()) =>
  tenant.licenceExpiresOn !== null && tenant.licenceExpiresOn < now.toISOString().slice(0, 10);

export function createTenantService(findTenant: FindTenant) {
  return {
    /** Spec §6: an expired licence answers 403 here, and the web app sends the user to /403. */
    info(tenant: RequestTenant): TenantInfo {
      if (isLicenceExpired(tenant))
        throw new AppError(403, 'LICENCE_EXPIRED', msg('validation.licenceExpired'));
      return {
        name: tenant.name,
        label: tenant.label,
        company: tenant.company,
        support_email: tenant.supportEmail,
        person_in_charge_phone: tenant.personInChargePhone,
        licence_expires_on: tenant.licenceExpiresOn,
        licences: tenant.featureLicences,
      };
    },
    async exists(domain: string): Promise<boolean> {
      const tenant = await findTenant(domain);
      return tenant !== null && tenant.status === 'active';
    },
  };
}
