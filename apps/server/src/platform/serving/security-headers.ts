import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Security headers on every answer (@fastify/helmet), with a Content-Security-Policy fitted to what
// the web app really does: its scripts are the build's own files (index.html has no inline script);
// antd's CSS-in-JS writes <style> elements and style attributes, so inline styles are allowed; the
// favicon, canvas snapshots (signature, barcode) and previews are data: and blob: images, and HTML
// that builders write (e-mail templates shown in preview, the /403 message) may show pictures from
// https sites (an image cannot run anything; scripts stay our own); /TaskHub is a WebSocket; stored
// PDFs preview in an <iframe> of our own origin. The OpenAPI UI at /api/docs loads only its own
// scripts and styles from /api/docs and fits the same policy.

/** The policy's directives (helmet's defaults are not used: every directive is listed here). */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
} as const;

type CspDirectives = Record<string, string[]>;
const appDirectives = (): CspDirectives =>
  Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]));

/**
 * A route's own policy, for the rare page that needs more than the app (route option `helmet`):
 * the app's directives with `replaced` ones swapped in. A page that must run an inline script (an
 * auto-submitting form) adds `enableCSPNonces: true` and writes `reply.cspNonce.script` into its
 * <script nonce>; one that posts a form to another origin replaces `form-action`.
 */
export function routeHelmet(replaced: CspDirectives, options: { enableCSPNonces?: boolean } = {}) {
  return {
    ...options,
    contentSecurityPolicy: { useDefaults: false, directives: { ...appDirectives(), ...replaced } },
  };
}

/** One year, for this host and the tenants' subdomains (every tenant is served by the same servers). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The headers of every answer whose route has no policy of its own. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: appDirectives() },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Tenants are subdomains of one site: their pages may use each other's resources, others may not.
  crossOriginResourcePolicy: { policy: 'same-site' },
  xFrameOptions: { action: 'sameorigin' },
} satisfies HelmetOptions;

/** The headers helmet's middleware sets for `options`, worked out once. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Registers the headers. HSTS is sent only on requests that arrived over https: directly, or through
 * a proxy that says so (X-Forwarded-Proto) when TRUST_PROXY is on; a plain-http installation (a
 * laptop, a test) must not be told to insist on https it does not have. For the same reason the
 * policy has no upgrade-insecure-requests.
 *
 * @fastify/helmet serves the routes with a policy of their own (and their nonces). Every other
 * answer gets the same headers, worked out once here: the plugin would build helmet's middleware and
 * parse the policy again on every request (3-4 % of a record list's server CPU in its profile).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { ...HELMET_OPTIONS, global: false });
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined) reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}
