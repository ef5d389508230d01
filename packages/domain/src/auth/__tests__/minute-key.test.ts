import { describe, expect, it } from 'vitest';
import { LOGIN_KEY_PREFIX, deriveMinuteKey, minuteKeyBytes, minuteStamp } from '../minute-key.ts';

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('minuteStamp', () => {
  it('formats the UTC minute as YYYYMMDDHHmm', () => {
    expect(minuteStamp(new Date('2024-05-01T10:00:59.999Z'))).toBe('202405011000');
    expect(minuteStamp(new Date('2024-12-31T23:59:00Z'))).toBe('202412312359');
    expect(minuteStamp(new Date('2025-01-01T00:00:00Z'))).toBe('202501010000');
  });

  it('uses UTC whatever offset the instant was written with', () => {
    expect(minuteStamp(new Date('2024-05-01T12:30:00+02:00'))).toBe('202405011030');
    expect(minuteStamp(new Date('2024-05-01T00:15:00-05:00'))).toBe('202405010515');
  });

  it('pads small years to four digits', () => {
    const date = new Date(Date.UTC(2024, 0, 1));
    date.setUTCFullYear(33);
    expect(minuteStamp(date)).toBe('003301010000');
  });

  it('throws a RangeError for an invalid Date', () => {
    expect(() => minuteStamp(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('minute key', () => {
  it("is SHA-256 of 'formloop-login:' + stamp (known answer)", async () => {
    expect(LOGIN_KEY_PREFIX).toBe('formloop-login:');
    // Computed independently with Node's crypto.createHash('sha256').
    expect(hex(await minuteKeyBytes('202405011000'))).toBe(
      'f18cea39083361ed6c4042482324c1b2108ad11774fbf9c03a228c798b30c03f',
    );
  });

  it('is a non-extractable AES-GCM 256 key for encrypt and decrypt', async () => {
    const key = await deriveMinuteKey('202405011000');
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(key.extractable).toBe(false);
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
  });

  it('differs from minute to minute', async () => {
    expect(hex(await minuteKeyBytes('202405011000'))).not.toBe(hex(await minuteKeyBytes('202405011001')));
  });
});
