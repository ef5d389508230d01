// The Gov-Client-* fraud-prevention values (HMRC's "WEB_APP_VIA_SERVER" connection method) that
// only the browser can know. The server adds the rest (public IP, vendor, connection method; see
// govheaders) and sends them all as headers when a field has addGovHeaders on.

/** Where the browser keeps its device id, so every call from this browser names the same device. */
export const DEVICE_ID_STORAGE_KEY = 'formloop.govClientDeviceId';

/** Each value is at most this long (the contract's limit). */
const MAX_VALUE_LENGTH = 2000;

let memoryDeviceId: string | null = null;

function newDeviceId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers: a random v4-shaped id is still a stable, unguessable device id once stored.
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (char) => {
    const random = Math.floor(Math.random() * 16);
    return (char === 'x' ? random : (random % 4) + 8).toString(16);
  });
}

/** The persistent device id; kept in memory when storage is refused (private windows, policies). */
export function govDeviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
    if (stored) return stored;
    const created = newDeviceId();
    localStorage.setItem(DEVICE_ID_STORAGE_KEY, created);
    return created;
  } catch {
    memoryDeviceId ??= newDeviceId();
    return memoryDeviceId;
  }
}

/** The browser's offset from UTC as HMRC writes it: 'UTC+01:00', 'UTC-05:30', 'UTC+00:00'. */
export function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

const dimension = (n: number | undefined) => String(Math.round(Number.isFinite(n) ? Number(n) : 0));

/** The values, keyed by the header each becomes. */
export function govClientValues(now: Date = new Date()): Record<string, string> {
  const screenInfo = typeof screen === 'undefined' ? undefined : screen;
  const values: Record<string, string> = {
    'Gov-Client-Device-ID': govDeviceId(),
    'Gov-Client-Screens': new URLSearchParams({
      width: dimension(screenInfo?.width),
      height: dimension(screenInfo?.height),
      'scaling-factor': String(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1),
      'colour-depth': dimension(screenInfo?.colorDepth),
    }).toString(),
    'Gov-Client-Window-Size': new URLSearchParams({
      width: dimension(window.innerWidth),
      height: dimension(window.innerHeight),
    }).toString(),
    'Gov-Client-Timezone': utcOffset(now),
    'Gov-Client-Browser-JS-User-Agent': navigator.userAgent,
    'Gov-Client-Browser-Do-Not-Track': navigator.doNotTrack === '1' ? 'true' : 'false',
  };
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value.slice(0, MAX_VALUE_LENGTH)]),
  );
}
