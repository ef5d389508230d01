// Dates as spreadsheet serial numbers (days since 1899-12-30, the fraction is the time of day),
// always read in UTC. formulajs's date functions use the machine's local time zone and divide
// milliseconds by 86,400,000, so the same formula gave different answers in the browser and on the
// server (WEEKNUM of 2024-10-20: 42 in Europe/Berlin, 43 in UTC). UTC is the same everywhere.

export const MS_PER_DAY = 86_400_000;
/** Serial number of 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25569;
// ECMAScript Date range limit; beyond it there is no calendar date to show.
const MAX_MS = 8.64e15;
/** Serials of 0001-01-01 and 9999-12-31: the range formulas produce dates in. */
export const MIN_SERIAL = -693593;
export const MAX_SERIAL = 2958465;

export interface DateParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}

export function serialToMs(serial: number): number {
  return Math.round((serial - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
}

export function msToSerial(ms: number): number {
  return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
}

/** Serial of a calendar date; month and day overflow roll over (month 13 is next January). NaN if out of range. */
export function civilToSerial(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const ms = date.setUTCFullYear(year, month - 1, day);
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_MS ? msToSerial(ms) : Number.NaN;
}

export function serialParts(serial: number): DateParts | null {
  const ms = serialToMs(serial);
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) return null;
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
    seconds: date.getUTCSeconds(),
    milliseconds: date.getUTCMilliseconds(),
  };
}

/** The whole-day part of a serial, robust against floating noise from ms conversions. */
export function dayOf(serial: number): number {
  return Math.floor(msToSerial(serialToMs(serial)) + 1e-9);
}

export function daysInMonth(year: number, month: number): number {
  return civilToSerial(year, month + 1, 1) - civilToSerial(year, month, 1);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatIsoDate(serial: number): string | null {
  const p = serialParts(dayOf(serial));
  if (!p || p.year < 0 || p.year > 9999) return null;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

export function formatIsoDateTime(serial: number): string | null {
  const ms = serialToMs(serial);
  const p = serialParts(serial);
  if (!p || p.year < 0 || p.year > 9999) return null;
  return new Date(ms).toISOString();
}

/** 'HH:mm:ss' of the time of day, rounded to the nearest second. */
export function formatIsoTime(serial: number): string {
  const dayMs = Math.round((((serial % 1) + 1) % 1) * MS_PER_DAY);
  const total = Math.round(dayMs / 1000) % 86400;
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

// Anchored patterns with no nested quantifiers: linear on any input.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const ISO_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function timeFraction(h: number, mi: number, s: number, fraction: string | undefined): number | null {
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
  return (h * 3600 + mi * 60 + s + ms / 1000) / 86400;
}

export type TemporalKind = 'date' | 'datetime' | 'time';

/** Reads the ISO forms field values travel in; null if the text is not one of them. */
export function parseIsoTemporal(text: string): { kind: TemporalKind; serial: number } | null {
  const trimmed = text.trim();
  if (trimmed.length > 40) return null;
  let m = ISO_DATE.exec(trimmed);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDate(y, mo, d) ? { kind: 'date', serial: civilToSerial(y, mo, d) } : null;
  }
  m = ISO_DATE_TIME.exec(trimmed);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const fraction = timeFraction(Number(m[4]), Number(m[5]), Number(m[6] ?? 0), m[7]);
    if (!validDate(y, mo, d) || fraction === null) return null;
    // An instant without a zone is read as UTC so every machine agrees.
    const zone = (m[8] ?? 'Z').toUpperCase();
    let offsetMinutes = 0;
    if (zone !== 'Z') {
      const digits = zone.replace(':', '');
      offsetMinutes =
        (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
    return { kind: 'datetime', serial: civilToSerial(y, mo, d) + fraction - offsetMinutes / 1440 };
  }
  m = ISO_TIME.exec(trimmed);
  if (m) {
    const fraction = timeFraction(Number(m[1]), Number(m[2]), Number(m[3] ?? 0), m[4]);
    return fraction === null ? null : { kind: 'time', serial: fraction };
  }
  return null;
}
