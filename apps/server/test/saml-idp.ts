import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import * as validator from '@authenio/samlify-node-xmllint';
import type * as Samlify from 'samlify';
import { freePort } from './free-port.ts';
import { selfSignedCertificate } from './self-signed-certificate.ts';

// A real SAML 2.0 identity provider for tests (samlify 2.13), so our service provider is proven
// against a peer that signs with its own key, not against XML we wrote to match our own parser.

// Required rather than imported: samlify exports SamlLib through a getter that Node's ESM loader
// (Playwright's runner) cannot see as a named export, while require gives the whole module everywhere.
const samlify = createRequire(import.meta.url)('samlify') as typeof Samlify;
samlify.setSchemaValidator(validator);

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const NAME_ID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const FIVE_MINUTES_MS = 5 * 60_000;

export interface TestSamlUser {
  /** The subject's NameID. */
  nameId: string;
  email?: string;
  displayName?: string;
  /** More attributes, by name. */
  attributes?: Record<string, string>;
}

export interface TestSamlResponseOptions {
  /** The assertion's Conditions NotOnOrAfter; a past instant makes an expired response. */
  notOnOrAfter?: Date;
  /** The subject confirmation's NotOnOrAfter; defaults to notOnOrAfter, as real IdPs send them alike. */
  subjectNotOnOrAfter?: Date;
  /** Answer another request id than the one in the AuthnRequest ('' leaves InResponseTo empty). */
  inResponseTo?: string;
  /**
   * What the IdP signs: the Response and its Assertion ('both', the default), the Assertion alone
   * (Entra ID's default), or the Response alone.
   */
  signing?: 'both' | 'assertion' | 'response';
  /** The Audience the assertion is meant for; defaults to the SP's entity id. */
  audience?: string;
}

export interface TestSamlResponse {
  SAMLResponse: string;
  RelayState: string;
  /** Where the service provider's metadata says to POST it. */
  acsUrl: string;
  /** The AuthnRequest's id this response answers. */
  requestId: string;
}

export interface TestSamlIdp {
  entityId: string;
  certificatePem: string;
  /** The IdP's metadata (its single sign-on URL is the served one once serve() ran). */
  readonly metadataXml: string;
  /** The HTTP-Redirect single sign-on URL; set by serve(). */
  readonly ssoUrl: string | null;
  respond(
    spMetadataXml: string,
    redirectUrl: string,
    user: TestSamlUser,
    options?: TestSamlResponseOptions,
  ): Promise<TestSamlResponse>;
  /**
   * Serves GET /sso on 127.0.0.1: a sign-in page with one button per user, each a form that POSTs
   * its signed response and the RelayState to the service provider's ACS.
   */
  serve(options: { spMetadataXml: string; users: TestSamlUser[] }): Promise<string>;
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function attributeStatement(user: TestSamlUser): string {
  const attributes: Record<string, string> = {
    ...(user.email !== undefined ? { email: user.email } : {}),
    ...(user.displayName !== undefined ? { displayName: user.displayName } : {}),
    ...user.attributes,
  };
  const entries = Object.entries(attributes);
  if (!entries.length) return '';
  const body = entries
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
        `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

const authnStatement = (instant: string) =>
  `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_${randomUUID()}"><saml:AuthnContext>` +
  '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
  '</saml:AuthnContext></saml:AuthnStatement>';

/** Decodes a base64 SAMLResponse, lets `edit` change the XML, and encodes it again (for tampering tests). */
export function rewriteSamlResponse(samlResponse: string, edit: (xml: string) => string): string {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const edited = edit(xml);
  if (edited === xml) throw new Error('the edit changed nothing in the SAML response');
  return Buffer.from(edited, 'utf8').toString('base64');
}

export const decodeSamlResponse = (samlResponse: string) =>
  Buffer.from(samlResponse, 'base64').toString('utf8');

export async function createTestSamlIdp(
  options: { entityId?: string; commonName?: string } = {},
): Promise<TestSamlIdp> {
  const entityId = options.entityId ?? 'https://idp.test/saml';
  const { privateKeyPem, certificatePem } = await selfSignedCertificate(options.commonName ?? 'test-idp', 2);
  let ssoUrl: string | null = null;
  let server: Server | null = null;

  const identityProvider = () =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: privateKeyPem,
      signingCert: certificatePem,
      nameIDFormat: [NAME_ID_UNSPECIFIED],
      wantAuthnRequestsSigned: false,
      // Until served, the address is a placeholder: tests that inject requests never follow it.
      singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: ssoUrl ?? 'http://127.0.0.1:9/sso' }],
      // Never called; declared so samlify does not warn about a missing logout endpoint.
      singleLogoutService: [
        { Binding: REDIRECT_BINDING, Location: `${ssoUrl ?? 'http://127.0.0.1:9/sso'}/logout` },
      ],
    });

  async function respond(
    spMetadataXml: string,
    redirectUrl: string,
    user: TestSamlUser,
    responseOptions: TestSamlResponseOptions = {},
  ): Promise<TestSamlResponse> {
    const idp = identityProvider();
    // wantMessageSigned signs the whole Response; the SP metadata's WantAssertionsSigned="true" signs
    // the Assertion (samlify reads it from the metadata, so a Response-only signature needs it off).
    const signing = responseOptions.signing ?? 'both';
    const metadata =
      signing === 'response'
        ? spMetadataXml.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"')
        : spMetadataXml;
    const sp = samlify.ServiceProvider({ metadata, wantMessageSigned: signing !== 'assertion' });
    const query = Object.fromEntries(new URL(redirectUrl).searchParams);
    if (!query['SAMLRequest']) throw new Error(`no SAMLRequest in ${redirectUrl}`);
    const parsed = await idp.parseLoginRequest(sp, 'redirect', { query });
    const requestId = String(parsed.extract.request?.['id'] ?? '');
    const acsUrl = sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post);
    if (typeof acsUrl !== 'string' || !acsUrl) throw new Error('the SP metadata names no HTTP-POST ACS');

    const notOnOrAfter = responseOptions.notOnOrAfter ?? new Date(Date.now() + FIVE_MINUTES_MS);
    const subjectNotOnOrAfter = responseOptions.subjectNotOnOrAfter ?? notOnOrAfter;
    // An expired response was also issued in the past, so its own times stay in order.
    const earliestEnd = Math.min(notOnOrAfter.getTime(), subjectNotOnOrAfter.getTime());
    const issuedAt = new Date(Math.min(Date.now(), earliestEnd - FIVE_MINUTES_MS));
    const instant = issuedAt.toISOString();
    const inResponseTo = responseOptions.inResponseTo ?? requestId;

    const response = await idp.createLoginResponse(
      sp,
      { extract: parsed.extract },
      'post',
      { ...user },
      {
        customTagReplacement: (template) => {
          const withStatements = template
            .replace('{AuthnStatement}', authnStatement(instant))
            .replace('{AttributeStatement}', attributeStatement(user));
          const context = samlify.SamlLib.replaceTagsByValue(withStatements, {
            ID: `_${randomUUID()}`,
            AssertionID: `_${randomUUID()}`,
            Destination: acsUrl,
            Audience: responseOptions.audience ?? sp.entityMeta.getEntityID(),
            SubjectRecipient: acsUrl,
            Issuer: entityId,
            IssueInstant: instant,
            StatusCode: samlify.Constants.StatusCode.Success,
            ConditionsNotBefore: instant,
            ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: subjectNotOnOrAfter.toISOString(),
            NameIDFormat: NAME_ID_UNSPECIFIED,
            NameID: user.nameId,
            InResponseTo: inResponseTo,
          });
          return { id: '', context };
        },
      },
    );
    return {
      SAMLResponse: response.context,
      RelayState: query['RelayState'] ?? '',
      acsUrl,
      requestId,
    };
  }

  async function signInPage(url: URL, spMetadataXml: string, users: TestSamlUser[]) {
    const forms: string[] = [];
    for (const user of users) {
      const answer = await respond(spMetadataXml, url.toString(), user);
      forms.push(
        `<form method="post" action="${escapeXml(answer.acsUrl)}">` +
          `<input type="hidden" name="SAMLResponse" value="${escapeXml(answer.SAMLResponse)}">` +
          `<input type="hidden" name="RelayState" value="${escapeXml(answer.RelayState)}">` +
          `<button type="submit">Sign in as ${escapeXml(user.nameId)}</button></form>`,
      );
    }
    return (
      '<!doctype html><html><head><meta charset="utf-8"><title>Test IdP</title></head><body>' +
      `<h1>Test IdP — sign in as</h1><p>Identity provider ${escapeXml(entityId)}</p>${forms.join('')}</body></html>`
    );
  }

  return {
    entityId,
    certificatePem,
    get metadataXml() {
      return identityProvider().getMetadata();
    },
    get ssoUrl() {
      return ssoUrl;
    },
    respond,
    async serve({ spMetadataXml, users }) {
      if (server) throw new Error('the test IdP is already served');
      const port = await freePort();
      const httpServer = createServer((request, reply) => {
        const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
        if (request.method !== 'GET' || url.pathname !== '/sso') {
          reply.writeHead(404).end();
          return;
        }
        signInPage(url, spMetadataXml, users).then(
          (html) => reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
          (error: unknown) =>
            reply
              .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
              .end(`The test IdP could not read the request: ${String(error)}`),
        );
      });
      await new Promise<void>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, '127.0.0.1', resolve);
      });
      server = httpServer;
      ssoUrl = `http://127.0.0.1:${port}/sso`;
      return ssoUrl;
    },
    async close() {
      const running = server;
      server = null;
      ssoUrl = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
