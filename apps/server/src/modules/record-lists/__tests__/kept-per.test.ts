import { describe, expect, it } from 'vitest';
import { keptPer } from '../kept-per.ts';

describe('keptPer', () => {
  it('builds a value once per owner and key, each owner apart', () => {
    const cache = new WeakMap<object, Map<string, number>>();
    const [first, second] = [{}, {}];
    let builds = 0;
    const build = () => (builds += 1);
    expect(keptPer(cache, first, 'a', build)).toBe(1);
    expect(keptPer(cache, first, 'a', build)).toBe(1);
    expect(keptPer(cache, second, 'a', build)).toBe(2);
    expect(keptPer(cache, first, 'b', build)).toBe(3);
    expect(builds).toBe(3);
  });

  it('keeps at most max per owner, dropping the oldest first', () => {
    const cache = new WeakMap<object, Map<string, string>>();
    const owner = {};
    for (const key of ['a', 'b', 'c']) keptPer(cache, owner, key, () => key.toUpperCase(), 2);
    expect([...cache.get(owner)!.keys()]).toEqual(['b', 'c']);
    expect(keptPer(cache, owner, 'a', () => 'again', 2)).toBe('again');
  });
});
