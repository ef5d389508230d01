import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Formloop';
const DIGITS = 6;
const PERIOD = 30;
/** Steps of clock drift accepted either side (notes/auth-test-peers.md: ±1–2). */
const WINDOW = 1;

/** What authenticator apps assume; other values exist only for the RFC 6238 test vectors. */
export interface TotpParams {
  algorithm: 'SHA1' | 'SHA256' | 'SHA512';
  digits: number;
  period: number;
}
const APP_DEFAULTS: TotpParams = { algorithm: 'SHA1', digits: DIGITS, period: PERIOD };

const totpFor = (base32Secret: string, label = '', params: TotpParams = APP_DEFAULTS) =>
  new TOTP({ issuer: TOTP_ISSUER, label, ...params, secret: Secret.fromBase32(base32Secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The key as authenticator apps show it: lower case, in groups of four. */
export const formatSharedKey = (base32: string) =>
  base32
    .toLowerCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

export const authenticatorUri = (base32: string, account: string) => totpFor(base32, account).toString();

export const generateTotp = (base32: string, timestampMs = Date.now(), params: TotpParams = APP_DEFAULTS) =>
  totpFor(base32, '', params).generate({ timestamp: timestampMs });

/**
 * Checks a typed code and returns the time step it matched, or null. The caller refuses a step it has
 * already accepted, so an overheard code cannot be replayed within its window.
 */
export function verifyTotp(base32: string, code: string, timestampMs = Date.now()): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(base32).validate({ token, timestamp: timestampMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestampMs / 1000 / PERIOD) + delta;
}

/** Ten single-use recovery codes like `k7qm-2x9d`, shown once when the authenticator is enabled. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');
