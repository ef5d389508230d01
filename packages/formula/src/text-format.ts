// TEXT(value, format): spreadsheet number and date format codes. Our own because formulajs's TEXT
// ignores most codes (TEXT(5, "00000") gives "5") and formats every date as its UTC ISO day.
// Supported: 0 # ? . , % E+ E- "literal" \x _x [color] and up to four ;-separated sections;
// dates: yyyy yy m mm mmm mmmm mmmmm d dd ddd dddd h hh m mm s ss .0 AM/PM A/P (English names).
import { parseIsoTemporal } from './calendar.ts';
import { formatDateSection } from './text-format-date.ts';
import { formatNumberSection } from './text-format-number.ts';
import { DateTimeValue, numberToText, parseNumberText, temporalToText, type Value } from './values.ts';

export type FormatToken = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

/** Splits a format section into literals and codes; quoted text, \x, _x, *x and [..] handled here. */
export function tokenizeFormat(section: string): FormatToken[] {
  const tokens: FormatToken[] = [];
  let i = 0;
  while (i < section.length) {
    const c = section[i] as string;
    if (c === '"') {
      const close = section.indexOf('"', i + 1);
      const end = close < 0 ? section.length : close;
      tokens.push({ kind: 'literal', text: section.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '\\') {
      tokens.push({ kind: 'literal', text: section[i + 1] ?? '' });
      i += 2;
    } else if (c === '_') {
      tokens.push({ kind: 'literal', text: ' ' });
      i += 2;
    } else if (c === '*') {
      i += 2;
    } else if (c === '[') {
      const close = section.indexOf(']', i + 1);
      i = close < 0 ? section.length : close + 1;
    } else {
      tokens.push({ kind: 'code', text: c });
      i += 1;
    }
  }
  return tokens;
}

/** Splits on ; outside quotes and escapes. */
function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < format.length; i += 1) {
    const c = format[i] as string;
    if (c === '"') quoted = !quoted;
    if (c === '\\' && !quoted) {
      current += c + (format[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (c === ';' && !quoted) {
      sections.push(current);
      current = '';
    } else current += c;
  }
  sections.push(current);
  return sections;
}

const DATE_CODES = new Set(['y', 'm', 'd', 'h', 's']);

export function isDateSection(tokens: readonly FormatToken[]): boolean {
  return tokens.some((t, i) => {
    if (t.kind !== 'code') return false;
    const lower = t.text.toLowerCase();
    if (DATE_CODES.has(lower)) return true;
    // AM/PM and A/P without any other date code still make a time format.
    return lower === 'a' && tokens[i + 1]?.text === '/';
  });
}

function numericOf(value: Value): number | DateTimeValue | string {
  if (value instanceof DateTimeValue || typeof value === 'number') return value;
  if (typeof value !== 'string') return '';
  const n = parseNumberText(value);
  if (n !== null) return n;
  const temporal = parseIsoTemporal(value);
  return temporal ? new DateTimeValue(temporal.kind, temporal.serial) : value;
}

/**
 * Formats a value. Blank formats as "" (an empty field stays empty); TRUE/FALSE and text that is
 * neither a number nor a date come back unchanged (the 4th section, with @, applies to text).
 */
export function formatText(value: Value, format: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const sections = splitSections(format);
  const subject = numericOf(value);
  if (typeof subject === 'string') {
    const textSection =
      sections[3] ?? (sections.length === 1 && sections[0]?.includes('@') ? sections[0] : undefined);
    if (textSection === undefined) return subject;
    return tokenizeFormat(textSection)
      .map((t) => (t.kind === 'code' && t.text === '@' ? subject : t.text))
      .join('');
  }
  const trimmed = format.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'general' || trimmed === '@') {
    return subject instanceof DateTimeValue ? temporalToText(subject) : numberToText(subject);
  }
  const n = subject instanceof DateTimeValue ? subject.serial : subject;
  let section = sections[0] as string;
  let signed = true;
  if (n < 0 && sections.length >= 2) {
    section = sections[1] as string;
    signed = false;
  } else if (n === 0 && sections.length >= 3) {
    section = sections[2] as string;
  }
  const tokens = tokenizeFormat(section);
  if (isDateSection(tokens)) return formatDateSection(n, tokens);
  return formatNumberSection(signed ? n : Math.abs(n), tokens);
}
