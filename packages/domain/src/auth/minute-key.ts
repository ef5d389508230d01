// The key of the login payload cipher is derived from the current UTC minute (spec §3), so client
// and server derive the same key without exchanging one.

/** Prefix that separates this key derivation from any other use of a minute stamp. */
export const LOGIN_KEY_PREFIX = 'formloop-login:';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** 'YYYYMMDDHHmm' of the given instant in UTC. Throws RangeError for an invalid Date. */
export function minuteStamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('minuteStamp needs a valid Date');
  return (
    pad(date.getUTCFullYear(), 4) +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes())
  );
}

/** SHA-256 of UTF-8 'formloop-login:' + stamp: the raw 32 key bytes. */
export async function minuteKeyBytes(stamp: string): Promise<Uint8Array<ArrayBuffer>> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(LOGIN_KEY_PREFIX + stamp),
  );
  return new Uint8Array(digest);
}

/**
 * WebCrypto's CryptoKey, spelled through globalThis.crypto: Node's type definitions declare no
 * global CryptoKey, the DOM's do, and this package compiles under both.
 */
export type MinuteKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** The AES-GCM 256 key for a minute stamp; not extractable, usable to encrypt and decrypt. */
export async function deriveMinuteKey(stamp: string): Promise<MinuteKey> {
  return globalThis.crypto.subtle.importKey('raw', await minuteKeyBytes(stamp), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ]);
}
