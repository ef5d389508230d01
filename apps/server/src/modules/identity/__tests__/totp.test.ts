import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  formatSharedKey,
  generateTotp,
  newRecoveryCodes,
  normaliseRecoveryCode,
  verifyTotp,
} from '../totp.ts';

// RFC 6238 Appendix B (shared/notes/auth-test-peers.md): the seed is ASCII "1234567890" repeated.
const seed = (bytes: number) => Secret.fromLatin1('1234567890'.repeat(7).slice(0, bytes)).base32;
const SHA1 = seed(20);

describe('TOTP against the RFC 6238 vectors', () => {
  it('has the documented base32 form of the SHA1 seed', () => {
    expect(SHA1).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('SHA1, 8 digits, T=%i → %s', (t, code) => {
    expect(generateTotp(SHA1, t * 1000, { algorithm: 'SHA1', digits: 8, period: 30 })).toBe(code);
  });

  it('SHA256 and SHA512 seeds at T=59', () => {
    expect(generateTotp(seed(32), 59_000, { algorithm: 'SHA256', digits: 8, period: 30 })).toBe('46119246');
    expect(generateTotp(seed(64), 59_000, { algorithm: 'SHA512', digits: 8, period: 30 })).toBe('90693936');
  });

  it('the app default is 6 digits: T=59 → 287082', () => {
    expect(generateTotp(SHA1, 59_000)).toBe('287082');
  });
});

describe('verifyTotp', () => {
  const now = 1_700_000_000_000;
  const step = Math.floor(now / 30_000);

  it('accepts the current code and returns its time step', () => {
    expect(verifyTotp(SHA1, generateTotp(SHA1, now), now)).toBe(step);
  });

  it('accepts one step of clock drift either way, not two', () => {
    expect(verifyTotp(SHA1, generateTotp(SHA1, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(SHA1, generateTotp(SHA1, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(SHA1, generateTotp(SHA1, now - 90_000), now)).toBeNull();
  });

  it('strips spaces and hyphens typed into the code', () => {
    const code = generateTotp(SHA1, now);
    expect(verifyTotp(SHA1, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(verifyTotp(SHA1, `${code.slice(0, 3)}-${code.slice(3)}`, now)).toBe(step);
  });

  it('refuses anything that is not six digits', () => {
    for (const bad of ['', '12345', '1234567', '12e456', 'abcdef', '+12345'])
      expect(verifyTotp(SHA1, bad, now)).toBeNull();
  });
});

describe('shared key and recovery codes', () => {
  it('shows the key lower case in groups of four', () => {
    expect(formatSharedKey('GEZDGNBVGY3TQOJQ')).toBe('gezd gnbv gy3t qojq');
    expect(formatSharedKey('ABCDEF')).toBe('abcd ef');
  });

  it('makes ten distinct codes of an unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(normaliseRecoveryCode(' AB3D-EFGH ')).toBe('ab3d-efgh');
  });
});
