// Date and time functions, computed on UTC serial numbers (see calendar.ts for why these are ours
// rather than formulajs's: its results depend on the machine's time zone). Excel's semantics
// otherwise: EDATE clamps to the month's last day, DATEDIF errors when start > end, NETWORKDAYS
// counts both ends, weekends are Saturday and Sunday.
import {
  MAX_SERIAL,
  MIN_SERIAL,
  civilToSerial,
  dayOf,
  daysInMonth,
  msToSerial,
  parseIsoTemporal,
  serialParts,
  serialToMs,
  type DateParts,
} from '../calendar.ts';
import { DateTimeValue, type Value } from '../values.ts';
import { invalid } from './coerce.ts';
import { define, type CallContext, type FunctionDefinition } from './types.ts';

const n = (arg: unknown): number => Math.trunc(arg as number);
const dt = (arg: unknown): DateTimeValue => arg as DateTimeValue;

function parts(value: DateTimeValue): DateParts {
  return serialParts(value.serial) as DateParts;
}

function dateResult(serial: number, call: CallContext): Value {
  if (!Number.isFinite(serial) || serial < MIN_SERIAL || serial > MAX_SERIAL) {
    return invalid(call.name, 'the date is out of range', call.span, '#NUM!');
  }
  return new DateTimeValue('date', serial);
}

function weekday(day: number): number {
  return (((day - 1) % 7) + 7) % 7; // serial 1 (1899-12-31) was a Sunday: 0 = Sunday
}

const isWorkday = (day: number): boolean => weekday(day) !== 0 && weekday(day) !== 6;

/** Working days from a to b inclusive (a <= b), by whole weeks plus at most six single days. */
function workdaysBetween(a: number, b: number): number {
  const days = b - a + 1;
  let count = Math.floor(days / 7) * 5;
  for (let d = a + Math.floor(days / 7) * 7; d <= b; d += 1) if (isWorkday(d)) count += 1;
  return count;
}

function holidaySet(arg: unknown): Set<number> {
  return new Set(((arg ?? []) as DateTimeValue[]).map((h) => dayOf(h.serial)).filter(isWorkday));
}

function networkdays(start: number, end: number, holidays: Set<number>): number {
  const [a, b, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  let count = workdaysBetween(a, b);
  for (const h of holidays) if (h >= a && h <= b) count -= 1;
  return sign * count;
}

function workday(start: number, days: number, holidays: Set<number>): number {
  const step = days < 0 ? -1 : 1;
  // Jump whole weeks arithmetically, then walk the rest; holidays in range push the end further.
  let remaining = Math.abs(days);
  let current = start;
  const weeks = Math.floor(Math.max(remaining - 5, 0) / 5);
  current += step * weeks * 7;
  remaining -= weeks * 5;
  const skipped = [...holidays].filter((h) =>
    step > 0 ? h > start && h <= current : h < start && h >= current,
  ).length;
  remaining += skipped;
  while (remaining > 0) {
    current += step;
    if (isWorkday(current) && !holidays.has(current)) remaining -= 1;
  }
  return current;
}

function weeknum(day: number, type: number): number | null {
  const p = serialParts(day) as DateParts;
  if (type === 21) {
    // ISO 8601: the week with the year's first Thursday is week 1.
    const thursday = day - ((weekday(day) + 6) % 7) + 3;
    const year = (serialParts(thursday) as DateParts).year;
    return Math.floor((thursday - civilToSerial(year, 1, 1)) / 7) + 1;
  }
  const starts: Record<number, number> = { 1: 0, 2: 1, 11: 1, 12: 2, 13: 3, 14: 4, 15: 5, 16: 6, 17: 0 };
  const first = Object.hasOwn(starts, type) ? (starts[type] as number) : null;
  if (first === null) return null;
  const jan1 = civilToSerial(p.year, 1, 1);
  const offset = (weekday(jan1) - first + 7) % 7;
  return Math.floor((day - jan1 + offset) / 7) + 1;
}

function weekdayNumber(day: number, type: number): number | null {
  const w = weekday(day);
  if (type === 1 || type === 17) return w + 1;
  if (type === 2 || type === 11) return ((w + 6) % 7) + 1;
  if (type === 3) return (w + 6) % 7;
  if (type >= 12 && type <= 16) return ((w - (type - 10) + 7) % 7) + 1;
  return null;
}

function datedif(start: number, end: number, unit: string, call: CallContext): Value {
  if (start > end) return invalid('DATEDIF', 'the start date is after the end date', call.span, '#NUM!');
  const a = serialParts(start) as DateParts;
  const b = serialParts(end) as DateParts;
  const dayBefore = b.day < a.day ? 1 : 0;
  const months = (b.year - a.year) * 12 + b.month - a.month - dayBefore;
  switch (unit.toUpperCase()) {
    case 'D':
      return end - start;
    case 'M':
      return months;
    case 'Y':
      return Math.floor(months / 12);
    case 'YM':
      return months % 12;
    case 'MD': {
      if (!dayBefore) return b.day - a.day;
      const prevMonthDays = daysInMonth(
        b.month === 1 ? b.year - 1 : b.year,
        b.month === 1 ? 12 : b.month - 1,
      );
      return Math.max(prevMonthDays - a.day, 0) + b.day;
    }
    case 'YD': {
      let anniversary = civilToSerial(b.year, a.month, Math.min(a.day, daysInMonth(b.year, a.month)));
      if (anniversary > end)
        anniversary = civilToSerial(b.year - 1, a.month, Math.min(a.day, daysInMonth(b.year - 1, a.month)));
      return end - anniversary;
    }
    default:
      return invalid('DATEDIF', `unknown unit "${unit}"; use Y, M, D, MD, YM or YD`, call.span, '#NUM!');
  }
}

function timeOfDay(value: DateTimeValue): { h: number; m: number; s: number } {
  // Round to the nearest second so 08:29:59.9996 (floating noise) reads as 08:30:00.
  const p = serialParts(msToSerial(Math.round(serialToMs(value.serial) / 1000) * 1000)) as DateParts;
  return { h: p.hours, m: p.minutes, s: p.seconds };
}

export const DATE_FUNCTIONS: FunctionDefinition[] = [
  define(
    'DATE',
    ['year:number', 'month:number', 'day:number'],
    'date',
    'Builds a date; months and days beyond their range roll over.',
    {
      run: ([y, m, d], call) => {
        let year = n(y);
        if (year >= 0 && year < 1900) year += 1900;
        if (year < 0 || year > 9999)
          return invalid('DATE', 'the year must be between 0 and 9999', call.span, '#NUM!');
        return dateResult(civilToSerial(year, n(m), n(d)), call);
      },
    },
  ),
  define('TIME', ['hour:number', 'minute:number', 'second:number'], 'time', 'Builds a time of day.', {
    run: ([h, m, s], call) => {
      const total = n(h) * 3600 + n(m) * 60 + n(s);
      if (total < 0) return invalid('TIME', 'the time cannot be negative', call.span, '#NUM!');
      return new DateTimeValue('time', (total % 86400) / 86400);
    },
  }),
  define('TODAY', [], 'date', "Today's date (UTC).", {
    run: (_args, call) => new DateTimeValue('date', dayOf(msToSerial(call.now.getTime()))),
  }),
  define('NOW', [], 'datetime', 'The current date and time.', {
    run: (_args, call) => new DateTimeValue('datetime', msToSerial(call.now.getTime())),
  }),
  define('DATEVALUE', ['date_text:text'], 'date', 'Converts an ISO date text (YYYY-MM-DD) to a date.', {
    run: ([text], call) => {
      const parsed = serialOfText(text as string);
      return parsed === null
        ? invalid('DATEVALUE', 'the text is not a date', call.span)
        : dateResult(dayOf(parsed), call);
    },
  }),
  define('YEAR', ['date:date'], 'number', 'The year of a date.', { run: ([d]) => parts(dt(d)).year }),
  define('MONTH', ['date:date'], 'number', 'The month of a date, 1 to 12.', {
    run: ([d]) => parts(dt(d)).month,
  }),
  define('DAY', ['date:date'], 'number', 'The day of the month, 1 to 31.', {
    run: ([d]) => parts(dt(d)).day,
  }),
  define('HOUR', ['time:time'], 'number', 'The hour of a time, 0 to 23.', {
    run: ([t]) => timeOfDay(dt(t)).h,
  }),
  define('MINUTE', ['time:time'], 'number', 'The minute of a time, 0 to 59.', {
    run: ([t]) => timeOfDay(dt(t)).m,
  }),
  define('SECOND', ['time:time'], 'number', 'The second of a time, 0 to 59.', {
    run: ([t]) => timeOfDay(dt(t)).s,
  }),
  define(
    'WEEKDAY',
    ['date:date', 'return_type:number?'],
    'number',
    'The day of the week; by default 1 = Sunday to 7 = Saturday.',
    {
      run: ([d, type], call) =>
        weekdayNumber(dayOf(dt(d).serial), n(type ?? 1)) ??
        invalid('WEEKDAY', 'unknown return type', call.span, '#NUM!'),
    },
  ),
  define(
    'WEEKNUM',
    ['date:date', 'return_type:number?'],
    'number',
    'The week of the year; type 21 gives the ISO week.',
    {
      run: ([d, type], call) =>
        weeknum(dayOf(dt(d).serial), n(type ?? 1)) ??
        invalid('WEEKNUM', 'unknown return type', call.span, '#NUM!'),
    },
  ),
  define(
    'EDATE',
    ['start_date:date', 'months:number'],
    'date',
    'The same day some months later, clamped to the month end.',
    {
      run: ([d, months], call) => {
        const p = parts(dt(d));
        const target = p.month + n(months);
        const first = civilToSerial(p.year, target, 1);
        const fp = serialParts(first);
        if (!fp) return invalid('EDATE', 'the date is out of range', call.span, '#NUM!');
        return dateResult(first + Math.min(p.day, daysInMonth(fp.year, fp.month)) - 1, call);
      },
    },
  ),
  define(
    'EOMONTH',
    ['start_date:date', 'months:number'],
    'date',
    'The last day of the month some months later.',
    {
      run: ([d, months], call) => {
        const p = parts(dt(d));
        return dateResult(civilToSerial(p.year, p.month + n(months) + 1, 1) - 1, call);
      },
    },
  ),
  define(
    'DATEDIF',
    ['start_date:date', 'end_date:date', 'unit:text'],
    'number',
    'Whole years (Y), months (M) or days (D) between two dates; MD, YM, YD ignore larger units.',
    {
      run: ([a, b, unit], call) => datedif(dayOf(dt(a).serial), dayOf(dt(b).serial), unit as string, call),
    },
  ),
  define('DAYS', ['end_date:date', 'start_date:date'], 'number', 'The number of days from start to end.', {
    run: ([end, start]) => dayOf(dt(end).serial) - dayOf(dt(start).serial),
  }),
  define(
    'NETWORKDAYS',
    ['start_date:date', 'end_date:date', 'holidays:dates?'],
    'number',
    'Working days (Monday to Friday) between two dates, both included.',
    {
      run: ([a, b, holidays]) => networkdays(dayOf(dt(a).serial), dayOf(dt(b).serial), holidaySet(holidays)),
    },
  ),
  define(
    'WORKDAY',
    ['start_date:date', 'days:number', 'holidays:dates?'],
    'date',
    'The date some working days before or after a date.',
    {
      run: ([d, days, holidays], call) => {
        if (Math.abs(n(days)) > MAX_SERIAL) return invalid('WORKDAY', 'too many days', call.span, '#NUM!');
        return dateResult(workday(dayOf(dt(d).serial), n(days), holidaySet(holidays)), call);
      },
    },
  ),
];

function serialOfText(text: string): number | null {
  const parsed = parseIsoTemporal(text);
  return parsed && parsed.kind !== 'time' ? parsed.serial : null;
}
