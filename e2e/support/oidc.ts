import { randomBytes } from 'node:crypto';
import { SSO_PATHS } from '@formloop/contracts';
import {
  startOidcPeer,
  type OidcPeer,
  type OidcPeerAccount,
} from '../../apps/server/test/oidc-provider-peer.ts';
import { apiAs } from './api.ts';
import { SSO_OFF } from './saml.ts';
import { ADMIN } from './users.ts';

const CLIENT_ID = 'formloop-e2e';

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with our demo tenant registered as its
 * client, and the tenant's administrator saving the provider in the OIDC settings through the
 * settings API. The redirect URI is the one the browser reaches us at (E2E_BASE_URL's host), as the
 * server builds it from the request's own origin.
 */
export async function serveOidcProviderForDemo(
  baseURL: string,
  options: { displayName: string; accounts: OidcPeerAccount[] },
) {
  const clientSecret = randomBytes(24).toString('base64url');
  const peer: OidcPeer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret,
    redirectUri: new URL(SSO_PATHS.oidcCallback, baseURL).href,
    accounts: options.accounts,
  });
  const admin = await apiAs(baseURL, ADMIN.username, ADMIN.password);
  try {
    await admin.put(SSO_PATHS.settings, {
      ...SSO_OFF,
      oidc: {
        enabled: true,
        displayName: options.displayName,
        issuer: peer.issuer,
        clientId: CLIENT_ID,
        clientSecret,
      },
    });
  } catch (error) {
    await admin.dispose();
    await peer.close();
    throw error;
  }
  return {
    peer,
    async close() {
      await admin.put(SSO_PATHS.settings, SSO_OFF);
      await admin.dispose();
      await peer.close();
    },
  };
}
