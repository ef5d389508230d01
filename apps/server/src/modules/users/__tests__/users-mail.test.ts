import { describe, expect, it } from 'vitest';
import { setPasswordLink } from '../users-mail.ts';

describe('set-password links', () => {
  it('mark an invitation, so the page asks to choose a password instead of resetting one', () => {
    expect(setPasswordLink('https://acme.example', 'a+b/c', 'invite')).toBe(
      'https://acme.example/reset-password?token=a%2Bb%2Fc&invite=1',
    );
    expect(setPasswordLink('https://acme.example', 'a+b/c')).toBe(
      'https://acme.example/reset-password?token=a%2Bb%2Fc',
    );
  });
});
