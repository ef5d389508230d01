import { describe, expect, it } from 'vitest';
import { MFA_BLOCKED_KEYS, isMfaBlockedKey, sanitizeTotpInput } from '../mfa.ts';

describe('MFA code input', () => {
  it('blocks the characters a number input would otherwise accept', () => {
    expect(MFA_BLOCKED_KEYS).toEqual(['.', ',', '-', 'e', 'E', '+']);
    for (const key of MFA_BLOCKED_KEYS) expect(isMfaBlockedKey(key)).toBe(true);
  });

  it('lets digits and editing keys through', () => {
    for (const key of ['0', '9', 'Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'ee', '']) {
      expect(isMfaBlockedKey(key), key).toBe(false);
    }
  });

  it('strips spaces and hyphens from a pasted code and keeps the rest', () => {
    expect(sanitizeTotpInput('123 456')).toBe('123456');
    expect(sanitizeTotpInput('123-456')).toBe('123456');
    expect(sanitizeTotpInput(' 12 3-4\t56\n')).toBe('123456');
    expect(sanitizeTotpInput('12\u00a03456')).toBe('123456');
    expect(sanitizeTotpInput('12a456')).toBe('12a456');
    expect(sanitizeTotpInput('')).toBe('');
  });
});
