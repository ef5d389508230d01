// The SignalR JSON hub protocol as the official @microsoft/signalr client speaks it
// (notes/signalr-protocol.md; dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md): every message
// is one JSON text ended by the record separator 0x1E, and one WebSocket frame may carry several.
// Pure: no sockets here, so the framing rules are tested on their own.

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export const SUPPORTED_PROTOCOL = 'json';
export const SUPPORTED_PROTOCOL_VERSION = 1;

/** A client message after the handshake; fields the server does not read are left out. */
export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
}

/** One message framed for the wire. */
export const frame = (message: object): string => `${JSON.stringify(message)}${RECORD_SEPARATOR}`;

/** The keep-alive message; the same text every time, so it is built once. */
export const PING_FRAME = frame({ type: MessageType.Ping });

/** A server-to-client call of a client method (what a push is). */
export const invocationFrame = (target: string, args: unknown[]): string =>
  frame({ type: MessageType.Invocation, target, arguments: args });

export const completionFrame = (invocationId: string, outcome: { result: unknown } | { error: string }) =>
  frame({ type: MessageType.Completion, invocationId, ...outcome });

/** The close message; `allowReconnect` lets the client's automatic reconnect try again (another node, a new token). */
export const closeFrame = (error?: string, allowReconnect = false) =>
  frame({
    type: MessageType.Close,
    ...(error !== undefined ? { error } : {}),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });

/** The text ASP.NET Core SignalR answers an invocation of a method the hub does not have with. */
export const methodNotFoundError = (target: string) =>
  `Failed to invoke '${target}' due to an error on the server. HubException: Method does not exist.`;

/** A stream invocation of a method that answers once (the hub has no streaming methods). */
export const nonStreamingMethodError = (target: string) =>
  `Failed to invoke '${target}' due to an error on the server. HubException: ` +
  `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`;

/**
 * Accumulates incoming text and hands out complete records. A record split across frames waits for
 * its end; `pending` tells how much is waiting so a connection can refuse an endless record.
 */
export class RecordReader {
  private rest = '';

  push(text: string): string[] {
    const parts = (this.rest + text).split(RECORD_SEPARATOR);
    // Whatever follows the last separator is the start of a record still to come.
    this.rest = parts.pop() ?? '';
    return parts;
  }

  get pending(): number {
    return this.rest.length;
  }
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

const INVALID_HANDSHAKE = 'The handshake request is not valid.';

/** The handshake request `{"protocol":"json","version":1}`: anything else is refused with SignalR's wording. */
export function checkHandshake(record: string): HandshakeResult {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return { ok: false, error: INVALID_HANDSHAKE };
  }
  if (typeof request !== 'object' || request === null) return { ok: false, error: INVALID_HANDSHAKE };
  const { protocol, version } = request as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: INVALID_HANDSHAKE };
  }
  if (protocol !== SUPPORTED_PROTOCOL) {
    return { ok: false, error: `Requested protocol '${protocol}' is not available.` };
  }
  if (version !== SUPPORTED_PROTOCOL_VERSION) {
    return {
      ok: false,
      error: `The server does not support version ${version} of the '${protocol}' protocol.`,
    };
  }
  return { ok: true };
}

/** The handshake answer: `{}` on success, `{"error":…}` otherwise. */
export const handshakeResponseFrame = (result: HandshakeResult) =>
  frame(result.ok ? {} : { error: result.error });

/** Parses one record into a message, or null when it is not a hub message at all. */
export function parseMessage(record: string): HubMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const message = value as Record<string, unknown>;
  if (typeof message['type'] !== 'number') return null;
  const invocationId = message['invocationId'];
  const target = message['target'];
  const args = message['arguments'];
  return {
    type: message['type'],
    ...(typeof invocationId === 'string' ? { invocationId } : {}),
    ...(typeof target === 'string' ? { target } : {}),
    ...(Array.isArray(args) ? { arguments: args } : {}),
  };
}
