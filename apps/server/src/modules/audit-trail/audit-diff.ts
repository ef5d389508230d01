import type { AuditDiffEntry } from '@formloop/contracts';

/** What a secret's value is replaced with wherever an audit entry is shown. */
export const REDACTED = '[REDACTED]';

// Key names that hold credentials or their derivatives (password_hash, totp_secret, recovery_code_hashes,
// accessToken, api_key, …). Matched anywhere in the key, case-insensitively: better one harmless value
// hidden too many than one secret shown.
const SECRET_KEY = /pass(word|wd|phrase)?|hash|secret|token|api[_-]?key|private[_-]?key|recovery[_-]?code/i;

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` with every secret-named key's value replaced, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = isSecretKey(key) && inner !== null && inner !== undefined ? REDACTED : redact(inner);
  }
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

interface RawEntry {
  path: string;
  kind: AuditDiffEntry['kind'];
  before: unknown;
  after: unknown;
  secret: boolean;
}

function walk(before: unknown, after: unknown, path: string, secret: boolean, out: RawEntry[]): void {
  if (deepEqual(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    // Before's keys in their order, then the keys only after has: a stable, readable order.
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
    for (const key of keys) {
      const inner = childPath(path, key);
      const innerSecret = secret || isSecretKey(key);
      if (!Object.hasOwn(after, key)) {
        out.push({ path: inner, kind: 'removed', before: before[key], after: null, secret: innerSecret });
      } else if (!Object.hasOwn(before, key)) {
        out.push({ path: inner, kind: 'added', before: null, after: after[key], secret: innerSecret });
      } else {
        walk(before[key], after[key], inner, innerSecret, out);
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index += 1) {
      const inner = childPath(path, index);
      if (index >= after.length) {
        out.push({ path: inner, kind: 'removed', before: before[index], after: null, secret });
      } else if (index >= before.length) {
        out.push({ path: inner, kind: 'added', before: null, after: after[index], secret });
      } else {
        walk(before[index], after[index], inner, secret, out);
      }
    }
    return;
  }
  out.push({ path, kind: 'changed', before, after, secret });
}

const hide = (value: unknown, secret: boolean): unknown =>
  secret ? (value === null || value === undefined ? null : REDACTED) : redact(value ?? null);

/**
 * The field-level differences between an audit entry's before and after. A missing side (a create
 * has no before, a delete no after) counts as an empty object, so every field shows as added or
 * removed. Values under secret-named keys are redacted, but their change is still reported.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffEntry[] {
  const empty = (value: unknown) => (value === null || value === undefined ? {} : value);
  const from = empty(before);
  const to = empty(after);
  const raw: RawEntry[] = [];
  if (isPlainObject(from) && isPlainObject(to)) walk(from, to, '', false, raw);
  else if (!deepEqual(from, to)) {
    // Not two objects (an array or a bare value at the top): one change of the whole value.
    walk(before ?? null, after ?? null, '$', false, raw);
  }
  return raw.map((entry) => ({
    path: entry.path === '' ? '$' : entry.path,
    kind: entry.kind,
    before: entry.kind === 'added' ? null : hide(entry.before, entry.secret),
    after: entry.kind === 'removed' ? null : hide(entry.after, entry.secret),
  }));
}
