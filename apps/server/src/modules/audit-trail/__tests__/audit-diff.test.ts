import { describe, expect, it } from 'vitest';
import { auditDiff, isSecretKey, REDACTED, redact } from '../audit-diff.ts';

describe('auditDiff', () => {
  it('reports nothing when before and after are equal, whatever the key order', () => {
    expect(auditDiff({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(undefined, {})).toEqual([]);
  });

  it('lists every field of a create as added and of a delete as removed', () => {
    expect(auditDiff(null, { name: 'Sales', order: 2 })).toEqual([
      { path: 'name', kind: 'added', before: null, after: 'Sales' },
      { path: 'order', kind: 'added', before: null, after: 2 },
    ]);
    expect(auditDiff({ name: 'Sales' }, null)).toEqual([
      { path: 'name', kind: 'removed', before: 'Sales', after: null },
    ]);
  });

  it('finds changed, added and removed fields in a stable order', () => {
    expect(auditDiff({ a: 1, b: 'x', gone: true }, { a: 2, b: 'x', fresh: null })).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'gone', kind: 'removed', before: true, after: null },
      { path: 'fresh', kind: 'added', before: null, after: null },
    ]);
  });

  it('walks nested objects and arrays with dotted and [index] paths', () => {
    const before = { pref: { launch_page: { type: 'home' } }, tags: ['a', 'b'], rows: [{ id: 1, v: 'x' }] };
    const after = {
      pref: { launch_page: { type: 'quickreport' } },
      tags: ['a'],
      rows: [{ id: 1, v: 'y' }, { id: 2 }],
    };
    expect(auditDiff(before, after)).toEqual([
      { path: 'pref.launch_page.type', kind: 'changed', before: 'home', after: 'quickreport' },
      { path: 'tags[1]', kind: 'removed', before: 'b', after: null },
      { path: 'rows[0].v', kind: 'changed', before: 'x', after: 'y' },
      { path: 'rows[1]', kind: 'added', before: null, after: { id: 2 } },
    ]);
  });

  it('treats a change of type as one change of the whole value', () => {
    expect(auditDiff({ a: { b: 1 } }, { a: [1] })).toEqual([
      { path: 'a', kind: 'changed', before: { b: 1 }, after: [1] },
    ]);
    expect(auditDiff({ a: null }, { a: 0 })).toEqual([
      { path: 'a', kind: 'changed', before: null, after: 0 },
    ]);
    expect(auditDiff({ a: '1' }, { a: 1 })).toEqual([{ path: 'a', kind: 'changed', before: '1', after: 1 }]);
  });

  it('compares bare values and arrays at the top as one value', () => {
    expect(auditDiff('a', 'b')).toEqual([{ path: '$', kind: 'changed', before: 'a', after: 'b' }]);
    expect(auditDiff([1], [1, 2])).toEqual([{ path: '$[1]', kind: 'added', before: null, after: 2 }]);
  });

  it('reports a secret that changed without showing either value', () => {
    const diff = auditDiff(
      { password_hash: '$argon2id$old', totp_secret: null, name: 'x' },
      { password_hash: '$argon2id$new', totp_secret: 'JBSWY3DP', name: 'y' },
    );
    expect(diff).toEqual([
      { path: 'password_hash', kind: 'changed', before: REDACTED, after: REDACTED },
      { path: 'totp_secret', kind: 'changed', before: null, after: REDACTED },
      { path: 'name', kind: 'changed', before: 'x', after: 'y' },
    ]);
    expect(JSON.stringify(diff)).not.toContain('argon2id');
    expect(JSON.stringify(diff)).not.toContain('JBSWY3DP');
  });

  it('redacts secrets nested under ordinary keys and whole subtrees under secret keys', () => {
    const diff = auditDiff(
      { user: { name: 'a' } },
      { user: { name: 'a', credentials: { apiKey: 'k-1', label: 'ci' } }, tokens: { refresh: 'r-1' } },
    );
    expect(diff).toEqual([
      { path: 'user.credentials', kind: 'added', before: null, after: { apiKey: REDACTED, label: 'ci' } },
      { path: 'tokens', kind: 'added', before: null, after: REDACTED },
    ]);
    const removed = auditDiff({ secret: { a: 1 } }, {});
    expect(removed).toEqual([{ path: 'secret', kind: 'removed', before: REDACTED, after: null }]);
    const inner = auditDiff({ token: { a: 1 } }, { token: { a: 2 } });
    expect(inner).toEqual([{ path: 'token.a', kind: 'changed', before: REDACTED, after: REDACTED }]);
  });
});

describe('redact', () => {
  it('replaces secret-named values at any depth and leaves the rest alone', () => {
    const input = {
      username: 'ada',
      password: 'hunter22',
      nested: [{ accessToken: 'abc', ok: 1 }, { recovery_code_hashes: ['h1'] }],
      keep: null,
      passwordHash: null,
    };
    expect(redact(input)).toEqual({
      username: 'ada',
      password: REDACTED,
      nested: [{ accessToken: REDACTED, ok: 1 }, { recovery_code_hashes: REDACTED }],
      keep: null,
      passwordHash: null,
    });
    expect(input.password).toBe('hunter22');
    expect(redact('plain')).toBe('plain');
    expect(redact(null)).toBeNull();
  });

  it('knows the secret key names', () => {
    for (const key of ['password', 'new_password', 'Passwd', 'password_hash', 'hash', 'clientSecret']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['token', 'refreshToken', 'api_key', 'private-key', 'recoveryCodes']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['username', 'email', 'method', 'ip', 'machine_remembered', 'entity']) {
      expect(isSecretKey(key)).toBe(false);
    }
  });
});
