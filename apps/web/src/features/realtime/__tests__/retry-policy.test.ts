import { describe, expect, it } from 'vitest';
import { nextReconnectDelayMs, taskHubRetryPolicy } from '../retry-policy.ts';

const context = (previousRetryCount: number) => ({
  previousRetryCount,
  elapsedMilliseconds: 0,
  retryReason: new Error('connection lost'),
});

describe('hub reconnect policy (spec §7, §9)', () => {
  it('waits min(1000 × 2^n, 10000) ms before try n', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(nextReconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('gives up after 10 tries', () => {
    expect(nextReconnectDelayMs(10)).toBeNull();
    expect(nextReconnectDelayMs(11)).toBeNull();
    expect(nextReconnectDelayMs(Number.NaN)).toBeNull();
    // What the SignalR client does with it: retry while the policy gives a delay.
    const delays: number[] = [];
    for (let tries = 0; ; tries += 1) {
      const delay = taskHubRetryPolicy.nextRetryDelayInMilliseconds(context(tries));
      if (delay === null) break;
      delays.push(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('is the object withAutomaticReconnect takes', () => {
    expect(taskHubRetryPolicy.nextRetryDelayInMilliseconds(context(2))).toBe(4000);
  });
});
