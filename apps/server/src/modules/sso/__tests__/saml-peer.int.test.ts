import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSamlIdp, rewriteSamlResponse, type TestSamlIdp } from '../../../../test/saml-idp.ts';

// Proves the test IdP (samlify) against @node-saml/node-saml alone, configured as our service
// provider is: both the Response and the Assertion must be signed, InResponseTo always checked.
const SP_ENTITY_ID = 'http://sp.test/identity/sso/saml/metadata';
const ACS_URL = 'http://sp.test/identity/sso/saml/acs';

let idp: TestSamlIdp;
let impostor: TestSamlIdp;

beforeAll(async () => {
  [idp, impostor] = await Promise.all([
    createTestSamlIdp({ entityId: 'https://idp.test/saml' }),
    // Same entity id and name, another key: what a forger without the IdP's key can produce.
    createTestSamlIdp({ entityId: 'https://idp.test/saml' }),
  ]);
});
afterAll(async () => {
  await idp?.close();
  await impostor?.close();
});

const serviceProvider = () =>
  new SAML({
    entryPoint: 'http://127.0.0.1:9/sso',
    issuer: SP_ENTITY_ID,
    audience: SP_ENTITY_ID,
    callbackUrl: ACS_URL,
    idpCert: idp.certificatePem,
    idpIssuer: idp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    acceptedClockSkewMs: 120_000,
  });

async function signInAt(sp: SAML, from: TestSamlIdp, options?: Parameters<TestSamlIdp['respond']>[3]) {
  const redirectUrl = await sp.getAuthorizeUrlAsync('relay-token', undefined, {});
  const metadata = sp.generateServiceProviderMetadata(null, null);
  return from.respond(
    metadata,
    redirectUrl,
    { nameId: 'alice', email: 'alice@idp.test', displayName: 'Alice Idp' },
    options,
  );
}

describe('the samlify test IdP against node-saml', () => {
  it('signs a response node-saml accepts, with the NameID and attributes, answering the request', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp);
    expect(answer.RelayState).toBe('relay-token');
    expect(answer.acsUrl).toBe(ACS_URL);
    const xml = Buffer.from(answer.SAMLResponse, 'base64').toString('utf8');
    // Both signed: one signature over the Response, one over the Assertion.
    expect(xml.match(/<ds:Signature[\s>]/g)).toHaveLength(2);

    const { profile, loggedOut } = await sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse });
    expect(loggedOut).toBe(false);
    expect(profile).toMatchObject({
      nameID: 'alice',
      issuer: idp.entityId,
      inResponseTo: answer.requestId,
      email: 'alice@idp.test',
      displayName: 'Alice Idp',
    });
  });

  it('the IdP metadata carries its signing certificate and redirect sign-on URL', () => {
    const metadata = idp.metadataXml;
    expect(metadata).toContain(`entityID="${idp.entityId}"`);
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    const certificateBody = idp.certificatePem.replace(/-----[^-]+-----|\s/g, '');
    expect(metadata.replace(/\s/g, '')).toContain(certificateBody);
  });

  it('refuses a response whose NameID was changed after signing', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp);
    const tampered = rewriteSamlResponse(answer.SAMLResponse, (xml) =>
      xml.replace('>alice</saml:NameID>', '>admin</saml:NameID>'),
    );
    await expect(sp.validatePostResponseAsync({ SAMLResponse: tampered })).rejects.toThrow(
      /Invalid (document )?signature/,
    );
  });

  it('refuses a response signed by another key', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, impostor);
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse })).rejects.toThrow(
      /Invalid (document )?signature/,
    );
  });

  it('refuses the same response the second time: its request id was consumed', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp);
    await sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse })).rejects.toThrow(
      /InResponseTo/,
    );
  });

  it('refuses an assertion whose conditions expired beyond the accepted clock skew', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp, {
      notOnOrAfter: new Date(Date.now() - 60 * 60_000),
      subjectNotOnOrAfter: new Date(Date.now() + 5 * 60_000),
    });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse })).rejects.toThrow(
      'SAML assertion expired: clocks skewed too much',
    );
  });

  it('an expired response as IdPs send it (subject confirmation expired too) fails on the subject first', async () => {
    // node-saml checks the subject confirmation before the conditions, so a response whose times all
    // ran out reports no valid subject confirmation: the server must read that as expired as well.
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp, { notOnOrAfter: new Date(Date.now() - 60 * 60_000) });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse })).rejects.toThrow(
      'No valid subject confirmation found among those available in the SAML assertion',
    );
  });

  it('accepts a response that ran out within the accepted clock skew', async () => {
    const sp = serviceProvider();
    const answer = await signInAt(sp, idp, { notOnOrAfter: new Date(Date.now() - 30_000) });
    await expect(sp.validatePostResponseAsync({ SAMLResponse: answer.SAMLResponse })).resolves.toMatchObject({
      profile: { nameID: 'alice' },
    });
  });
});
