// Helpers for reading untrusted JSON (stored definitions, uploaded Elsa files) without ever
// throwing, and for handing out copies so callers can never mutate a definition through a result.

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string with something other than white space in it. */
export function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Nesting deeper than this is cut off: real definitions are shallow, cycles are not. */
const MAX_DEPTH = 64;

/**
 * A deep copy that keeps only JSON data: strings, finite numbers, booleans, null, arrays and plain
 * objects. Functions, symbols and undefined disappear, as JSON.stringify would drop them; cyclic or
 * absurdly deep values are cut off at MAX_DEPTH instead of overflowing the stack.
 */
export function plainJson(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.map((item) => {
      const copy = plainJson(item, depth + 1);
      return copy === undefined ? null : copy;
    });
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const itemCopy = plainJson(item, depth + 1);
    if (itemCopy !== undefined) copy[key] = itemCopy;
  }
  return copy;
}

/** plainJson for a properties bag: always an object. */
export function plainRecord(value: unknown): Record<string, unknown> {
  const copy = isRecord(value) ? plainJson(value) : undefined;
  return isRecord(copy) ? copy : {};
}

/** The distinct non-blank strings of a list, in order; [] for anything that is not an array. */
export function distinctStrings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  for (const item of value) if (isNonBlank(item)) seen.add(item);
  return [...seen];
}
