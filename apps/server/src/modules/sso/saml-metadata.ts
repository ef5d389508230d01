import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';

// Reading what an identity provider publishes about itself (SAML 2.0 metadata) and the certificate
// it signs with. Pure functions: the settings service decides what a failure means to the user.

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

export interface IdpMetadata {
  entityId: string;
  /** The single sign-on URL of the HTTP-Redirect binding (POST when the IdP offers no redirect). */
  entryPoint: string;
  /** The signing certificate as PEM. */
  certificate: string;
}

export class MetadataError extends Error {}

/** Reads an EntityDescriptor (or the first one of an EntitiesDescriptor) with an IDPSSODescriptor. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') problems.push(String(message));
    },
  }).parseFromString(xml, 'text/xml');
  if (problems.length || !doc?.documentElement) {
    throw new MetadataError(problems[0]?.split('\n')[0]?.trim() || 'not XML');
  }
  const idp = doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) throw new MetadataError('no IDPSSODescriptor');
  const entity = idp.parentNode as Element | null;
  const entityId = entity?.getAttribute?.('entityID') ?? '';
  if (!entityId) throw new MetadataError('no entityID');

  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const service =
    services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING) ??
    services.find((s) => s.getAttribute('Binding') === POST_BINDING);
  const entryPoint = service?.getAttribute('Location') ?? '';
  if (!entryPoint) throw new MetadataError('no SingleSignOnService');

  const keys = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'));
  const signing = keys.find((k) => k.getAttribute('use') !== 'encryption');
  const certText = signing?.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent ?? '';
  const certificate = normaliseCertificate(certText);
  if (!certificate) throw new MetadataError('no signing certificate');
  return { entityId, entryPoint, certificate };
}

/**
 * A PEM certificate from PEM or bare base64 (as metadata and most IdP consoles show it), or null
 * when it is not an X.509 certificate.
 */
export function normaliseCertificate(text: string): string | null {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/** When the certificate stops being valid (ISO date), for the test-connection answer. */
export function certificateValidTo(pem: string): string {
  return new Date(new X509Certificate(pem).validTo).toISOString().slice(0, 10);
}
