import websocket from '@fastify/websocket';
import { APPS_CHANGED_TARGET } from '@formloop/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Secrets } from '../config/secrets.ts';
import type { createAuthenticate } from '../auth/request-auth.ts';
import { createConnectionTokens } from './connection-tokens.ts';
import { createHubConnections, type HubConnections } from './hub-connections.ts';
import { connectionSettingsOf, startHubListener } from './hub-listener.ts';
import { HUB_CHANNEL, parseHubEnvelope } from './hub-publish.ts';
import { hubRoutes } from './hub.routes.ts';
import type { AppWriteClock } from './app-writes.ts';

// The realtime hub at /TaskHub (spec §4 "Server push", §7 "Real-time"; notes/signalr-protocol.md):
// the SignalR JSON hub protocol over WebSockets for the official @microsoft/signalr client. Pushes
// are published in the database (hub-publish.ts) and reach every node through LISTEN/NOTIFY; each
// node delivers them to the sockets it holds.

export interface HubDeps {
  config: Pick<Config, 'BASE_DOMAIN' | 'HUB_KEEP_ALIVE_INTERVAL_MS'>;
  secrets: Pick<Secrets, 'jwtPrivateKey'>;
  /** The app-role pool: the listener opens a connection of its own with the same settings. */
  database: { app: pg.Pool };
  guard: ReturnType<typeof createAuthenticate>;
  /** Which apps' records changed: pushed to the tenant's connections as AppsChanged. */
  appWrites?: Pick<AppWriteClock, 'subscribe'>;
}

/** What the running hub tells the rest of the server (and tests) about itself. */
export interface HubHandle {
  /** Open connections on this node: all, of one tenant, or of one user of a tenant. */
  connectionCount(filter?: { tenantId: string; userId?: string }): number;
  /** How many times this node's LISTEN was set up: 1, plus one per reconnection. */
  listenerGeneration(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: HubHandle;
  }
}

/** A negotiated connection token is good for this long: the client opens the socket right after. */
const CONNECT_TOKEN_TTL_MS = 60_000;
/** ASP.NET Core SignalR's defaults: client timeout 30 s, handshake timeout 15 s. */
const CLIENT_TIMEOUT_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
const CLOSE_GRACE_MS = 1_000;
/** Client messages are invocations of a few hundred bytes. */
const MAX_FRAME_BYTES = 64 * 1024;
/** App writes are gathered this long per tenant into one AppsChanged push (an import writes many batches). */
export const APPS_CHANGED_GATHER_MS = 1_000;

/**
 * AppsChanged (issue 24 item 12): the ids of the apps whose records changed, pushed to every open
 * connection of the tenant, at most once a second per tenant and node. Open dashboards ask their
 * cards of those apps again; the cards answer with what the viewer may see, so the push itself says
 * no more than that an app of the tenant changed.
 */
function pushAppChanges(
  appWrites: Pick<AppWriteClock, 'subscribe'>,
  connections: HubConnections,
): () => void {
  const gathered = new Map<string, Set<string>>();
  let timer: NodeJS.Timeout | null = null;
  const send = () => {
    timer = null;
    for (const [tenantId, moduleIds] of gathered) {
      connections.deliverToTenant(tenantId, APPS_CHANGED_TARGET, [[...moduleIds]]);
    }
    gathered.clear();
  };
  const unsubscribe = appWrites.subscribe((tenantId, moduleId) => {
    let set = gathered.get(tenantId);
    if (!set) gathered.set(tenantId, (set = new Set()));
    set.add(moduleId);
    timer ??= setTimeout(send, APPS_CHANGED_GATHER_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

export async function registerHub(app: FastifyInstance, deps: HubDeps): Promise<HubHandle> {
  const connections = createHubConnections({
    keepAliveMs: deps.config.HUB_KEEP_ALIVE_INTERVAL_MS,
    clientTimeoutMs: CLIENT_TIMEOUT_MS,
    handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
    closeGraceMs: CLOSE_GRACE_MS,
  });
  const listener = await startHubListener({
    connection: connectionSettingsOf(deps.database.app),
    channel: HUB_CHANNEL,
    onNotification(payload) {
      const envelope = parseHubEnvelope(payload);
      if (envelope) connections.deliver(envelope);
      else app.log.warn('hub: ignored a malformed message on the hub channel');
    },
    log: {
      warn: (message, error) => app.log.warn({ err: error }, message),
      info: (message) => app.log.info(message),
    },
  });

  try {
    // Sockets are closed before the server stops listening (preClose), so `close()` does not wait on
    // open connections; added before the plugin's own preClose, so clients get a close message first.
    app.addHook('preClose', () => connections.closeAll());
    app.addHook('onClose', () => listener.stop());
    if (deps.appWrites) {
      const stopPushing = pushAppChanges(deps.appWrites, connections);
      app.addHook('onClose', async () => stopPushing());
    }

    await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
    await app.register(
      hubRoutes({
        connections,
        tokens: createConnectionTokens({ secret: deps.secrets.jwtPrivateKey, ttlMs: CONNECT_TOKEN_TTL_MS }),
        guard: deps.guard,
        baseDomain: deps.config.BASE_DOMAIN,
      }),
    );
  } catch (error) {
    await connections.closeAll();
    await listener.stop();
    throw error;
  }

  const handle: HubHandle = {
    connectionCount: (filter) => connections.count(filter),
    listenerGeneration: () => listener.generation(),
  };
  app.decorate('hub', handle);
  return handle;
}
