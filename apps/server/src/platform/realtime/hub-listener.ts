import pg from 'pg';

// Scale-out (DESIGN.md "Realtime, jobs and scale-out"): every server process keeps one connection of
// its own LISTENing on the hub channel, outside the pools (a pooled connection would be handed to
// requests and lose its LISTEN). When it drops (database restart, network, a terminated backend) it
// is opened again with a growing pause; messages published meanwhile are missed, which a push can
// afford: the notification itself is in the database and the lists load it.

export interface HubListener {
  /** How many times LISTEN has been set up (1 after start, +1 per reconnection). */
  generation(): number;
  stop(): Promise<void>;
}

export interface HubListenerOptions {
  /** Where to connect; the listener adds its own name, keep-alive and timeouts. */
  connection: pg.ClientConfig;
  channel: string;
  /** How the connection names itself to PostgreSQL (pg_stat_activity); 'formloop-hub' by default. */
  applicationName?: string;
  onNotification(payload: string): void;
  log: { warn(message: string, error?: unknown): void; info(message: string): void };
  /** How often the connection is checked with a query, to find one that died silently. */
  healthCheckMs?: number;
  /** The first pause before reconnecting, doubled per failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/** The connection settings of a pool, for a client of its own on the same database and role. */
export function connectionSettingsOf(pool: pg.Pool): pg.ClientConfig {
  const { connectionString, host, port, user, password, database, ssl } = pool.options;
  return { connectionString, host, port, user, password, database, ssl };
}

/** Connects and LISTENs; resolves once listening (so nothing published after start is missed). */
export async function startHubListener(options: HubListenerOptions): Promise<HubListener> {
  const healthCheckMs = options.healthCheckMs ?? 30_000;
  const minBackoffMs = options.minBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let generation = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let checking = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      ...options.connection,
      application_name: options.applicationName ?? 'formloop-hub',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotification(message.payload);
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(options.channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    generation += 1;
  };

  const reconnectLater = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(minBackoffMs * 2 ** failures, maxBackoffMs);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          if (!stopped) options.log.info('hub listener: listening again');
        },
        (error: unknown) => {
          options.log.warn('hub listener: reconnecting failed', error);
          reconnectLater();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  function dropped(which: pg.Client, error?: Error) {
    // Events of a client that is not (or no longer) the current one concern nobody.
    if (which !== client || stopped) return;
    client = null;
    options.log.warn('hub listener: connection lost, reconnecting', error);
    which.end().catch(() => undefined);
    reconnectLater();
  }

  const healthCheck = setInterval(() => {
    const current = client;
    if (!current || checking) return;
    checking = true;
    current
      .query('SELECT 1')
      .catch((error: Error) => dropped(current, error))
      .finally(() => {
        checking = false;
      });
  }, healthCheckMs);
  healthCheck.unref();

  try {
    await connect();
  } catch (error) {
    clearInterval(healthCheck);
    throw error;
  }

  return {
    generation: () => generation,
    async stop() {
      stopped = true;
      clearInterval(healthCheck);
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
