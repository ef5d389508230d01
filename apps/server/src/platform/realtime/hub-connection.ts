import type { ConnectionGrant } from './connection-tokens.ts';
import {
  MessageType,
  PING_FRAME,
  RecordReader,
  checkHandshake,
  closeFrame,
  completionFrame,
  handshakeResponseFrame,
  methodNotFoundError,
  nonStreamingMethodError,
  parseMessage,
  type HubMessage,
} from './hub-protocol.ts';

/** What the hub needs of a `ws` socket (the package ships no types of its own). */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

const SOCKET_OPEN = 1;
/** WebSocket close codes: normal, and "going away" (the server shuts down). */
const NORMAL_CLOSURE = 1000;
const GOING_AWAY = 1001;
/** A client message is a few hundred bytes; a record growing past this is not one. */
const MAX_PENDING_CHARS = 64 * 1024;

export interface ConnectionEvents {
  /** The handshake succeeded: from now on the connection receives pushes. */
  opened(connection: HubConnection): void;
  /** The socket is gone (whoever closed it). */
  closed(connection: HubConnection): void;
}

/** The hub's methods a client may invoke; each answers with its result. */
type HubMethod = (connection: HubConnection, args: unknown[]) => unknown;

const HUB_METHODS: Record<string, HubMethod> = {
  // Spec §7: the client calls it right after the handshake.
  GetConnectionId: (connection) => connection.id,
};

/**
 * One client socket speaking the JSON hub protocol: the handshake, then invocations, pings and
 * close messages. The hub (hub-connections.ts) decides when to ping and whom a push goes to.
 */
export class HubConnection {
  readonly id: string;
  readonly tenantId: string;
  readonly userId: string;
  /** The sign-in session whose token opened it: ending that session closes the connection. */
  readonly sessionId: string;
  readonly openedAt: number;
  /** When anything last arrived from the client (its pings count): a silent client is dropped. */
  lastReceivedAt: number;
  private handshaken = false;
  private ended = false;
  private readonly reader = new RecordReader();
  private expiryTimer: NodeJS.Timeout | undefined;
  /** Settles when the socket has closed. */
  readonly closed: Promise<void>;

  constructor(
    private readonly socket: HubSocket,
    grant: ConnectionGrant,
    private readonly events: ConnectionEvents,
    now: number,
  ) {
    this.id = grant.connectionId;
    this.tenantId = grant.tenantId;
    this.userId = grant.userId;
    this.sessionId = grant.sessionId;
    this.openedAt = now;
    this.lastReceivedAt = now;
    this.closed = new Promise((resolve) => socket.on('close', resolve));
    socket.on('message', (data) => this.receive(textOf(data)));
    socket.on('close', () => this.release());
    // An unclean disconnect (reset) arrives as an error followed by close; nothing to tell anyone.
    socket.on('error', () => undefined);
    this.dropAtExpiry(grant.accessExpiresAt - now);
  }

  get isOpen(): boolean {
    return this.handshaken && !this.ended;
  }

  get isHandshaking(): boolean {
    return !this.handshaken && !this.ended;
  }

  /** Sends one framed message if the socket is still open. */
  send(framed: string): void {
    if (!this.ended && this.socket.readyState === SOCKET_OPEN) this.socket.send(framed);
  }

  ping(): void {
    if (this.isOpen) this.send(PING_FRAME);
  }

  /**
   * Ends the connection: a close message first (once handshaken; `allowReconnect` lets the
   * client's automatic reconnect try again), then the WebSocket close.
   */
  close(options: { error?: string; allowReconnect?: boolean; goingAway?: boolean } = {}): void {
    if (this.ended) return;
    if (this.handshaken) this.send(closeFrame(options.error, options.allowReconnect));
    this.release();
    if (this.socket.readyState === SOCKET_OPEN) {
      this.socket.close(options.goingAway ? GOING_AWAY : NORMAL_CLOSURE);
    }
  }

  /** Drops the socket without the closing handshake (a client that does not answer it). */
  terminate(): void {
    this.release();
    this.socket.terminate();
  }

  private release(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.expiryTimer);
    this.events.closed(this);
  }

  /** The access token that opened the connection bounds its life: past it, the client must sign in again. */
  private dropAtExpiry(inMs: number): void {
    // setTimeout takes at most 2^31-1 ms (24.8 days); access tokens live far less.
    const delay = Math.max(0, Math.min(inMs, 2 ** 31 - 1));
    this.expiryTimer = setTimeout(
      () => this.close({ error: 'The access token has expired.', allowReconnect: true }),
      delay,
    );
    this.expiryTimer.unref();
  }

  private receive(text: string): void {
    if (this.ended) return;
    this.lastReceivedAt = Date.now();
    const records = this.reader.push(text);
    if (this.reader.pending > MAX_PENDING_CHARS) {
      this.close({ error: 'Connection closed with an error. The message is too large.' });
      return;
    }
    for (const record of records) {
      if (this.ended) return;
      if (!this.handshaken) this.handshake(record);
      else this.handle(record);
    }
  }

  private handshake(record: string): void {
    const result = checkHandshake(record);
    this.send(handshakeResponseFrame(result));
    if (!result.ok) {
      this.close();
      return;
    }
    this.handshaken = true;
    this.events.opened(this);
  }

  private handle(record: string): void {
    const message = parseMessage(record);
    if (!message) {
      this.close({ error: 'Connection closed with an error. The message is not a hub message.' });
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        this.invoke(message);
        return;
      case MessageType.Close:
        this.close();
        return;
      // Pings keep the connection alive (lastReceivedAt); the hub has no streams or client results,
      // so stream items, cancellations and completions have nothing to act on.
      default:
        return;
    }
  }

  private invoke(message: HubMessage): void {
    const target = message.target ?? '';
    const method = Object.hasOwn(HUB_METHODS, target) ? HUB_METHODS[target] : undefined;
    // Without an invocation id the client wants no answer (fire and forget).
    const invocationId = message.invocationId;
    if (!method || message.type === MessageType.StreamInvocation) {
      if (invocationId !== undefined) {
        const error = method ? nonStreamingMethodError(target) : methodNotFoundError(target);
        this.send(completionFrame(invocationId, { error }));
      }
      return;
    }
    const result = method(this, message.arguments ?? []);
    if (invocationId !== undefined) this.send(completionFrame(invocationId, { result }));
  }
}

function textOf(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
