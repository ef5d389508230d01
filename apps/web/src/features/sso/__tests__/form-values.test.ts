import { SSO_MESSAGES, type SsoSettings } from '@formloop/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formFieldOf, landedFieldErrors, sameValues, toCommand, toFormValues } from '../form-values.ts';

const settings: SsoSettings = {
  saml: {
    enabled: true,
    displayName: '',
    metadataUrl: 'https://idp.test/metadata',
    metadataXml: '',
    entryPoint: 'https://idp.test/sso',
    idpCertificate: 'MIIB',
    idpEntityId: 'https://idp.test',
    spEntityId: '',
    usernameAttribute: 'nameID',
    emailAttribute: 'email',
    fullNameAttribute: 'displayName',
  },
  oidc: {
    enabled: true,
    displayName: '',
    issuer: 'https://op.test',
    clientId: 'formloop',
    clientSecretSet: true,
    scopes: 'openid',
    usernameClaim: 'preferred_username',
    emailClaim: 'email',
    fullNameClaim: 'name',
  },
  jitEnabled: true,
  jitUserKind: 'CONSULTANT',
  trustIdpMfa: true,
  serviceProvider: { entityId: 'e', acsUrl: 'a', metadataUrl: 'm', oidcRedirectUri: 'r' },
  modifiedOn: null,
};

describe('single sign-on form values', () => {
  it('start from the saved settings with an empty secret and nothing the PUT does not take', () => {
    const values = toFormValues(settings);
    expect(values.oidc.clientSecret).toBe('');
    expect(values.oidc).not.toHaveProperty('clientSecretSet');
    expect(values).not.toHaveProperty('serviceProvider');
    expect(values).not.toHaveProperty('modifiedOn');
    expect(values.saml).toEqual(settings.saml);
    expect(values.jitUserKind).toBe('CONSULTANT');
  });

  it('fill in what the form left out, so the PUT body is always whole', () => {
    const command = toCommand({ saml: { enabled: true, entryPoint: 'x' } });
    expect(command.saml).toMatchObject({ enabled: true, entryPoint: 'x', metadataXml: '', spEntityId: '' });
    expect(command.oidc.enabled).toBe(false);
    expect(command.oidc.clientSecret).toBe('');
    expect(command).toMatchObject({ jitEnabled: false, jitUserKind: 'USER', trustIdpMfa: false });
  });

  it('compare by value, whatever order the fields come in', () => {
    const values = toFormValues(settings);
    const { saml, oidc, ...accounts } = values;
    const { enabled, ...samlRest } = saml;
    const reordered = { ...accounts, oidc: { ...oidc }, saml: { ...samlRest, enabled } };
    expect(Object.keys(reordered)).not.toEqual(Object.keys(values));
    expect(sameValues(reordered, values)).toBe(true);
    expect(sameValues({ ...values, oidc: { ...values.oidc, clientSecret: 'new' } }, values)).toBe(false);
  });

  it('place the server’s field messages on the fields the form has', () => {
    expect(formFieldOf('saml.entryPoint')).toEqual(['saml', 'entryPoint']);
    expect(formFieldOf('oidc.scopes')).toEqual(['oidc', 'scopes']);
    expect(formFieldOf('jitUserKind')).toEqual(['jitUserKind']);
    expect(formFieldOf('oidc.clientSecretSet')).toBeNull();
    expect(formFieldOf('saml')).toBeNull();
    expect(formFieldOf('body')).toBeNull();
    expect(formFieldOf('saml.entryPoint.0')).toBeNull();
    expect(
      landedFieldErrors([
        { field: 'body', message: 'Bad' },
        { field: 'oidc.issuer', message: SSO_MESSAGES.invalidUrl },
      ]),
    ).toEqual([{ name: ['oidc', 'issuer'], message: SSO_MESSAGES.invalidUrl }]);
  });

  it('have an English text for every SSO_MESSAGES key, with {{placeholders}}', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const english = JSON.parse(readFileSync(join(here, '../../../locales/en/sso.json'), 'utf8')) as {
      messages: Record<string, string>;
    };
    expect(english.messages).toEqual(
      Object.fromEntries(
        Object.entries(SSO_MESSAGES).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
      ),
    );
  });
});
