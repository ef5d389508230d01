import type { ConnectionGrant } from './connection-tokens.ts';
import { HubConnection, type HubSocket } from './hub-connection.ts';
import { invocationFrame } from './hub-protocol.ts';
import { END_SESSIONS_TARGET, type EndedSessions, type HubEnvelope } from './hub-publish.ts';

/** What a connection closed because its session ended is told (the SignalR close message's error). */
export const SESSION_ENDED_ERROR = 'Your session has ended.';

export interface HubConnectionsOptions {
  /** How often every connection gets a ping (the client gives up after 30 s of silence). */
  keepAliveMs: number;
  /** A client silent this long (it pings every 15 s itself) is gone: its connection is dropped. */
  clientTimeoutMs: number;
  /** A socket that has not sent its handshake within this is dropped. */
  handshakeTimeoutMs: number;
  /** At shutdown, how long a client gets to answer the closing handshake before its socket is cut. */
  closeGraceMs: number;
}

export interface HubConnections {
  /** Takes over an upgraded socket; it receives pushes once its handshake is through. */
  accept(socket: HubSocket, grant: ConnectionGrant): HubConnection;
  /** Sends a hub message to every open connection of the envelope's users in its tenant. */
  deliver(envelope: HubEnvelope): number;
  /** Sends a hub message to every open connection of a tenant (AppsChanged); how many got it. */
  deliverToTenant(tenantId: string, target: string, args: unknown[]): number;
  /** Open connections (handshake done): all, or of one tenant, or of one user of a tenant. */
  count(filter?: { tenantId: string; userId?: string }): number;
  /** Closes every connection (server shutting down) and stops the keep-alive. */
  closeAll(): Promise<void>;
}

const userKey = (tenantId: string, userId: string) => `${tenantId}\u0000${userId}`;

/**
 * The connections this node holds, keyed by tenant and user: a push names users of one tenant, and
 * a user's several tabs and devices each have a connection. One timer pings them all.
 */
export function createHubConnections(options: HubConnectionsOptions): HubConnections {
  const everyone = new Set<HubConnection>();
  const byUser = new Map<string, Set<HubConnection>>();

  const events = {
    opened(connection: HubConnection) {
      const key = userKey(connection.tenantId, connection.userId);
      let set = byUser.get(key);
      if (!set) byUser.set(key, (set = new Set()));
      set.add(connection);
    },
    closed(connection: HubConnection) {
      everyone.delete(connection);
      const key = userKey(connection.tenantId, connection.userId);
      const set = byUser.get(key);
      if (set?.delete(connection) && set.size === 0) byUser.delete(key);
    },
  };

  /**
   * Closes the envelope's users' connections whose session is among the ended ones, those still
   * shaking hands included (rare enough to look through every connection).
   */
  function endSessions(envelope: HubEnvelope): number {
    const ended = (envelope.arguments[0] ?? {}) as EndedSessions;
    const users = new Set(envelope.userIds);
    let closed = 0;
    for (const connection of [...everyone]) {
      if (connection.tenantId !== envelope.tenantId || !users.has(connection.userId)) continue;
      if (ended.only !== undefined && connection.sessionId !== ended.only) continue;
      if (ended.except !== undefined && connection.sessionId === ended.except) continue;
      connection.close({ error: SESSION_ENDED_ERROR });
      closed += 1;
    }
    return closed;
  }

  const keepAlive = setInterval(() => {
    const now = Date.now();
    for (const connection of everyone) {
      if (connection.isHandshaking) {
        if (now - connection.openedAt > options.handshakeTimeoutMs) connection.close();
      } else if (now - connection.lastReceivedAt > options.clientTimeoutMs) {
        connection.close({
          error: 'Server timeout elapsed without receiving a message from the client.',
          allowReconnect: true,
        });
      } else {
        connection.ping();
      }
    }
  }, options.keepAliveMs);
  keepAlive.unref();

  return {
    accept(socket, grant) {
      const connection = new HubConnection(socket, grant, events, Date.now());
      everyone.add(connection);
      return connection;
    },

    deliver(envelope) {
      if (envelope.target === END_SESSIONS_TARGET) return endSessions(envelope);
      // Serialised once, sent as is to every socket.
      const framed = invocationFrame(envelope.target, envelope.arguments);
      let sent = 0;
      for (const userId of envelope.userIds) {
        for (const connection of byUser.get(userKey(envelope.tenantId, userId)) ?? []) {
          connection.send(framed);
          sent += 1;
        }
      }
      return sent;
    },

    deliverToTenant(tenantId, target, args) {
      const framed = invocationFrame(target, args);
      let sent = 0;
      for (const set of byUser.values()) {
        // A set holds one user's connections: all of one tenant.
        for (const connection of set) {
          if (connection.tenantId !== tenantId) break;
          connection.send(framed);
          sent += 1;
        }
      }
      return sent;
    },

    count(filter) {
      if (!filter) return [...byUser.values()].reduce((total, set) => total + set.size, 0);
      if (filter.userId !== undefined) return byUser.get(userKey(filter.tenantId, filter.userId))?.size ?? 0;
      let total = 0;
      for (const set of byUser.values()) {
        for (const connection of set) if (connection.tenantId === filter.tenantId) total += 1;
      }
      return total;
    },

    async closeAll() {
      clearInterval(keepAlive);
      const closing = [...everyone];
      // The clients may reconnect: to another node, or to this one once it is back.
      const closed = closing.map((connection) => {
        connection.close({ allowReconnect: true, goingAway: true });
        return connection.closed;
      });
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, options.closeGraceMs);
      });
      await Promise.race([Promise.all(closed), grace]);
      clearTimeout(graceTimer);
      // A client that did not answer the closing handshake must not hold the shutdown up.
      for (const connection of closing) connection.terminate();
    },
  };
}
