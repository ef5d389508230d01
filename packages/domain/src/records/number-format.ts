// Spec §5 number format: the thousands and decimal separators are inferred (comma/dot or dot/comma)
// from what people type; percentages are shown ×100 and stored /100. Given the reader's language,
// numbers are shown through Intl in that language's style (1,234.5 / 1.234,5 / 1 234,5) and text in
// that style is read first as that language writes it (issue 25 item 4).
import type { NumberFormat } from '../forms/field-catalogue.ts';

/** 15 significant digits, like spreadsheets, so 0.07 × 100 shows 7 and not 7.000000000000001. */
const tidy = (n: number): number => (n === 0 ? 0 : Number(n.toPrecision(15)));

/**
 * Reads a typed number whichever separators it uses: with both ',' and '.', the last one is the
 * decimal separator; a lone separator repeated is a thousands separator; a single ',' followed by
 * exactly three digits groups thousands ('1,234'), otherwise it is the decimal comma ('1,5').
 * Spaces, '%' and currency signs are ignored. Null when the text is not a number.
 */
export function parseLocaleNumber(text: string, locale?: string): number | null {
  if (locale) {
    const inLocale = parseInLocale(text, localeSeparators(locale));
    if (inLocale !== undefined) return inLocale;
  }
  let body = text.replace(/[\s\u00a0\u202f%'’]/g, '').replace(/[^\d.,+\-eE]/g, '');
  if (body === '' || body === '-' || body === '+') return null;
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    body = body.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const commas = body.split(',').length - 1;
    const grouped = commas > 1 || /^[+-]?\d{1,3},\d{3}$/.test(body);
    body = grouped ? body.split(',').join('') : body.replace(',', '.');
  } else if (lastDot >= 0 && body.split('.').length - 1 > 1) {
    body = body.split('.').join('');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(body)) return null;
  const value = Number(body);
  return Number.isFinite(value) ? value : null;
}

export interface Separators {
  group: string;
  decimal: string;
}

const separatorsByLocale = new Map<string, Separators>();

/** The thousands and decimal separators a language writes numbers with (Intl's). */
export function localeSeparators(locale: string): Separators {
  let known = separatorsByLocale.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    known = {
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
    separatorsByLocale.set(locale, known);
  }
  return known;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPACES = /[\s\u00a0\u202f]/g;
const SPACE = /[\s\u00a0\u202f]/;

/**
 * Text as a language writes numbers: digits grouped in threes by its group separator, or ungrouped,
 * and at most one decimal separator. Undefined when the text is not in that style (the caller then
 * infers the separators), null when it is empty.
 */
function parseInLocale(text: string, { group, decimal }: Separators): number | null | undefined {
  const spaced = SPACE.test(group);
  let body = text.trim().replace(/[%'’]/g, '');
  body = spaced ? body.replace(SPACES, group) : body.replace(SPACES, '');
  if (body === '') return null;
  const g = escapeRegExp(group);
  const d = escapeRegExp(decimal);
  const pattern = new RegExp(`^([+-]?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`);
  const match = pattern.exec(body);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction] = match;
  const value = Number(
    `${sign}${whole.split(group).join('')}${fraction === undefined ? '' : `.${fraction}`}`,
  );
  return Number.isFinite(value) ? value : null;
}

/** The number a control shows for a stored value (percentages ×100). */
export function toDisplay(stored: number, format: NumberFormat | undefined): number {
  return format === 'Percentage' ? tidy(stored * 100) : stored;
}

/** The number stored for what the control shows (percentages /100). */
export function fromDisplay(shown: number, format: NumberFormat | undefined): number {
  return format === 'Percentage' ? tidy(shown / 100) : shown;
}

/**
 * How many decimal places a number has as people write it (15 significant digits, so 0.1 + 0.2
 * counts 1 and 1e-7 counts 7).
 */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [mantissa = '', exponent] = String(tidy(n)).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/**
 * Decimal places a format shows when the field sets none: currency shows cents. A field's decimal
 * places are a limit people are told about (checkFieldValue), never a rounding of what they typed.
 */
export function decimalsFor(
  format: NumberFormat | undefined,
  decimalPlaces: number | undefined,
): number | undefined {
  if (typeof decimalPlaces === 'number' && decimalPlaces >= 0) return Math.min(decimalPlaces, 10);
  return format === 'Currency' ? 2 : undefined;
}

/** Whether the format groups thousands when it shows a number. */
export const groupsThousands = (format: NumberFormat | undefined): boolean =>
  format === 'Thousands' || format === 'Currency';

/**
 * A shown number as text: fixed decimals when given, thousands grouped, a percent sign for
 * percentages — in the language's style through Intl when `locale` is given, else with ',' and '.'. With `keep` (a value someone typed) the
 * decimals are a minimum: digits beyond them are shown, never rounded away; computed values round.
 */
export function formatShown(
  shown: number,
  format: NumberFormat | undefined,
  decimals?: number,
  keep = false,
  locale?: string,
): string {
  const exact = keep && decimals !== undefined && decimalsOf(shown) > decimals;
  if (locale) {
    const digits = decimals === undefined || exact ? Math.min(decimalsOf(shown), 20) : decimals;
    const percent = format === 'Percentage';
    return new Intl.NumberFormat(locale, {
      style: percent ? 'percent' : 'decimal',
      useGrouping: groupsThousands(format),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(percent ? shown / 100 : shown);
  }
  const fixed = decimals === undefined || exact ? plainDigits(shown) : shown.toFixed(decimals);
  const [whole = '', fraction] = fixed.split('.');
  const grouped = groupsThousands(format) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return format === 'Percentage' ? `${text}%` : text;
}

/** A number's digits without exponent notation (1e-7 → '0.0000001'). */
function plainDigits(n: number): string {
  const text = String(tidy(n));
  if (!/e/i.test(text)) return text;
  return n.toFixed(Math.min(100, decimalsOf(n)));
}

/**
 * A stored number as people read it in this field's format; `keep` for typed values (see
 * formatShown), so a list never shows 42.5 as 43.
 */
export function formatStored(
  stored: unknown,
  format: NumberFormat | undefined,
  decimalPlaces: number | undefined,
  keep = false,
  locale?: string,
): string {
  if (typeof stored !== 'number' || !Number.isFinite(stored)) return '';
  return formatShown(toDisplay(stored, format), format, decimalsFor(format, decimalPlaces), keep, locale);
}
