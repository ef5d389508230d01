// Standard base64 (RFC 4648 §4, with padding) over bytes, using only btoa/atob so it runs in the
// browser and in Node alike (Buffer is Node-only; Uint8Array.toBase64 is not in Node 20).

// String.fromCharCode(...bytes) with a huge array overflows the call stack; 32 KiB chunks are safe.
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + CHUNK));
  }
  return btoa(binary);
}

// atob is "forgiving": it skips whitespace and accepts missing padding. Ciphertexts are produced by
// bytesToBase64 only, so anything but canonical base64 is rejected before atob sees it.
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of a canonical base64 string, or null when it is not one. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> | null {
  if (!CANONICAL_BASE64.test(base64)) return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
