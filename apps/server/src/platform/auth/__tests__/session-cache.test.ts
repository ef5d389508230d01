import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from '../session-cache.ts';

afterEach(() => vi.useRealTimers());

const alice = { userId: 'u-alice', userKind: 'USER' as const };
const bob = { userId: 'u-bob', userKind: 'FULL_USER' as const };

describe('session cache', () => {
  it('answers within the TTL and forgets after it', () => {
    vi.useFakeTimers();
    const cache = createSessionCache(2000);
    cache.set('t1', 's1', alice);
    cache.set('t1', 's-dead', null);
    expect(cache.get('t1', 's1')).toEqual(alice);
    expect(cache.get('t1', 's-dead')).toBeNull();
    expect(cache.get('t1', 'unknown')).toBeUndefined();
    vi.advanceTimersByTime(2001);
    expect(cache.get('t1', 's1')).toBeUndefined();
  });

  it('keys on tenant and session together', () => {
    const cache = createSessionCache();
    cache.set('t1', 's1', alice);
    expect(cache.get('t2', 's1')).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const cache = createSessionCache();
    cache.set('t1', 's1', alice);
    cache.set('t1', 's2', alice);
    cache.set('t1', 's3', bob);
    cache.forgetSession('s1');
    expect(cache.get('t1', 's1')).toBeUndefined();
    expect(cache.get('t1', 's2')).toEqual(alice);
    cache.forgetUser('u-alice');
    expect(cache.get('t1', 's2')).toBeUndefined();
    expect(cache.get('t1', 's3')).toEqual(bob);
  });

  it('stays bounded, dropping the oldest entry', () => {
    const cache = createSessionCache(60_000, 2);
    cache.set('t', 'a', alice);
    cache.set('t', 'b', alice);
    cache.set('t', 'c', bob);
    expect(cache.get('t', 'a')).toBeUndefined();
    expect(cache.get('t', 'c')).toEqual(bob);
  });
});
