import type { DashboardCardResult } from '@formloop/contracts';

// Card results (issue 24 item 12), per card, its wired filters and what the viewer may read of the
// app (its published version), each kept with the stamp of its app's writes when it was computed:
// a write to the app changes the stamp, and the next read computes again. Entries also expire after
// CARD_CACHE_TTL_MS (a write the node missed while reconnecting cannot keep a card stale for long),
// and the oldest go first past CARD_CACHE_MAX_ENTRIES. One cache per process.

export const CARD_CACHE_TTL_MS = 5 * 60_000;
export const CARD_CACHE_MAX_ENTRIES = 2000;

interface Entry {
  stamp: string;
  at: number;
  value: DashboardCardResult;
}

export class CardCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string, stamp: string): DashboardCardResult | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.stamp !== stamp || this.now() - entry.at > CARD_CACHE_TTL_MS) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  set(key: string, stamp: string, value: DashboardCardResult): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, at: this.now(), value });
    while (this.entries.size > CARD_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
