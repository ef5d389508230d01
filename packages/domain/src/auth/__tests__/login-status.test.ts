import { describe, expect, it } from 'vitest';
import { LOGIN_STATUS_KEYS, loginStatusKey } from '../login-status.ts';
import { MESSAGES } from '../../messages.ts';

describe('the login page’s status keys', () => {
  it('takes our keys as they are, and the exact English text of one as its key', () => {
    expect(loginStatusKey('ssoUnknownUser')).toBe('ssoUnknownUser');
    expect(loginStatusKey(MESSAGES.sessionExpired)).toBe('sessionExpired');
    for (const key of LOGIN_STATUS_KEYS) expect(loginStatusKey(MESSAGES[key])).toBe(key);
  });

  it('is null for anything else: no arbitrary text reaches the banner', () => {
    expect(loginStatusKey(null)).toBeNull();
    expect(loginStatusKey('')).toBeNull();
    expect(loginStatusKey('Your account is locked. Call +1 555 0100')).toBeNull();
    // A message key that is not a login status (and its text) is not one either.
    expect(loginStatusKey('required')).toBeNull();
    expect(loginStatusKey(MESSAGES.required)).toBeNull();
    expect(loginStatusKey('SSOUNKNOWNUSER')).toBeNull();
  });
});
