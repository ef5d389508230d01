// The login payload (spec §3, §7 POST authenticateiso): the credentials as JSON, encrypted on the
// client with AES-GCM under a key derived from the current UTC minute, sent as a JSON string.
//
// THIS IS OBFUSCATION FOR COMPATIBILITY ONLY. Anyone who reads this code can derive the key for any
// minute, so it protects nothing against an attacker who sees the request. TLS is the real
// protection of credentials in transit; this format exists because the API contract requires it
// (and it keeps plain passwords out of casual request logs).
//
// Wire format: base64( 12-byte random IV || AES-GCM ciphertext || 16-byte tag ).
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { deriveMinuteKey, minuteStamp } from './minute-key.ts';

export interface LoginCredentials {
  username: string;
  password: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const MINUTE_MS = 60_000;

/** Encrypts UTF-8 text under the key of `now`'s minute. */
async function encryptText(text: string, now: Date): Promise<string> {
  const key = await deriveMinuteKey(minuteStamp(now));
  // A fresh random IV per message: reusing an IV under one GCM key would leak the plaintexts' XOR.
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(text),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return bytesToBase64(out);
}

/**
 * Encrypts the credentials under the current minute's key. Only username and password are sent,
 * whatever else the object carries.
 */
export async function encryptLoginPayload(
  payload: LoginCredentials,
  now: Date = new Date(),
): Promise<string> {
  return encryptText(JSON.stringify({ username: payload.username, password: payload.password }), now);
}

/** The credentials in decrypted text, or null unless it is a JSON object with string username and password. */
function parseCredentials(text: string): LoginCredentials | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string') return null;
  return { username, password };
}

/**
 * Decrypts a login payload, trying the key of `now`'s minute and then the previous minute's, so a
 * request sent at 12:00:59.9 that arrives at 12:01:00.1 still works. Anything else — not a string,
 * not base64, too short, tampered, older than the previous minute, from a future minute, or not
 * credentials once decrypted — gives null, never an exception: callers answer every failure with
 * the same invalid-login response.
 */
export async function decryptLoginPayload(
  cipher: unknown,
  now: Date = new Date(),
): Promise<LoginCredentials | null> {
  if (typeof cipher !== 'string' || Number.isNaN(now.getTime())) return null;
  const bytes = base64ToBytes(cipher);
  // An empty plaintext is still IV + tag; '{}' is the shortest JSON object, so require at least 2 bytes.
  if (bytes === null || bytes.length < IV_BYTES + TAG_BYTES + 2) return null;
  const iv = bytes.slice(0, IV_BYTES);
  const sealed = bytes.slice(IV_BYTES);
  for (const instant of [now, new Date(now.getTime() - MINUTE_MS)]) {
    let plain: ArrayBuffer;
    try {
      const key = await deriveMinuteKey(minuteStamp(instant));
      plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed);
    } catch {
      continue; // wrong minute or tampered: GCM authentication failed
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      return null;
    }
    return parseCredentials(text);
  }
  return null;
}
