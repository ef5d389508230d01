import {
  fieldListKind,
  fieldsHiddenAt,
  formatStored,
  isCalculationFieldType,
  payloadFieldType,
  type FieldType,
  type ModuleDefinition,
  type OrganizationPreference,
  type PayloadField,
  type PayloadGroup,
  type RecordValues,
} from '@formloop/domain';
import type { PrintTexts } from './print-texts.ts';

// What a printed record shows (pure): its sections in the form's order, each with the fields the
// viewer may see at the record's activity, and every value as text people read — dates in the
// organization's formats and zone, numbers in the field's format, users by name, lookups by label,
// files by name, tables as rows, rich text as plain text; a drawn signature as its picture.
// Passwords and buttons never print.

export interface PrintContext {
  preference: OrganizationPreference;
  /** Full names of the users the values name, by lower-case id. */
  userNames: ReadonlyMap<string, string>;
  texts: PrintTexts;
  /** The reader's language: numbers are written its way (Intl). */
  language?: string;
}

/** A printed value: text, or a picture (a drawn signature: a PNG or JPEG data URL) with its text. */
export type PrintedValue = { text: string; image?: string };

export interface PrintedField {
  label: string;
  value: PrintedValue;
}

export type PrintedSection =
  | { kind: 'fields'; title: string; fields: PrintedField[] }
  | { kind: 'table'; title: string; columns: string[]; rows: PrintedValue[][] };

const RICH_TEXT: ReadonlySet<FieldType> = new Set<FieldType>(['richtext', 'richtext-html']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The only pictures a printout embeds: what the signature control draws. */
const PICTURE = /^data:image\/(png|jpeg|jpg);base64,[A-Za-z0-9+/]+={0,2}$/;

export const fieldLabel = (field: PayloadField): string =>
  field.label || field.fieldName || field.displayName || field.name;

// ---- dates ---------------------------------------------------------------------------------------

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The organization's dayjs-style format (YYYY-MM-DD, DD-MM-YYYY HH:mm:ss, …) filled in: YYYY YY
 * MM M DD D HH H hh h mm m ss s A a, and [literal text].
 */
export function fillDateFormat(format: string, parts: DateParts): string {
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const tokens: Record<string, string> = {
    YYYY: pad(parts.year, 4),
    YY: pad(parts.year % 100),
    MM: pad(parts.month),
    M: String(parts.month),
    DD: pad(parts.day),
    D: String(parts.day),
    HH: pad(parts.hour),
    H: String(parts.hour),
    hh: pad(hour12),
    h: String(hour12),
    mm: pad(parts.minute),
    m: String(parts.minute),
    ss: pad(parts.second),
    s: String(parts.second),
    A: parts.hour < 12 ? 'AM' : 'PM',
    a: parts.hour < 12 ? 'am' : 'pm',
  };
  return format.replace(
    /\[([^\]]*)]|YYYY|YY|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a/g,
    (match: string, literal: string | undefined) => literal ?? tokens[match] ?? match,
  );
}

function partsInZone(instant: Date, timeZone: string): DateParts {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // A zone this server does not know: UTC rather than nothing.
    return partsInZone(instant, 'UTC');
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, Number(part.value)] as const),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A date in the organization's formats, as the web app's formatDate: an instant in the
 * organization's time zone; a calendar date ('2026-03-01') as it is; a time of day ('14:05:00')
 * in the time format. Anything unreadable prints as it was stored.
 */
export function formatPrintedDate(
  value: unknown,
  kind: 'date' | 'datetime' | 'time',
  preference: OrganizationPreference,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && !(value instanceof Date)) return String(value);
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) {
      const [, year, month, date] = day;
      // A calendar date has no zone and no time of day, whatever the field's kind.
      return fillDateFormat(preference.date_format, {
        year: Number(year),
        month: Number(month),
        day: Number(date),
        hour: 0,
        minute: 0,
        second: 0,
      });
    }
    const time = kind === 'time' ? TIME_ONLY.exec(value) : null;
    if (time) {
      const [, hour, minute, second] = time;
      return fillDateFormat(preference.time_format, {
        year: 0,
        month: 1,
        day: 1,
        hour: Number(hour),
        minute: Number(minute),
        second: Number(second ?? 0),
      });
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (!Number.isFinite(instant.getTime())) return String(value);
  const format =
    kind === 'date'
      ? preference.date_format
      : kind === 'time'
        ? preference.time_format
        : preference.datetime_format;
  return fillDateFormat(format, partsInZone(instant, preference.time_zone));
}

// ---- values --------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Rich text (sanitised HTML) as plain text: markup dropped, paragraphs, breaks and items kept as lines. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeCodePoint(Number.parseInt(name.slice(2), 16), entity);
      if (name.startsWith('#')) return safeCodePoint(Number(name.slice(1)), entity);
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A lookup's label or a file's name, else the value as text. */
const named = (value: unknown, key: 'label' | 'name'): string =>
  isObject(value) ? asText(value[key] ?? '') : asText(value);

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

const userName = (id: unknown, names: ReadonlyMap<string, string>): string =>
  typeof id === 'string' ? (names.get(id.toLowerCase()) ?? id) : asText(id);

/** Whether a field of this type prints at all (passwords and buttons never do). */
export const printsField = (field: PayloadField, type: FieldType): boolean =>
  fieldListKind(field, type) !== null;

/** One value as the printout shows it. */
export function printedValue(
  field: PayloadField,
  type: FieldType,
  value: unknown,
  context: PrintContext,
): PrintedValue {
  if (value === null || value === undefined || value === '') return { text: '' };
  if (RICH_TEXT.has(type))
    return { text: typeof value === 'string' ? richTextToPlain(value) : asText(value) };
  const { preference, userNames, texts } = context;
  switch (fieldListKind(field, type)) {
    case null:
      return { text: '' };
    case 'number':
      return {
        text:
          typeof value === 'number'
            ? formatStored(
                value,
                field.format,
                field.decimalPlaces,
                !isCalculationFieldType(type),
                context.language,
              )
            : asText(value),
      };
    case 'date':
      return { text: formatPrintedDate(value, 'date', preference) };
    case 'datetime':
      return { text: formatPrintedDate(value, 'datetime', preference) };
    case 'time':
      return { text: formatPrintedDate(value, 'time', preference) };
    case 'boolean':
      return { text: value === true ? texts.yes : value === false ? texts.no : asText(value) };
    case 'user':
      return { text: userName(value, userNames) };
    case 'users':
      return {
        text: listOf(value)
          .map((id) => userName(id, userNames))
          .join(', '),
      };
    case 'list':
      return { text: listOf(value).map(asText).join(', ') };
    case 'lookup':
      return { text: named(value, 'label') };
    case 'file':
      if (typeof value === 'string' && value.startsWith('data:')) {
        return PICTURE.test(value) ? { text: texts.signed, image: value } : { text: texts.signed };
      }
      return { text: named(value, 'name') };
    case 'files':
      return {
        text: listOf(value)
          .map((file) => named(file, 'name'))
          .filter(Boolean)
          .join(', '),
      };
    default:
      return { text: asText(value) };
  }
}

/** The user ids the printed values name (users, user lists; table cells too). */
export function userIdsIn(definition: Pick<ModuleDefinition, 'fieldGroups'>, data: RecordValues): string[] {
  const ids = new Set<string>();
  const collect = (field: PayloadField, type: FieldType, value: unknown) => {
    const kind = fieldListKind(field, type);
    if (kind !== 'user' && kind !== 'users') return;
    for (const id of listOf(value)) if (typeof id === 'string' && UUID.test(id)) ids.add(id.toLowerCase());
  };
  for (const group of definition.fieldGroups) {
    const rows = group.isTable ? listOf(data[group.name]).filter(isObject) : [data];
    for (const field of group.fields) {
      const type = payloadFieldType(field);
      if (type === null) continue;
      for (const row of rows) collect(field, type, row[field.name]);
    }
  }
  return [...ids];
}

/** A group's printable fields in the form's order: rows top to bottom, each left to right. */
function orderedFields(group: PayloadGroup): Array<{ field: PayloadField; type: FieldType }> {
  return [...group.fields]
    .sort((a, b) => (a.rowIndex ?? 0) - (b.rowIndex ?? 0) || (a.columnIndex ?? 0) - (b.columnIndex ?? 0))
    .flatMap((field) => {
      const type = payloadFieldType(field);
      return type !== null && printsField(field, type) ? [{ field, type }] : [];
    });
}

/**
 * The sections of the printout: every group of the form in its order, with the fields visible at
 * the activity (a group with none left out). `data` is the record as the viewer may see it (hidden
 * values already removed); the fields hidden at the activity are left out here as well.
 */
export function printedSections(
  definition: ModuleDefinition,
  activityId: string,
  data: RecordValues,
  context: PrintContext,
): PrintedSection[] {
  const hidden = fieldsHiddenAt(definition, activityId);
  const groups = [...definition.fieldGroups].sort(
    (a, b) => (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || (a.sectionIndex ?? 0) - (b.sectionIndex ?? 0),
  );
  const sections: PrintedSection[] = [];
  for (const group of groups) {
    const title = group.displayName || group.name;
    if (group.isTable) {
      if (hidden.has(group.name)) continue;
      const columns = orderedFields(group).filter(({ field }) => !hidden.has(`${group.name}.${field.name}`));
      if (columns.length === 0) continue;
      const rows = listOf(data[group.name])
        .filter(isObject)
        .map((row) => columns.map(({ field, type }) => printedValue(field, type, row[field.name], context)));
      sections.push({ kind: 'table', title, columns: columns.map(({ field }) => fieldLabel(field)), rows });
      continue;
    }
    const fields = orderedFields(group)
      .filter(({ field }) => !hidden.has(field.name))
      .map(({ field, type }) => ({
        label: fieldLabel(field),
        value: printedValue(field, type, data[field.name], context),
      }));
    if (fields.length > 0) sections.push({ kind: 'fields', title, fields });
  }
  return sections;
}
