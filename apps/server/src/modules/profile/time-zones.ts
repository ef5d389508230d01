import type { TimeZoneOption } from '@formloop/contracts';
import { normaliseTimeZone } from '@formloop/domain';

// The IANA zones this server's ICU knows, plus 'UTC' (which V8 lists only as Etc/UTC's alias, yet is
// what the spec maps 'GMT Standard Time' to and what every user starts with).
const KNOWN_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * The zone to store for what a user sent, or null when it is unknown. 'GMT Standard Time' becomes
 * 'UTC' (spec §3); an alias or odd casing ICU understands ('Asia/Kolkata' where this ICU lists
 * 'Asia/Calcutta', 'europe/berlin') becomes the id the list shows, so the select finds it again.
 */
export function acceptTimeZone(input: string): string | null {
  const zone = normaliseTimeZone(input);
  if (KNOWN_ZONES.has(zone)) return zone;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return KNOWN_ZONES.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/** Minutes east of UTC that `zone` is at `at` (DST included). */
export function offsetMinutes(zone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  // 'GMT' alone means +00:00; otherwise 'GMT+05:30' or 'GMT-03:00'.
  const match = /^GMT([+-])(\d{1,2}):?(\d{2})?$/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

function buildList(at: Date): TimeZoneOption[] {
  return [...KNOWN_ZONES]
    .map((id) => {
      const offset = offsetMinutes(id, at);
      return { id, label: `(${formatOffset(offset)}) ${id}`, offsetMinutes: offset };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id, 'en'));
}

// ~420 formatters cost a few milliseconds; offsets change only at DST switches (on the quarter hour
// at the finest), so one list per quarter hour is current and cheap.
const BUCKET_MS = 15 * 60_000;
let cached: { bucket: number; list: TimeZoneOption[] } | null = null;

/** Every known zone with the UTC offset in effect now, west to east. */
export function timeZoneList(now = new Date()): TimeZoneOption[] {
  const bucket = Math.floor(now.getTime() / BUCKET_MS);
  if (cached?.bucket !== bucket) cached = { bucket, list: buildList(now) };
  return cached.list;
}
