import { request } from '@playwright/test';
import { SSO_PATHS } from '@formloop/contracts';
import { createTestSamlIdp, type TestSamlIdp, type TestSamlUser } from '../../apps/server/test/saml-idp.ts';
import { apiAs } from './api.ts';
import { ADMIN } from './users.ts';

/** Settings that switch every sign-in method off again, so later journeys see the login page as before. */
export const SSO_OFF = {
  saml: { enabled: false },
  oidc: { enabled: false },
  jitEnabled: false,
  trustIdpMfa: false,
};

/**
 * A real samlify identity provider served on 127.0.0.1 for the demo tenant: it reads the tenant's
 * service-provider metadata, and the administrator saves its metadata in the tenant's SAML settings
 * (through the settings API; the settings page has journeys of its own).
 */
export async function serveSamlIdpForDemo(baseURL: string, users: TestSamlUser[]) {
  const idp = await serveTestSamlIdp(baseURL, users);
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  await admin.put(SSO_PATHS.settings, {
    ...SSO_OFF,
    saml: { enabled: true, metadataXml: idp.metadataXml },
  });
  return {
    idp,
    async close() {
      await admin.put(SSO_PATHS.settings, SSO_OFF);
      await admin.dispose();
      await idp.close();
    },
  };
}

/**
 * A served test IdP that already knows the demo tenant's service provider (its public metadata),
 * leaving the tenant's settings alone: for journeys where the administrator enters the IdP on the
 * settings page.
 */
export async function serveTestSamlIdp(baseURL: string, users: TestSamlUser[]): Promise<TestSamlIdp> {
  const idp = await createTestSamlIdp({ entityId: 'https://idp.e2e.test/saml' });
  const anonymous = await request.newContext({ baseURL });
  const metadata = await anonymous.get(SSO_PATHS.samlMetadata);
  if (!metadata.ok()) throw new Error(`SP metadata: ${metadata.status()} ${await metadata.text()}`);
  const spMetadataXml = await metadata.text();
  await anonymous.dispose();
  await idp.serve({ spMetadataXml, users });
  return idp;
}

/** Switches every single sign-on method of the demo tenant off as its administrator would. */
export async function switchSsoOff(baseURL: string): Promise<void> {
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  try {
    await admin.put(SSO_PATHS.settings, SSO_OFF);
  } finally {
    await admin.dispose();
  }
}
