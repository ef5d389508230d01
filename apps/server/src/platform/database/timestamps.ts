// Timestamps as the API answers them: ISO 8601 in UTC with milliseconds, as Date#toISOString writes
// them. Raw SQL through drizzle hands timestamptz over as PostgreSQL's text
// ("2026-11-22 10:00:00.123456+00" in a UTC session); parsing that with `new Date(text)` goes through
// V8's slow legacy parser (~1 µs, a list page has 70 of them) and reads years below 1000 wrongly
// ("0099-…" becomes 1999). UTC text is rewritten directly; anything else is parsed.

/** PostgreSQL's timestamptz text in a UTC session: date, time, optional fraction, "+00". */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/** An instant as ISO 8601 UTC with milliseconds (fractions beyond them are cut, as Date does). */
export function isoTimestamp(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  return new Date(value).toISOString();
}

/** isoTimestamp, keeping null. */
export const isoTimestampOrNull = (value: Date | string | null): string | null =>
  value === null ? null : isoTimestamp(value);
