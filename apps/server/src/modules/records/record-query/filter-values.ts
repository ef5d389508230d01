import { msg } from '@formloop/contracts';
import { isIsoDate, isIsoDateTime, isIsoTime } from '@formloop/domain';
import { badField } from '../../../platform/http/errors.ts';
import { isUuid } from '../../../platform/database/uuid.ts';
import type { ColumnKind } from './list-columns.ts';

// Filter values as people and the web app send them (spec §3 data table filter: numbers as JSON
// numbers or numeric strings, dates as ISO text), turned into the one text form the stored values
// have, so comparing text compares dates chronologically. Anything that cannot take that form is a
// 400 with RECORDS_MESSAGES.badFilterValue naming the filter's field.

export const badFilterValue = (field: string) => badField(field, msg('records.badFilterValue'));

/** What a parameter is cast to in SQL. */
export type ParamType = 'text' | 'numeric' | 'boolean' | 'timestamptz' | 'uuid';

export const PARAM_TYPE: Record<ColumnKind, ParamType> = {
  text: 'text',
  number: 'numeric',
  date: 'text',
  datetime: 'text',
  time: 'text',
  boolean: 'boolean',
  user: 'text',
  lookup: 'text',
  file: 'text',
  list: 'text',
  users: 'text',
  files: 'text',
  stamp: 'timestamptz',
  sysuser: 'uuid',
  status: 'text',
};

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Text a person typed or picked: strings as they are, numbers and booleans written out. */
export function asText(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw badFilterValue(field);
}

/** A whole number of characters (or list entries) for minlength / maxlength. */
export function asLength(value: unknown, field: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1_000_000) throw badFilterValue(field);
  return n;
}

/** One value normalised for comparison with a column of this kind (eq, lt, isin …). */
export function scalarValue(kind: ColumnKind, value: unknown, field: string): string | boolean {
  switch (kind) {
    case 'number': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !NUMERIC.test(text.trim())) throw badFilterValue(field);
      return text.trim();
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw badFilterValue(field);
    case 'date': {
      if (typeof value !== 'string' || !isIsoDate(value.trim())) throw badFilterValue(field);
      return value.trim();
    }
    case 'time': {
      if (typeof value !== 'string' || !isIsoTime(value.trim())) throw badFilterValue(field);
      // Stored as 'HH:mm:ss': '09:30' means '09:30:00'.
      const [h, m, s = '00'] = value.trim().split(':');
      return `${h}:${m}:${s.slice(0, 2)}`;
    }
    case 'datetime':
    case 'stamp':
      return instant(value, field);
    case 'sysuser': {
      if (typeof value !== 'string' || !isUuid(value.trim())) throw badFilterValue(field);
      return value.trim().toLowerCase();
    }
    default:
      return asText(value, field);
  }
}

/** An ISO date-time as Date#toISOString writes it (how datetime fields are stored). */
function instant(value: unknown, field: string): string {
  if (typeof value !== 'string') throw badFilterValue(field);
  const text = value.trim();
  // A date alone means its start in UTC; anything else must be a full ISO date-time.
  const parsed = isIsoDate(text)
    ? new Date(`${text}T00:00:00.000Z`)
    : isIsoDateTime(text)
      ? new Date(text.replace(' ', 'T'))
      : null;
  if (!parsed || Number.isNaN(parsed.getTime())) throw badFilterValue(field);
  return parsed.toISOString();
}

/** The filter's values: a list stays a list, one value becomes a list of one; none is a 400. */
export function valueList(value: unknown, field: string): unknown[] {
  if (Array.isArray(value)) {
    if (value.length > 1000) throw badFilterValue(field);
    return value;
  }
  if (value === undefined || value === null) throw badFilterValue(field);
  return [value];
}
