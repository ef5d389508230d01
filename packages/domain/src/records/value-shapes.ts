// The stored shape of each field type (records brief "Stored value of each field type"), and the
// coercion of loosely typed input (JSON from the item editor, text from a CSV file) into it.
import { formatMessage } from '../messages.ts';
import { isCalculationFieldType, type FieldType } from '../forms/field-catalogue.ts';
import type { PayloadField } from '../forms/form-model.ts';
import { isIsoDate, isIsoDateTime, isIsoTime } from '../validation/iso-date-time.ts';
import { parseLocaleNumber } from './number-format.ts';

/** Value-check texts the spec does not quote (its own, such as 'This field is required', are MESSAGES). */
export const RECORD_VALUE_MESSAGES = {
  pattern: 'The value does not match the required format',
  email: 'Enter a valid email address',
  number: 'Enter a valid number',
  range: 'The value must be between {min} and {max}',
  wholeNumber: 'Enter a whole number',
  decimals: 'Use at most {max} decimal places',
  step: 'Choose a value in steps of {step} from {min}',
  text: 'Enter text',
  date: 'Enter a valid date',
  dateTime: 'Enter a valid date and time',
  time: 'Enter a valid time',
  boolean: 'Choose yes or no',
  list: 'Choose values from the list',
  user: 'Choose a valid user',
  lookup: 'Choose a valid entry',
  file: 'This is not a valid uploaded file',
  rows: 'The rows of this table are not valid',
  tooFewRows: 'Add at least {min} rows',
  tooManyRows: 'Use at most {max} rows',
} as const;
export type RecordValueMessageKey = keyof typeof RECORD_VALUE_MESSAGES;

export const recordValueMessage = {
  range: (min: number, max: number) => formatMessage(RECORD_VALUE_MESSAGES.range, { min, max }),
  decimals: (max: number) =>
    max === 0 ? RECORD_VALUE_MESSAGES.wholeNumber : formatMessage(RECORD_VALUE_MESSAGES.decimals, { max }),
  step: (step: number, min: number) => formatMessage(RECORD_VALUE_MESSAGES.step, { step, min }),
  tooFewRows: (min: number) => formatMessage(RECORD_VALUE_MESSAGES.tooFewRows, { min }),
  tooManyRows: (max: number) => formatMessage(RECORD_VALUE_MESSAGES.tooManyRows, { max }),
};

/** Spec §3 uploaded file as a record stores it. */
export interface StoredFileValue {
  uid: string;
  url: string;
  name: string;
  status: 'done';
  fileKey: string;
  type?: string;
  size?: number;
}

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (message: string): Coerced => ({ ok: false, message });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LIST_TYPES: ReadonlySet<FieldType> = new Set([
  'checklist',
  'multi-select-reference',
  'multi-select-external',
  'multi-select-user',
]);
const NUMBER_TYPES: ReadonlySet<FieldType> = new Set(['number', 'slider', 'rating']);
const BOOLEAN_TYPES: ReadonlySet<FieldType> = new Set(['switch', 'checkbox']);
/** Values an external call returned: kept as text, structured answers as their JSON. */
const EXTERNAL_TEXT_TYPES: ReadonlySet<FieldType> = new Set(['remote-lookup', 'input-external']);

const primitiveText = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean'
      ? String(value)
      : null;

export const isStoredFile = (value: unknown): value is StoredFileValue =>
  isObject(value) &&
  typeof value.uid === 'string' &&
  typeof value.name === 'string' &&
  typeof value.fileKey === 'string';

/** An uploaded file in its stored shape (only its known keys), or null when it is not one. */
function storedFile(value: unknown): StoredFileValue | null {
  if (!isObject(value)) return null;
  const uid = primitiveText(value.uid);
  const name = typeof value.name === 'string' ? value.name : null;
  const fileKey = typeof value.fileKey === 'string' ? value.fileKey : null;
  if (uid === null || uid === '' || name === null || name === '' || fileKey === null) return null;
  const file: StoredFileValue = {
    uid,
    url: typeof value.url === 'string' ? value.url : '',
    name,
    status: 'done',
    fileKey,
  };
  if (typeof value.type === 'string') file.type = value.type;
  if (typeof value.size === 'number' && Number.isFinite(value.size)) file.size = value.size;
  return file;
}

function toNumber(raw: unknown): Coerced {
  if (typeof raw === 'number') return Number.isFinite(raw) ? ok(raw) : fail(RECORD_VALUE_MESSAGES.number);
  if (typeof raw === 'string') {
    if (raw.trim() === '') return ok(null);
    const n = parseLocaleNumber(raw);
    return n === null ? fail(RECORD_VALUE_MESSAGES.number) : ok(n);
  }
  return fail(RECORD_VALUE_MESSAGES.number);
}

function toBoolean(raw: unknown): Coerced {
  if (typeof raw === 'boolean') return ok(raw);
  if (raw === 1 || raw === 0) return ok(raw === 1);
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (text === '') return ok(null);
    if (['true', '1', 'yes', 'y', 'on'].includes(text)) return ok(true);
    if (['false', '0', 'no', 'n', 'off'].includes(text)) return ok(false);
  }
  return fail(RECORD_VALUE_MESSAGES.boolean);
}

function toDate(raw: unknown): Coerced {
  if (raw instanceof Date) {
    return Number.isFinite(raw.getTime())
      ? ok(raw.toISOString().slice(0, 10))
      : fail(RECORD_VALUE_MESSAGES.date);
  }
  if (typeof raw !== 'string') return fail(RECORD_VALUE_MESSAGES.date);
  const text = raw.trim();
  if (text === '') return ok(null);
  if (isIsoDate(text)) return ok(text);
  // A date-time names its day as written (no time-zone shift).
  if (isIsoDateTime(text)) return ok(text.slice(0, 10));
  return fail(RECORD_VALUE_MESSAGES.date);
}

/** An ISO instant exactly as Date#toISOString; a date-time without an offset is read as UTC. */
function toDateTime(raw: unknown): Coerced {
  let date: Date | null = null;
  if (raw instanceof Date) date = raw;
  else if (typeof raw === 'number') date = new Date(raw);
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return ok(null);
    if (isIsoDate(text)) date = new Date(`${text}T00:00:00.000Z`);
    else if (isIsoDateTime(text)) {
      const iso = text.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');
      date = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(iso) ? iso : `${iso}Z`);
    }
  }
  if (date === null || !Number.isFinite(date.getTime())) return fail(RECORD_VALUE_MESSAGES.dateTime);
  return ok(date.toISOString());
}

function toTime(raw: unknown): Coerced {
  if (typeof raw !== 'string') return fail(RECORD_VALUE_MESSAGES.time);
  const text = raw.trim();
  if (text === '') return ok(null);
  if (!isIsoTime(text)) return fail(RECORD_VALUE_MESSAGES.time);
  return ok(text.length === 5 ? `${text}:00` : text.slice(0, 8));
}

function toList(raw: unknown, users: boolean): Coerced {
  const message = users ? RECORD_VALUE_MESSAGES.user : RECORD_VALUE_MESSAGES.list;
  if (isBlank(raw)) return ok(null);
  const items = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const item of items) {
    if (isBlank(item)) continue;
    const text = primitiveText(item);
    if (text === null || (users && !UUID.test(text))) return fail(message);
    const value = users ? text.toLowerCase() : text;
    if (!out.includes(value)) out.push(value);
  }
  return ok(out.length === 0 ? null : out);
}

function toUser(raw: unknown): Coerced {
  const single = Array.isArray(raw) && raw.length <= 1 ? raw[0] : raw;
  if (isBlank(single)) return ok(null);
  if (typeof single !== 'string' || !UUID.test(single)) return fail(RECORD_VALUE_MESSAGES.user);
  return ok(single.toLowerCase());
}

function toLookup(raw: unknown): Coerced {
  if (isBlank(raw)) return ok(null);
  if (!isObject(raw)) return fail(RECORD_VALUE_MESSAGES.lookup);
  const id = primitiveText(raw.id);
  if (id === null || id === '') return fail(RECORD_VALUE_MESSAGES.lookup);
  const label = isBlank(raw.label) ? '' : primitiveText(raw.label);
  return label === null ? fail(RECORD_VALUE_MESSAGES.lookup) : ok({ id, label });
}

function toFiles(raw: unknown, many: boolean): Coerced {
  if (isBlank(raw)) return ok(null);
  const items = Array.isArray(raw) ? raw : [raw];
  const files: StoredFileValue[] = [];
  for (const item of items) {
    const file = storedFile(item);
    if (file === null) return fail(RECORD_VALUE_MESSAGES.file);
    files.push(file);
  }
  if (many) return ok(files.length === 0 ? null : files);
  if (files.length > 1) return fail(RECORD_VALUE_MESSAGES.file);
  return ok(files[0] ?? null);
}

function toText(raw: unknown, type: FieldType): Coerced {
  if (isBlank(raw)) return ok(null);
  const text = primitiveText(raw);
  if (text !== null) return ok(text);
  if (EXTERNAL_TEXT_TYPES.has(type) && typeof raw === 'object') return ok(JSON.stringify(raw));
  return fail(RECORD_VALUE_MESSAGES.text);
}

/**
 * One value in its field type's stored shape ({ ok: true, value }, null for empty) or the message
 * saying why it cannot be. Computed fields pass through: the server recomputes them.
 */
export function coerceFieldValue(field: PayloadField, type: FieldType, raw: unknown): Coerced {
  if (raw === undefined) return ok(null);
  if (isCalculationFieldType(type)) return ok(raw);
  if (NUMBER_TYPES.has(type)) return toNumber(raw);
  if (BOOLEAN_TYPES.has(type)) return toBoolean(raw);
  if (LIST_TYPES.has(type)) return toList(raw, type === 'multi-select-user');
  switch (type) {
    case 'date':
      return toDate(raw);
    case 'datetime':
      return toDateTime(raw);
    case 'time':
      return toTime(raw);
    case 'user':
      return field.multiUserSelected ? toList(raw, true) : toUser(raw);
    case 'lookup':
    case 'pull-data':
      return toLookup(raw);
    case 'image':
    case 'file':
      return toFiles(raw, false);
    case 'multi-file':
      return toFiles(raw, true);
    case 'signature':
      return typeof raw === 'string' ? ok(raw === '' ? null : raw) : toFiles(raw, false);
    case 'button':
      return ok(null);
    default:
      return toText(raw, type);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value a new record gives a field (today/now flags, then the default value), undefined for none. */
export function defaultFieldValue(field: PayloadField, type: FieldType, now: Date): unknown {
  if (type === 'date' && field.today) return now.toISOString().slice(0, 10);
  if (type === 'datetime' && field.now) return now.toISOString();
  if (type === 'time' && field.now) {
    return `${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`;
  }
  if (isCalculationFieldType(type) || isBlank(field.value)) return undefined;
  const coerced = coerceFieldValue(field, type, field.value);
  return coerced.ok && coerced.value !== null ? coerced.value : undefined;
}
