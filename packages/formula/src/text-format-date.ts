// Date and time format codes for TEXT, read in UTC like every other date in formulas.
import { MS_PER_DAY, msToSerial, serialParts, serialToMs } from './calendar.ts';
import type { FormatToken } from './text-format.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Run {
  code: string;
  text: string;
}

/** Groups repeated codes ("yyyy", "mm") and AM/PM markers; everything else is literal text. */
function runsOf(tokens: readonly FormatToken[]): Run[] {
  const runs: Run[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as FormatToken;
    const lower = t.text.toLowerCase();
    if (t.kind === 'code' && lower === 'a') {
      const ahead = tokens
        .slice(i, i + 5)
        .map((u) => u.text)
        .join('');
      if (ahead.toUpperCase() === 'AM/PM') {
        runs.push({ code: 'ampm', text: ahead });
        i += 5;
        continue;
      }
      const short = tokens
        .slice(i, i + 3)
        .map((u) => u.text)
        .join('');
      if (short.toUpperCase() === 'A/P') {
        runs.push({ code: 'ap', text: short });
        i += 3;
        continue;
      }
    }
    if (t.kind === 'code' && 'ymdhs'.includes(lower)) {
      let j = i;
      while (j < tokens.length && tokens[j]?.kind === 'code' && tokens[j]?.text.toLowerCase() === lower)
        j += 1;
      runs.push({ code: lower, text: lower.repeat(j - i) });
      i = j;
      continue;
    }
    if (t.kind === 'code' && t.text === '.' && runs.at(-1)?.code === 's') {
      let j = i + 1;
      while (tokens[j]?.kind === 'code' && tokens[j]?.text === '0') j += 1;
      if (j > i + 1) {
        runs.push({ code: 'fraction', text: '0'.repeat(j - i - 1) });
        i = j;
        continue;
      }
    }
    runs.push({ code: 'literal', text: t.text });
    i += 1;
  }
  // "m" means minutes right after hours or right before seconds.
  const dateRuns = runs.filter((r) => 'ymdhs'.includes(r.code) && r.code.length === 1);
  dateRuns.forEach((r, k) => {
    if (r.code !== 'm' || r.text.length > 2) return;
    if (dateRuns[k - 1]?.code === 'h' || dateRuns[k + 1]?.code === 's') r.code = 'minute';
  });
  return runs;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export function formatDateSection(serial: number, tokens: readonly FormatToken[]): string {
  const runs = runsOf(tokens);
  const fractionRun = runs.find((r) => r.code === 'fraction');
  const decimals = fractionRun ? Math.min(fractionRun.text.length, 3) : 0;
  // Round to the shown precision so 10:59:59.7 shows as 11:00:00, as spreadsheets do.
  const unit = 1000 / 10 ** decimals;
  const ms = Math.round(serialToMs(serial) / unit) * unit;
  const p = serialParts(msToSerial(ms));
  if (!p) return String(serial);
  const twelveHour = runs.some((r) => r.code === 'ampm' || r.code === 'ap');
  const dayMs = ((ms % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return runs
    .map((r) => {
      const len = r.text.length;
      switch (r.code) {
        case 'y':
          return len <= 2 ? pad(p.year % 100, 2) : pad(p.year, 4);
        case 'm':
          if (len === 1) return String(p.month);
          if (len === 2) return pad(p.month, 2);
          if (len === 3) return (MONTHS[p.month - 1] as string).slice(0, 3);
          if (len === 5) return (MONTHS[p.month - 1] as string).slice(0, 1);
          return MONTHS[p.month - 1] as string;
        case 'minute':
          return len === 1 ? String(p.minutes) : pad(p.minutes, 2);
        case 'd':
          if (len === 1) return String(p.day);
          if (len === 2) return pad(p.day, 2);
          if (len === 3) return (DAYS[p.weekday] as string).slice(0, 3);
          return DAYS[p.weekday] as string;
        case 'h': {
          const hours = twelveHour ? p.hours % 12 || 12 : p.hours;
          return len === 1 ? String(hours) : pad(hours, 2);
        }
        case 's':
          return len === 1 ? String(p.seconds) : pad(p.seconds, 2);
        case 'fraction':
          return `.${pad(dayMs % 1000, 3).slice(0, decimals)}`;
        case 'ampm':
          return p.hours < 12 ? 'AM' : 'PM';
        case 'ap':
          return p.hours < 12 ? 'A' : 'P';
        default:
          return r.text;
      }
    })
    .join('');
}
