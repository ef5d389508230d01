import type { ProviderIdentity } from './sso-sign-in.service.ts';

// Reading who a provider vouches for out of its SAML attributes or OIDC claims. The administrator's
// mapping comes first; the e-mail is then also looked for where the big identity providers put it by
// default, so that matching by e-mail works out of the box:
//   - Entra ID (SAML): the claim URI …/identity/claims/emailaddress, and the e-mail as NameID;
//   - LDAP-style IdPs (Shibboleth, Okta's LDAP profile): mail, or its OID urn:oid:0.9.2342.19200300.100.1.3;
//   - ADFS and some consoles: emailaddress; OIDC providers: email.

/** The usual names of the e-mail attribute or claim, tried after the configured one. */
export const USUAL_EMAIL_CLAIMS = [
  'email',
  'mail',
  'emailaddress',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
] as const;

/** A deliberately loose address shape: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL.test(value);

/** A value as text: the first of a list (IdPs send single values as arrays too), trimmed. */
function textOf(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/**
 * The value of `name` among `claims`: the exact name first, then the same name in another case
 * (attribute names are compared case-insensitively by many IdPs' consoles).
 */
export function claimValue(claims: Record<string, unknown>, name: string): string {
  if (!name) return '';
  const exact = textOf(claims[name]);
  if (exact) return exact;
  const lower = name.toLowerCase();
  const other = Object.keys(claims).find((key) => key !== name && key.toLowerCase() === lower);
  return other ? textOf(claims[other]) : '';
}

/**
 * The identity from the provider's claims: username and full name through the mapping; the e-mail
 * candidates in order: the mapped claim, the usual claims, then the username itself when it is an
 * e-mail (the NameID of most SAML set-ups, the UPN Entra ID sends as preferred_username).
 * `emailTrusted` false (an OIDC provider that says email_verified: false) leaves the e-mail claims out;
 * `reference` is the provider's own id of the person (NameID, sub), for the administrator only.
 */
export function identityFrom(
  claims: Record<string, unknown>,
  mapping: { username: string; email: string; fullName: string },
  options: { emailTrusted?: boolean; reference?: string } = {},
): ProviderIdentity {
  const username = claimValue(claims, mapping.username);
  const candidates =
    options.emailTrusted === false
      ? []
      : [mapping.email, ...USUAL_EMAIL_CLAIMS].map((name) => claimValue(claims, name));
  const emails = [...candidates, username].filter(looksLikeEmail);
  const seen = new Set<string>();
  // The first spelling of each address, in the order above.
  const unique = emails.filter((email) => !seen.has(email.toLowerCase()) && seen.add(email.toLowerCase()));
  return {
    username,
    emails: unique,
    fullname: claimValue(claims, mapping.fullName),
    reference: options.reference ?? '',
  };
}
