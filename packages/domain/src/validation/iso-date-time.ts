// Strict recognisers for the ISO 8601 shapes a stored value may take. Values that are valid dates
// or times are exempt from the value check (spec §5), since ':' and 'T'/'Z' would otherwise make
// '2024-05-01T10:00:00Z' "contain special characters". Strict means: calendar-valid (no 31 April,
// 29 February only in leap years), 24-hour clock, and nothing before or after the value.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?$/;
// Date and time joined by 'T' or a space (the organisation's default datetime format is
// 'YYYY-MM-DD HH:mm:ss'), with an optional 'Z' or ±HH:mm offset (offset hours 00-14, the widest in use).
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\S+?)(Z|[+-](?:0\d|1[0-4]):[0-5]\d)?$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** 'HH:mm', 'HH:mm:ss' or 'HH:mm:ss.fff' on a 24-hour clock. */
export function isIsoTime(value: string): boolean {
  return TIME.test(value);
}

/** A date and a time joined by 'T' or a space, optionally followed by 'Z' or a ±HH:mm offset. */
export function isIsoDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  return isIsoDate(match[1] ?? '') && isIsoTime(match[2] ?? '');
}

/** Any of the date, time or date-time shapes above. */
export function isIsoDateOrTime(value: string): boolean {
  return isIsoDate(value) || isIsoTime(value) || isIsoDateTime(value);
}

/**
 * A JSON object or array. It must start with '{' or '[' itself: JSON.parse tolerates leading
 * whitespace, and a value with a leading space must still get 'Value cannot start with a space'.
 */
export function isJsonContainer(value: string): boolean {
  const first = value[0];
  if (first !== '{' && first !== '[') return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}
