import { describe, expect, it } from 'vitest';
import { claimValue, identityFrom } from '../identity-claims.ts';

const DEFAULT_SAML = { username: 'nameID', email: 'email', fullName: 'displayName' };
const ENTRA_EMAIL = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

describe('reading who the provider vouches for', () => {
  it('takes an e-mail NameID as an e-mail candidate with the default mapping', () => {
    expect(identityFrom({ nameID: 'John.Smith@corp.test' }, DEFAULT_SAML, { reference: 'x' })).toEqual({
      username: 'John.Smith@corp.test',
      emails: ['John.Smith@corp.test'],
      fullname: '',
      reference: 'x',
    });
  });

  it('finds the e-mail under the usual names, the mapped one first, without duplicates', () => {
    const claims = {
      nameID: 'opaque-1',
      [ENTRA_EMAIL]: ['a@corp.test'],
      mail: 'b@corp.test',
      'urn:oid:0.9.2342.19200300.100.1.3': 'A@corp.test',
      displayName: ' Ann ',
    };
    expect(identityFrom(claims, DEFAULT_SAML).emails).toEqual(['b@corp.test', 'a@corp.test']);
    expect(identityFrom(claims, { ...DEFAULT_SAML, email: ENTRA_EMAIL }).emails[0]).toBe('a@corp.test');
    expect(identityFrom(claims, DEFAULT_SAML).fullname).toBe('Ann');
  });

  it('compares claim names without regard to case, the exact name first', () => {
    expect(claimValue({ EMAIL: 'x@corp.test' }, 'email')).toBe('x@corp.test');
    expect(claimValue({ Email: 'y@corp.test', email: 'z@corp.test' }, 'email')).toBe('z@corp.test');
    expect(claimValue({ email: 42 }, 'email')).toBe('');
    expect(claimValue({ email: 'x' }, '')).toBe('');
  });

  it('ignores values that are no e-mail, and every e-mail claim when the provider did not verify it', () => {
    expect(identityFrom({ nameID: 'jsmith', email: 'not an address' }, DEFAULT_SAML).emails).toEqual([]);
    const oidc = { username: 'preferred_username', email: 'email', fullName: 'name' };
    const claims = { preferred_username: 'u@corp.test', email: 'v@corp.test' };
    expect(identityFrom(claims, oidc, { emailTrusted: false }).emails).toEqual(['u@corp.test']);
  });
});
