// ISO 8601 durations (PT30M, P1D, P1DT2H, P1W) for Timer activities. Calendar parts (years,
// months, weeks, days) are added on the UTC calendar so P1M from 31 January lands on the last day
// of February rather than spilling into March; time parts are added as exact milliseconds.

export interface DurationParts {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

// Calendar parts are whole numbers (a fractional month has no exact meaning); time parts may carry
// a fraction (PT1.5H, PT0.5S).
const INT = '(\\d+)';
const DEC = '(\\d+(?:[.,]\\d+)?)';
const ISO_DURATION = new RegExp(
  `^P(?:${INT}Y)?(?:${INT}M)?(?:${INT}W)?(?:${INT}D)?(?:T(?:${DEC}H)?(?:${DEC}M)?(?:${DEC}S)?)?$`,
);

/** The parts of an ISO 8601 duration, or null when the text is not one (P and PT alone are not). */
export function parseIsoDuration(text: unknown): DurationParts | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim().toUpperCase();
  const match = ISO_DURATION.exec(trimmed);
  if (!match || trimmed === 'P' || trimmed.endsWith('T')) return null;
  const [years, months, weeks, days, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part.replace(',', '.'))));
  return {
    years: years ?? 0,
    months: months ?? 0,
    weeks: weeks ?? 0,
    days: days ?? 0,
    hours: hours ?? 0,
    minutes: minutes ?? 0,
    seconds: seconds ?? 0,
  };
}

export function isIsoDuration(text: unknown): boolean {
  return parseIsoDuration(text) !== null;
}

/** `isoTime` plus the duration, as an ISO time; null when either is invalid. */
export function addIsoDuration(isoTime: string, duration: string): string | null {
  const parts = parseIsoDuration(duration);
  const start = new Date(isoTime);
  if (parts === null || Number.isNaN(start.getTime())) return null;
  const date = new Date(start.getTime());
  if (parts.years !== 0 || parts.months !== 0) {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + parts.years * 12 + parts.months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  date.setUTCDate(date.getUTCDate() + parts.weeks * 7 + parts.days);
  const milliseconds = ((parts.hours * 60 + parts.minutes) * 60 + parts.seconds) * 1000;
  const result = new Date(date.getTime() + Math.round(milliseconds));
  return Number.isNaN(result.getTime()) ? null : result.toISOString();
}
