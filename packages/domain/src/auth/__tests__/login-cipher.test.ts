import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../base64.ts';
import { decryptLoginPayload, encryptLoginPayload } from '../login-cipher.ts';

const AT = (iso: string): Date => new Date(iso);
const CREDS = { username: 'ada', password: 'pässwörd 🔑' };

// Vectors sealed with Node's crypto.createCipheriv('aes-256-gcm') under the key of minute
// 2024-05-01 10:00 UTC and IV 000102030405060708090a0b: an implementation independent of WebCrypto.
const VECTOR_CREDS =
  'AAECAwQFBgcICQoL+qT3ebUIWPuUci9PwqNSoksE0Cf6R2QazacH3RUiglM3efiwlLUmxG1P3XQFnXzs63AIjsJFrtGHU/XvZ/Qz';
const VECTOR_EXTRA_FIELD =
  'AAECAwQFBgcICQoL+qT3ebUIWPuUci9PwqNSoksE0Cf6R2QazacH3RUiguexJqm1OG8xgnedI4T51m/ete7PCxXLBQzHXChx6N4zutM=';
const NOT_CREDENTIALS: Record<string, string> = {
  '42': 'AAECAwQFBgcICQoLtbT3x7YblXv2Dhjb4ATJPrZl',
  '["ada","x"]': 'AAECAwQFBgcICQoL2qTjbrFYGriBNVCcGPXGi1sLEm3nUMNBoEhe',
  '{"username":"ada"}': 'AAECAwQFBgcICQoL+qT3ebUIWPuUci9PwqNSoktVNtrmIliLarpiIapOO3CIMg==',
  '{"username":1,"password":"x"}':
    'AAECAwQFBgcICQoL+qT3ebUIWPuUci9P0e4UswhbgSD0RnNPmPcb3VLvgM4viEo6RpSDwkh9TDxc',
  null: 'AAECAwQFBgcICQoL7/PuZoMQYXDx07B/32pkgFYOVmc=',
  'not json': 'AAECAwQFBgcICQoL7+n2KroJWfRDPl2+mEQBdJnSr2GjE2OF',
  'invalid UTF-8': 'AAECAwQFBgcICQoLfnj5d9HusNy7Y6Wz1IwVC1l297Y=',
};

describe('encryptLoginPayload / decryptLoginPayload', () => {
  it('round-trips credentials within the same minute', async () => {
    const cipher = await encryptLoginPayload(CREDS, AT('2024-05-01T10:00:05Z'));
    expect(await decryptLoginPayload(cipher, AT('2024-05-01T10:00:55Z'))).toEqual(CREDS);
  });

  it('produces base64 of IV (12) + ciphertext + tag (16)', async () => {
    const payload = { username: 'u', password: 'p' };
    const cipher = await encryptLoginPayload(payload, AT('2024-05-01T10:00:00Z'));
    const plainLength = new TextEncoder().encode(JSON.stringify(payload)).length;
    expect(base64ToBytes(cipher)?.length).toBe(12 + plainLength + 16);
  });

  it('uses a fresh IV every time', async () => {
    const now = AT('2024-05-01T10:00:00Z');
    const a = await encryptLoginPayload(CREDS, now);
    const b = await encryptLoginPayload(CREDS, now);
    expect(a).not.toBe(b);
    expect(base64ToBytes(a)?.slice(0, 12)).not.toEqual(base64ToBytes(b)?.slice(0, 12));
  });

  it('accepts a payload from the previous minute (sent 12:00:59.9, received 12:01:00.1)', async () => {
    const cipher = await encryptLoginPayload(CREDS, AT('2024-05-01T12:00:59.900Z'));
    expect(await decryptLoginPayload(cipher, AT('2024-05-01T12:01:00.100Z'))).toEqual(CREDS);
    expect(await decryptLoginPayload(cipher, AT('2024-05-01T12:01:59.999Z'))).toEqual(CREDS);
  });

  it('accepts the previous minute across an hour, day and year boundary', async () => {
    const cipher = await encryptLoginPayload(CREDS, AT('2024-12-31T23:59:30Z'));
    expect(await decryptLoginPayload(cipher, AT('2025-01-01T00:00:10Z'))).toEqual(CREDS);
  });

  it('rejects a payload two minutes old', async () => {
    const cipher = await encryptLoginPayload(CREDS, AT('2024-05-01T12:00:59.999Z'));
    expect(await decryptLoginPayload(cipher, AT('2024-05-01T12:02:00.000Z'))).toBeNull();
  });

  it('rejects a payload from a future minute', async () => {
    const cipher = await encryptLoginPayload(CREDS, AT('2024-05-01T12:01:00Z'));
    expect(await decryptLoginPayload(cipher, AT('2024-05-01T12:00:59.999Z'))).toBeNull();
  });

  it('sends only username and password', async () => {
    const now = AT('2024-05-01T10:00:00Z');
    const withExtra = { ...CREDS, role: 'admin' } as typeof CREDS;
    const cipher = await encryptLoginPayload(withExtra, now);
    expect(await decryptLoginPayload(cipher, now)).toEqual(CREDS);
  });

  it('keeps empty strings and JSON-special characters intact', async () => {
    const now = AT('2024-05-01T10:00:00Z');
    const odd = { username: '', password: '"\\\n\u0000</script>' };
    expect(await decryptLoginPayload(await encryptLoginPayload(odd, now), now)).toEqual(odd);
  });

  it('defaults both sides to the current time', async () => {
    expect(await decryptLoginPayload(await encryptLoginPayload(CREDS))).toEqual(CREDS);
  });
});

describe('decryptLoginPayload against independent vectors', () => {
  const now = AT('2024-05-01T10:00:30Z');

  it('decrypts a payload sealed by another AES-GCM implementation', async () => {
    expect(await decryptLoginPayload(VECTOR_CREDS, now)).toEqual(CREDS);
    expect(await decryptLoginPayload(VECTOR_CREDS, AT('2024-05-01T10:01:30Z'))).toEqual(CREDS);
    expect(await decryptLoginPayload(VECTOR_CREDS, AT('2024-05-01T10:02:00Z'))).toBeNull();
  });

  it('drops fields other than username and password', async () => {
    expect(await decryptLoginPayload(VECTOR_EXTRA_FIELD, now)).toEqual({ username: 'ada', password: 'pw' });
  });

  for (const [plain, cipher] of Object.entries(NOT_CREDENTIALS)) {
    it(`returns null for a well-sealed payload that is not credentials: ${plain}`, async () => {
      expect(await decryptLoginPayload(cipher, now)).toBeNull();
    });
  }
});

describe('decryptLoginPayload with bad input', () => {
  const now = AT('2024-05-01T10:00:30Z');

  it('returns null for a flipped bit anywhere (IV, ciphertext or tag)', async () => {
    const original = base64ToBytes(VECTOR_CREDS);
    if (original === null) throw new Error('vector must decode');
    for (const index of [0, 11, 12, Math.floor(original.length / 2), original.length - 1]) {
      const tampered = original.slice();
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      expect(await decryptLoginPayload(bytesToBase64(tampered), now), `byte ${index}`).toBeNull();
    }
  });

  it('returns null for truncated or extended ciphertext', async () => {
    const original = base64ToBytes(VECTOR_CREDS);
    if (original === null) throw new Error('vector must decode');
    expect(await decryptLoginPayload(bytesToBase64(original.slice(0, -1)), now)).toBeNull();
    const longer = new Uint8Array(original.length + 1);
    longer.set(original);
    expect(await decryptLoginPayload(bytesToBase64(longer), now)).toBeNull();
  });

  it('returns null for garbage, short input and non-strings without throwing', async () => {
    for (const input of [
      '',
      'not base64!',
      'AAAA',
      bytesToBase64(new Uint8Array(29)),
      '{"username":"ada","password":"pw"}',
    ]) {
      expect(await decryptLoginPayload(input, now), input).toBeNull();
    }
    for (const input of [undefined, null, 42, {}, ['x'], CREDS]) {
      expect(await decryptLoginPayload(input, now)).toBeNull();
    }
  });

  it('returns null, not an exception, for an invalid clock', async () => {
    expect(await decryptLoginPayload(VECTOR_CREDS, new Date('nonsense'))).toBeNull();
  });

  it('rejects a payload whose base64 carries whitespace', async () => {
    expect(await decryptLoginPayload(`${VECTOR_CREDS}\n`, now)).toBeNull();
  });
});
