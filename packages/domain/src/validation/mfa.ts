// The MFA code field (spec §2, §5): numeric entry only. A number input still accepts the characters
// of "1e5", "-1", "+1", "1.5" and "1,5", so the field blocks those keys; a pasted code may carry
// the grouping people see in authenticator apps ("123 456", "123-456"), which is stripped.

/** Keys the MFA code input swallows on keydown. */
export const MFA_BLOCKED_KEYS = ['.', ',', '-', 'e', 'E', '+'] as const;
export type MfaBlockedKey = (typeof MFA_BLOCKED_KEYS)[number];

/** Whether a KeyboardEvent.key must be blocked in the MFA code input. */
export function isMfaBlockedKey(key: string): key is MfaBlockedKey {
  return (MFA_BLOCKED_KEYS as readonly string[]).includes(key);
}

/** Removes whitespace and hyphens from a typed or pasted TOTP code; other characters are kept. */
export function sanitizeTotpInput(code: string): string {
  return code.replace(/[\s-]/gu, '');
}
