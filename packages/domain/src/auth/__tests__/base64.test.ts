import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../base64.ts';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

describe('bytesToBase64', () => {
  it('encodes the RFC 4648 test vectors', () => {
    const enc = new TextEncoder();
    expect(
      ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map((s) => bytesToBase64(enc.encode(s))),
    ).toEqual(['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy']);
  });

  it('encodes high bytes as bytes, not as UTF-8', () => {
    expect(bytesToBase64(bytes(0xff, 0xfe, 0x00, 0x80))).toBe('//4AgA==');
  });

  it('handles inputs longer than one chunk without overflowing the stack', () => {
    const big = new Uint8Array(1_000_003).map((_, i) => (i * 31) & 0xff);
    const decoded = base64ToBytes(bytesToBase64(big));
    expect(decoded).not.toBeNull();
    expect(decoded?.length).toBe(big.length);
    expect(decoded?.every((value, i) => value === big[i])).toBe(true);
  });
});

describe('base64ToBytes', () => {
  it('round-trips every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(Array.from(base64ToBytes(bytesToBase64(all)) ?? [])).toEqual(Array.from(all));
  });

  it('decodes the empty string to no bytes', () => {
    expect(base64ToBytes('')?.length).toBe(0);
  });

  it('rejects anything but canonical padded base64', () => {
    for (const value of [
      'Zg',
      'Zg=',
      'Zm9v\n',
      ' Zm9v',
      'Zm9v====',
      'Zm-9',
      'Zm_9',
      'Z===',
      '=Zm9',
      'Zm9v!',
      'é',
    ]) {
      expect(base64ToBytes(value), JSON.stringify(value)).toBeNull();
    }
  });
});
