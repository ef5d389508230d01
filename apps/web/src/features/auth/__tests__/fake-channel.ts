/** A BroadcastChannel stand-in: records what a tab posts and lets a test deliver another tab's message. */
export class FakeChannel {
  static instances: FakeChannel[] = [];
  readonly sent: unknown[] = [];
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  closed = false;

  constructor(readonly name: string) {
    FakeChannel.instances.push(this);
  }

  postMessage(data: unknown): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** Another tab posts `data` on this channel. */
  deliver(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent<unknown>);
  }

  static reset(): void {
    FakeChannel.instances = [];
  }

  static posted(): unknown[] {
    return FakeChannel.instances.flatMap((channel) => channel.sent);
  }

  static open(): FakeChannel[] {
    return FakeChannel.instances.filter((channel) => !channel.closed);
  }
}
