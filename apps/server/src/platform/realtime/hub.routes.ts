import { msg } from '@formloop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TASK_HUB_PATH } from '@formloop/domain';
import { bearerToken, type RequestAuth, type createAuthenticate } from '../auth/request-auth.ts';
import { errorResponses } from '../http/error-responses.ts';
import { forbidden, notFound, unauthenticated } from '../http/errors.ts';
import { requireTenant } from '../tenancy/tenant-resolver.ts';
import { newConnectionId, type ConnectionGrant, type ConnectionTokens } from './connection-tokens.ts';
import type { HubSocket } from './hub-connection.ts';
import type { HubConnections } from './hub-connections.ts';

export interface HubRouteDeps {
  connections: HubConnections;
  tokens: ConnectionTokens;
  guard: ReturnType<typeof createAuthenticate>;
  baseDomain: string;
}

const NEGOTIATE_PATH = `${TASK_HUB_PATH}/negotiate`;

const negotiateQuery = z.looseObject({
  negotiateVersion: z.string().max(8).optional(),
  /** Spec §7: the web app names its user; it must be the signed-in one. */
  userId: z.string().max(128).optional(),
});

const negotiateResponse = z.object({
  negotiateVersion: z.literal(1),
  connectionId: z.string(),
  connectionToken: z.string(),
  availableTransports: z.array(
    z.object({ transport: z.literal('WebSockets'), transferFormats: z.array(z.string()) }),
  ),
});

const connectQuery = z.looseObject({
  /** The negotiated connection token; absent when the client skips negotiation. */
  id: z.string().max(1024).optional(),
  userId: z.string().max(128).optional(),
});

const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Requested-With, X-SignalR-User-Agent';

/**
 * Cross-origin calls are answered only for pages of this deployment (the base domain and its
 * tenant hosts) or of the very host asked; any other origin gets no CORS headers, so browsers keep
 * the answer from it. The usual case is same-origin and needs none of this.
 */
export function isAllowedOrigin(origin: string, requestHost: string, baseDomain: string): boolean {
  if (!URL.canParse(origin)) return false;
  const { host, hostname, protocol } = new URL(origin);
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  return host === requestHost || hostname === baseDomain || hostname.endsWith(`.${baseDomain}`);
}

/** /TaskHub/negotiate and the /TaskHub WebSocket (notes/signalr-protocol.md, "Connection"). */
export const hubRoutes = (deps: HubRouteDeps) =>
  (async (app) => {
    const originOf = (request: FastifyRequest): string | null => {
      const origin = request.headers.origin;
      return origin && isAllowedOrigin(origin, request.host, deps.baseDomain) ? origin : null;
    };

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = originOf(request);
      if (!origin) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
    });

    // The browser's preflight before a cross-origin negotiate with an Authorization header.
    app.options(NEGOTIATE_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (originOf(request)) {
        reply.header('access-control-allow-methods', 'POST, OPTIONS');
        reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
        reply.header('access-control-max-age', '600');
      }
      return reply.status(204).send();
    });

    app.post(
      NEGOTIATE_PATH,
      {
        ...deps.guard.signedIn,
        schema: {
          tags: ['realtime'],
          security: [{ bearer: [] }],
          summary: 'Start a /TaskHub connection (SignalR negotiate)',
          description:
            'Answers in the SignalR negotiate format (not the { success, message, data } envelope), as the ' +
            '@microsoft/signalr client expects. The bearer token may also come as the access_token query ' +
            'parameter. The connection token is good for one WebSocket, opened within a minute: ' +
            `GET ${TASK_HUB_PATH}?id={connectionToken}. Only WebSockets are offered.`,
          querystring: negotiateQuery,
          response: { 200: negotiateResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const tenant = requireTenant(request.tenant);
        const auth = request.auth!;
        checkNamedUser(request.query.userId, auth.userId);
        const { connectionId, connectionToken } = deps.tokens.issue(grantOf(tenant.id, auth));
        return {
          negotiateVersion: 1 as const,
          connectionId,
          connectionToken,
          availableTransports: [{ transport: 'WebSockets' as const, transferFormats: ['Text', 'Binary'] }],
        };
      },
    );

    /** Who the upgrade request is, decided before the upgrade so a refusal is a plain HTTP answer. */
    const grants = new WeakMap<FastifyRequest, ConnectionGrant>();

    app.route({
      method: 'GET',
      url: TASK_HUB_PATH,
      websocket: true,
      schema: { hide: true, querystring: connectQuery },
      preValidation: async (request) => {
        if (!request.ws) throw notFound();
        grants.set(request, await admit(request, deps));
      },
      handler: (socket, request) => {
        const grant = grants.get(request);
        grants.delete(request);
        if (!grant) {
          // Unreachable: preValidation refuses every upgrade it has not granted.
          (socket as HubSocket).terminate();
          return;
        }
        deps.connections.accept(socket as HubSocket, grant);
      },
    });
  }) satisfies FastifyPluginAsyncZod;

const grantOf = (tenantId: string, auth: RequestAuth, connectionId = newConnectionId()): ConnectionGrant => ({
  connectionId,
  tenantId,
  userId: auth.userId,
  sessionId: auth.sessionId,
  accessExpiresAt: auth.expiresAt.getTime(),
});

/** The userId query parameter is optional, but when given it must be the caller. */
function checkNamedUser(named: string | undefined, userId: string): void {
  if (named !== undefined && named !== '' && named !== userId) {
    throw forbidden(msg('server.hubUserMismatch'));
  }
}

/**
 * The upgrade to /TaskHub: with `id`, a connection token from negotiate (unknown, expired or used:
 * 404); without, the request must carry the bearer token itself (skipNegotiation). A token sent
 * along with `id` must be the same user's, and its expiry then bounds the connection.
 */
async function admit(request: FastifyRequest, deps: HubRouteDeps): Promise<ConnectionGrant> {
  const tenant = requireTenant(request.tenant);
  const origin = request.headers.origin;
  if (origin && !isAllowedOrigin(origin, request.host, deps.baseDomain)) throw forbidden();
  const query = request.query as z.infer<typeof connectQuery>;
  let auth: RequestAuth | null = null;
  if (bearerToken(request)) {
    auth = await deps.guard.resolve(request);
    if (!auth) throw unauthenticated();
  }
  let grant: ConnectionGrant;
  if (query.id !== undefined) {
    const negotiated = deps.tokens.verify(query.id);
    if (!negotiated || negotiated.tenantId !== tenant.id) throw notFound(msg('server.hubConnectionNotFound'));
    if (auth && auth.userId !== negotiated.userId) throw forbidden();
    grant = auth ? grantOf(tenant.id, auth, negotiated.connectionId) : negotiated;
  } else {
    if (!auth) throw unauthenticated();
    grant = grantOf(tenant.id, auth);
  }
  // A connection token may outlive the access token it was negotiated with.
  if (grant.accessExpiresAt <= Date.now()) throw unauthenticated();
  checkNamedUser(query.userId, grant.userId);
  // Taken last, so a refused attempt does not spend the token; a second socket with it is a 404.
  if (query.id !== undefined && !deps.tokens.take(query.id))
    throw notFound(msg('server.hubConnectionNotFound'));
  return grant;
}
