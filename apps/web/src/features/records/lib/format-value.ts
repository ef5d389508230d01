// A stored value (see the stored-value table) as the text a list cell shows.
import type { OrganizationPreferenceData, RecordRow } from '@formloop/contracts';
import { formatStored, isCalculationFieldType, payloadFieldType } from '@formloop/domain';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import type { ListColumn } from './list-columns.ts';

export interface CellContext {
  preference: OrganizationPreferenceData;
  /** Names of the users on this page, by id. */
  userNames: ReadonlyMap<string, string>;
  yes: string;
  no: string;
  /** The reader's language: numbers are written its way (Intl). */
  language?: string;
}

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

/** A lookup's {id, label}, a file's {name}, or the text itself. */
function labelOf(value: unknown, key: 'label' | 'name'): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const inner = (value as Record<string, unknown>)[key];
    return typeof inner === 'string' ? inner : '';
  }
  return text(value);
}

/** Rich text as plain text: parsed, never run (DOMParser documents execute no scripts). */
function plainText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ');
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

const userName = (id: unknown, context: CellContext) =>
  typeof id === 'string' ? (context.userNames.get(id) ?? id) : text(id);

const isComputed = (field: ListColumn['field']): boolean => {
  const type = field ? payloadFieldType(field) : null;
  return type !== null && isCalculationFieldType(type);
};

function fieldText(column: ListColumn, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  const field = column.field;
  switch (column.kind) {
    case 'number':
      return typeof value === 'number'
        ? // A typed number shows every digit it has; a computed one rounds to its places.
          formatStored(value, field?.format, field?.decimalPlaces, !isComputed(field), context.language)
        : text(value);
    case 'date':
      return formatDate(text(value), 'date', context.preference) || text(value);
    case 'datetime':
      return formatDate(text(value), 'datetime', context.preference) || text(value);
    case 'time':
      return text(value);
    case 'boolean':
      return value === true ? context.yes : value === false ? context.no : text(value);
    case 'user':
      return userName(value, context);
    case 'users':
      return list(value)
        .map((id) => userName(id, context))
        .join(', ');
    case 'list':
      return list(value).map(text).join(', ');
    case 'lookup':
      return labelOf(value, 'label');
    case 'file':
      return labelOf(value, 'name');
    case 'files':
      return list(value)
        .map((file) => labelOf(file, 'name'))
        .filter(Boolean)
        .join(', ');
    case 'html':
      return plainText(value);
    default:
      return text(value);
  }
}

function systemText(column: ListColumn, row: RecordRow, context: CellContext): string {
  const key = column.key as keyof RecordRow;
  if (key === 'created_by') return row.created_by_name ?? row.created_by ?? '';
  if (key === 'modified_by') return row.modified_by_name ?? row.modified_by ?? '';
  const value = row[key];
  if (column.kind === 'user') return value ? userName(value, context) : '';
  if (column.kind === 'datetime') return formatDate(text(value), 'datetime', context.preference);
  return text(value);
}

/** The text of one cell. Status cells are drawn as tags by the table and never reach here. */
export function cellText(column: ListColumn, row: RecordRow, context: CellContext): string {
  return column.system ? systemText(column, row, context) : fieldText(column, row.data[column.key], context);
}
