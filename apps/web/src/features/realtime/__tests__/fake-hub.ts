import type { TaskHubAddress, TaskHubConnection } from '../task-hub.ts';

/**
 * A stand-in for @microsoft/signalr's HubConnection: records what the app does with it and lets a
 * test push messages or fail the start, as the hub server would.
 */
export class FakeHub implements TaskHubConnection {
  readonly handlers = new Map<string, (...args: unknown[]) => void>();
  readonly reconnectedCallbacks: Array<(connectionId?: string) => void> = [];
  readonly invoked: string[] = [];
  starts = 0;
  stops = 0;
  /** Start failures still to come. */
  failStarts = 0;
  /** While set, start waits for this promise (a slow negotiation). */
  startGate: Promise<void> | null = null;

  constructor(readonly address: TaskHubAddress) {}

  on(methodName: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(methodName, handler);
  }

  onreconnected(callback: (connectionId?: string) => void): void {
    this.reconnectedCallbacks.push(callback);
  }

  async start(): Promise<void> {
    this.starts += 1;
    if (this.startGate) await this.startGate;
    if (this.failStarts > 0) {
      this.failStarts -= 1;
      throw new Error('Failed to complete negotiation with the server');
    }
  }

  async stop(): Promise<void> {
    this.stops += 1;
  }

  async invoke<T>(methodName: string): Promise<T> {
    this.invoked.push(methodName);
    return 'connection-1' as T;
  }

  /** The server calls a client method. */
  send(methodName: string, ...args: unknown[]): void {
    this.handlers.get(methodName)?.(...args);
  }

  /** The client got the connection back after a drop. */
  reconnect(): void {
    this.reconnectedCallbacks.forEach((callback) => callback('connection-2'));
  }
}

/** A connection factory that keeps every hub it made, newest last. */
export function fakeHubs(prepare: (hub: FakeHub) => void = () => undefined) {
  const hubs: FakeHub[] = [];
  const create = async (address: TaskHubAddress) => {
    const hub = new FakeHub(address);
    prepare(hub);
    hubs.push(hub);
    return hub;
  };
  return { hubs, create, latest: () => hubs[hubs.length - 1] };
}
