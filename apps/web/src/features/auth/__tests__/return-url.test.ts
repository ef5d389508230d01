import { describe, expect, it } from 'vitest';
import { loginRedirectFor, safeReturnUrl, withReturnUrl } from '../return-url.ts';

describe('ReturnUrl handling', () => {
  it('follows same-site paths only', () => {
    expect(safeReturnUrl('/reports?x=1')).toBe('/reports?x=1');
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('https://evil.example')).toBe('/');
    expect(safeReturnUrl('//evil.example')).toBe('/');
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
    expect(safeReturnUrl('/authentication/login')).toBe('/');
  });

  it('builds links that carry ReturnUrl on', () => {
    expect(withReturnUrl('/authentication/mfa', '/a b')).toBe('/authentication/mfa?ReturnUrl=%2Fa%20b');
    expect(withReturnUrl('/authentication/mfa', '/')).toBe('/authentication/mfa');
    expect(loginRedirectFor('/settings')).toBe('/authentication/login?ReturnUrl=%2Fsettings');
  });
});
