// Draft and published versions live side by side (spec §4; the status itself is deriveAppStatus in
// records/status.ts); where the draft's defaultConfig equals the published one,
// the published one is used.

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return (
    keys.length === otherKeys.length &&
    keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]))
  );
}

/** The default config to use: the published one when the draft's equals it (spec §4), else the draft's. */
export function defaultConfigInUse<T>(
  draft: { defaultConfig?: T } | null,
  published: { defaultConfig?: T } | null,
): T | undefined {
  if (published && (!draft || jsonEqual(draft.defaultConfig, published.defaultConfig)))
    return published.defaultConfig;
  return draft?.defaultConfig;
}
