import { z } from 'zod';
import { MESSAGES, normaliseDomain, validateDomain } from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

/** GET /api/sys/tenant/info (spec §3 tenant info, used by the help dropdown and footer). */
export const tenantInfoSchema = z.object({
  name: z.string(),
  label: z.string(),
  company: z.string(),
  support_email: z.string().nullable(),
  person_in_charge_phone: z.string().nullable(),
  licence_expires_on: z.string().nullable(),
  /** Feature licence keys held, e.g. BOT_COMPANIES_HOUSE, AI_{PROVIDER}_{SERVICE}. */
  licences: z.array(z.string()),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;
export const tenantInfoResponseSchema = envelope(tenantInfoSchema);

/** GET /api/sys/tenant/exists?domain= — the login-domain page's check before redirecting. */
export const tenantExistsQuerySchema = z.object({
  domain: z
    .string({ error: MESSAGES.domainRequired })
    .max(253, MESSAGES.noDoubleHyphen)
    .check(refineWith(validateDomain))
    .transform(normaliseDomain),
});
export const tenantExistsResponseSchema = envelope(z.object({ exists: z.literal(true), url: z.string() }));
