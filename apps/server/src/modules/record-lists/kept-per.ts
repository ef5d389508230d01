/**
 * The value kept in `cache` for `owner` under `key`, built on the first ask. At most `max` are kept
 * per owner, the oldest out first; an owner's values go when the owner does (a WeakMap).
 */
export function keptPer<Owner extends object, Value>(
  cache: WeakMap<Owner, Map<string, Value>>,
  owner: Owner,
  key: string,
  build: () => Value,
  max = Number.POSITIVE_INFINITY,
): Value {
  let kept = cache.get(owner);
  if (!kept) {
    kept = new Map();
    cache.set(owner, kept);
  }
  let value = kept.get(key);
  if (value === undefined) {
    value = build();
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
  }
  return value;
}
