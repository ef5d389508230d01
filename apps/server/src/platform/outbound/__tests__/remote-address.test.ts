import { describe, expect, it } from 'vitest';
import { isPublicAddress, v6Bytes } from '../remote-address.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, shared, link-local, multicast, reserved and unspecified IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.2.5',
      '198.18.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public IPv4', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '172.15.255.255',
      '100.128.0.1',
      '93.184.216.34',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses the internal IPv6 ranges and IPv4 hidden in IPv6', () => {
    for (const address of [
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:0001::1',
      '2001:db8::1',
      '::127.0.0.1',
      'fec0::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public IPv6, and IPv4-mapped public addresses', () => {
    for (const address of [
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('1.2.3')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it('parses IPv6 with compression and a dotted tail', () => {
    expect(v6Bytes('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect(v6Bytes('1::')).toEqual([0, 1, ...Array(14).fill(0)]);
    expect(v6Bytes('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(v6Bytes('1::2::3')).toBeNull();
    expect(v6Bytes('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});
