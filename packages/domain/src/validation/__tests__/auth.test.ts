import { describe, expect, it } from 'vitest';
import { normaliseDomain, validateDomain, validateForgotPassword, validateLogin } from '../auth.ts';

describe('validateLogin', () => {
  it('returns no errors for valid credentials', () => {
    expect(validateLogin({ username: 'ada', password: 'secret' })).toEqual({});
  });

  it("requires both fields with 'This field is required'", () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'This field is required',
      password: 'This field is required',
    });
  });

  it('treats a blank username as missing', () => {
    expect(validateLogin({ username: '  \t', password: 'secret' })).toEqual({
      username: 'This field is required',
    });
  });

  it('has no length rule for the username', () => {
    expect(validateLogin({ username: 'a', password: 'secret' })).toEqual({});
    expect(validateLogin({ username: 'a'.repeat(200), password: 'secret' })).toEqual({});
  });

  it('bounds the password to 3..50 characters', () => {
    expect(validateLogin({ username: 'ada', password: 'ab' })).toEqual({ password: 'Minimum 3 characters' });
    expect(validateLogin({ username: 'ada', password: 'abc' })).toEqual({});
    expect(validateLogin({ username: 'ada', password: 'a'.repeat(50) })).toEqual({});
    expect(validateLogin({ username: 'ada', password: 'a'.repeat(51) })).toEqual({
      password: 'Maximum 50 characters',
    });
  });

  it('takes spaces in a password as characters', () => {
    expect(validateLogin({ username: 'ada', password: '   ' })).toEqual({});
    expect(validateLogin({ username: 'ada', password: ' a' })).toEqual({ password: 'Minimum 3 characters' });
  });

  it('counts password length in code points', () => {
    expect(validateLogin({ username: 'ada', password: '🔑🔑' })).toEqual({
      password: 'Minimum 3 characters',
    });
    expect(validateLogin({ username: 'ada', password: '🔑'.repeat(50) })).toEqual({});
  });

  it('reports both fields at once', () => {
    expect(validateLogin({ username: '', password: 'x' })).toEqual({
      username: 'This field is required',
      password: 'Minimum 3 characters',
    });
  });
});

describe('validateForgotPassword', () => {
  it("requires a username with 'Username is required'", () => {
    expect(validateForgotPassword('')).toBe('Username is required');
    expect(validateForgotPassword('   ')).toBe('Username is required');
  });

  it('bounds the trimmed username to 3..50 characters', () => {
    expect(validateForgotPassword('ab')).toBe('Minimum 3 characters');
    expect(validateForgotPassword(' ab ')).toBe('Minimum 3 characters');
    expect(validateForgotPassword('abc')).toBeNull();
    expect(validateForgotPassword('a'.repeat(50))).toBeNull();
    expect(validateForgotPassword(` ${'a'.repeat(50)} `)).toBeNull();
    expect(validateForgotPassword('a'.repeat(51))).toBe('Maximum 50 characters');
  });
});

describe('normaliseDomain', () => {
  it('trims and lower-cases', () => {
    expect(normaliseDomain('  Acme-Corp ')).toBe('acme-corp');
  });
});

describe('validateDomain', () => {
  const SPECIAL = 'Cannot contain special characters';

  it("requires a domain with 'Please input your domain'", () => {
    expect(validateDomain('')).toBe('Please input your domain');
    expect(validateDomain('   ')).toBe('Please input your domain');
  });

  it('accepts DNS labels, case-insensitively and trimmed', () => {
    for (const value of [
      'acme',
      'a',
      '1',
      'acme-corp',
      'a1-b2',
      'ACME',
      ' acme ',
      '123abc',
      'a'.repeat(63),
    ]) {
      expect(validateDomain(value), value).toBeNull();
    }
  });

  it('rejects anything that is not a single DNS label', () => {
    for (const value of [
      '-acme',
      'acme-',
      '-',
      'ac me',
      'acme.example.com',
      'acme_corp',
      'açme',
      'acme!',
      'https://acme',
    ]) {
      expect(validateDomain(value), value).toBe(SPECIAL);
    }
  });

  it('allows inner double hyphens, which DNS permits (punycode uses them)', () => {
    expect(validateDomain('xn--mnchen-3ya')).toBeNull();
  });

  it('names the 63 limit for a label that is only too long', () => {
    expect(validateDomain('a'.repeat(64))).toBe('Cannot exceed 63 characters');
    expect(validateDomain(`${'a'.repeat(63)}-`)).toBe(SPECIAL);
    expect(validateDomain(`${'a'.repeat(64)}.b`)).toBe(SPECIAL);
  });
});
