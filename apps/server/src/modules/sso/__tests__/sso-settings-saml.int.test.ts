import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES, SSO_PATHS } from '@formloop/contracts';
import { freePort } from '../../../../test/free-port.ts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { certificateBody, selfSignedCertificate } from '../../../../test/self-signed-certificate.ts';

// SAML settings from what the identity provider publishes (issue 9): pasted metadata XML or its URL
// fill the entry point, certificate and IdP entity id; and the settings page's test-connection button.

const IDP_ENTITY_ID = 'https://idp.example.com/saml/metadata';
const IDP_REDIRECT_SSO = 'https://idp.example.com/saml/sso/redirect';

let server: TestServer;
let admin: TestClient;
let certificatePem: string;
let metadataServer: Server;
let metadataUrl: string;

/** An IdP's metadata with a POST and a Redirect single sign-on service and one signing key. */
const idpMetadata = (pem: string) => `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"
    entityID="${IDP_ENTITY_ID}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(pem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"
        Location="https://idp.example.com/saml/sso/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
        Location="${IDP_REDIRECT_SSO}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

const samlOnly = (saml: Record<string, unknown>) => ({
  saml: { enabled: true, ...saml },
  oidc: { enabled: false },
  jitEnabled: false,
  trustIdpMfa: false,
});

const textBefore = (template: string) => template.slice(0, template.indexOf('{'));

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  admin = server.client('acme');
  await admin.signIn('ada', 'admin-pass');
  ({ certificatePem } = await selfSignedCertificate());

  // A tiny web server where the IdP publishes its metadata.
  const port = await freePort();
  metadataServer = createServer((req, res) => {
    if (req.url !== '/metadata.xml') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idpMetadata(certificatePem));
  });
  await new Promise<void>((resolve) => metadataServer.listen(port, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${port}/metadata.xml`;
});
afterAll(async () => {
  await new Promise((resolve) => metadataServer?.close(resolve));
  await server?.close();
});

describe('IdP metadata', () => {
  it('fills the entry point, certificate and entity id from pasted metadata XML', async () => {
    const saved = await admin.put(SSO_PATHS.settings, samlOnly({ metadataXml: idpMetadata(certificatePem) }));
    expect(saved.statusCode, saved.body).toBe(200);
    const saml = saved.json().data.saml;
    // The Redirect binding's URL, since sign-in starts with an HTTP-Redirect.
    expect(saml).toMatchObject({ entryPoint: IDP_REDIRECT_SSO, idpEntityId: IDP_ENTITY_ID });
    expect(certificateBody(saml.idpCertificate)).toBe(certificateBody(certificatePem));
    expect((await admin.get(SSO_PATHS.settings)).json().data.saml).toEqual(saml);
  });

  it('downloads the metadata from its URL, which wins over a stale entry point', async () => {
    const saved = await admin.put(
      SSO_PATHS.settings,
      samlOnly({ metadataUrl, entryPoint: 'https://stale.example.com/sso' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const saml = saved.json().data.saml;
    expect(saml).toMatchObject({ metadataUrl, entryPoint: IDP_REDIRECT_SSO, idpEntityId: IDP_ENTITY_ID });
    expect(certificateBody(saml.idpCertificate)).toBe(certificateBody(certificatePem));
  });

  it('says when the metadata URL cannot be reached or the XML cannot be read', async () => {
    const deadUrl = `http://127.0.0.1:${await freePort()}/metadata.xml`;
    const unreachable = await admin.put(SSO_PATHS.settings, samlOnly({ metadataUrl: deadUrl }));
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toBe(SSO_MESSAGES.samlMetadataUnreachable);

    const missing = await admin.put(SSO_PATHS.settings, samlOnly({ metadataUrl: `${metadataUrl}.gone` }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SSO_MESSAGES.samlMetadataUnreachable);

    const unreadable = await admin.put(SSO_PATHS.settings, samlOnly({ metadataXml: '<md:EntityDescriptor' }));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message.startsWith(textBefore(SSO_MESSAGES.samlMetadataUnreadable))).toBe(true);

    // The settings saved before are untouched by the refused saves.
    expect((await admin.get(SSO_PATHS.settings)).json().data.saml.metadataUrl).toBe(metadataUrl);
  });
});

describe('testing the SAML connection', () => {
  it('checks the unsaved settings and says until when the certificate is valid', async () => {
    const validTo = new Date(new X509Certificate(certificatePem).validTo);
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'saml',
      // Any HTTP answer shows the sign-in URL is there (the little metadata server answers it).
      saml: { enabled: true, entryPoint: metadataUrl, idpCertificate: certificatePem },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { ok, message } = res.json().data;
    expect(ok).toBe(true);
    expect(message.startsWith(textBefore(SSO_MESSAGES.samlTestSucceeded))).toBe(true);
    expect(message).toContain(String(validTo.getUTCFullYear()));
  });

  it('answers ok false when the IdP’s sign-in URL cannot be reached', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'saml',
      saml: {
        enabled: true,
        entryPoint: `http://127.0.0.1:${await freePort()}/sso`,
        idpCertificate: certificatePem,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: false, message: SSO_MESSAGES.samlEntryPointUnreachable });
  });

  it('answers ok false with the reason for a certificate that is not one', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'saml',
      saml: { enabled: true, entryPoint: 'https://idp.example.com/sso', idpCertificate: 'MIIBnotacert==' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: false, message: SSO_MESSAGES.certificateInvalid });
  });
});
