import { isIP } from 'node:net';

// Which addresses RemoteUrl may connect to: public unicast only. Loopback, private, shared (CGNAT),
// link-local (cloud metadata at 169.254.169.254), unique-local, multicast, unspecified, reserved
// and documentation ranges are refused, also when an IPv4 address hides inside IPv6
// (::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16).

type Range = readonly [prefix: readonly number[], bits: number];

const V4_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0], 8], // "this" network, unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // shared address space (CGNAT)
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

const V6_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96], // unspecified, loopback, IPv4-compatible
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48], // local-use NAT64
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments (Teredo included)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const left = Math.min(8, bits - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (prefix[bit / 8]! & mask)) return false;
  }
  return true;
}

function v4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (zone id ignored, dotted IPv4 tail allowed), or null. */
export function v6Bytes(text: string): number[] | null {
  let address = text.split('%')[0]!.toLowerCase();
  const lastColon = address.lastIndexOf(':');
  if (address.slice(lastColon + 1).includes('.')) {
    const v4 = v4Bytes(address.slice(lastColon + 1));
    if (!v4) return null;
    address = `${address.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const v4Blocked = (bytes: readonly number[]) => V4_BLOCKED.some((range) => inRange(bytes, range));

/** Whether RemoteUrl may connect to this IP address (anything unparsable is refused). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return !v4Blocked(v4Bytes(address)!);
  if (family !== 6) return false;
  const bytes = v6Bytes(address);
  if (!bytes) return false;
  const embedded = (from: number) => bytes.slice(from, from + 4);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address inside.
  if (inRange(bytes, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96])) return !v4Blocked(embedded(12));
  if (inRange(bytes, [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96])) return !v4Blocked(embedded(12));
  // 6to4 carries its IPv4 address in bytes 2–5.
  if (inRange(bytes, [[0x20, 0x02], 16]) && v4Blocked(embedded(2))) return false;
  return !V6_BLOCKED.some((range) => inRange(bytes, range));
}
