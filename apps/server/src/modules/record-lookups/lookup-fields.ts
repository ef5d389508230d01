import { msg } from '@formloop/contracts';
import {
  COMPLETE_ACTIVITY_ID,
  effectiveControl,
  isSystemColumn,
  type ModuleDefinition,
} from '@formloop/domain';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { ListColumns, type ListColumn } from '../records/index.ts';

// What a lookup may read of another app's records: its submitted records' fields as a completed
// record shows them (fields hidden at fs-complete are never revealed, not even through a filter or
// the search), never passwords, and the system columns. The SQL of each column and the operators
// are the record list's (records/record-query), so a filter means the same in both places.
// Unknown names are a 400, so a typo is not mistaken for "no matches".

export interface LookupModel {
  /** The record list's columns of the app. */
  columns: ListColumns;
  /** Data fields (and table groups) the caller may read, in form order. */
  readable: string[];
  /** A readable data field, or a system column, as a list column; 400 otherwise. */
  column(name: string): ListColumn;
  /** Names the caller may have returned: readable fields and table groups; 400 otherwise. */
  returnable(name: string): string;
  /** Readable fields the free-text search looks in. */
  searchable(): ListColumn[];
}

const unknownField = (name: string) =>
  badRequest(msg('recordLookups.unknownField'), [fieldError(name, msg('recordLookups.unknownField'))]);

export function lookupModel(definition: ModuleDefinition): LookupModel {
  const columns = new ListColumns(definition);
  const visible = (group: string, name: string) =>
    effectiveControl(definition.permission, COMPLETE_ACTIVITY_ID, group, name) !== 'hidden';
  const readable: string[] = [];
  const tables = new Set<string>();
  for (const group of definition.fieldGroups) {
    if (group.isTable) {
      if (group.name && visible(group.name, group.name)) {
        readable.push(group.name);
        tables.add(group.name);
      }
      continue;
    }
    for (const field of group.fields) {
      // ListColumns leaves out what a list never shows (passwords, buttons).
      if (columns.hasField(field.name) && visible(group.name, field.name)) readable.push(field.name);
    }
  }
  const fields = new Set(readable.filter((name) => !tables.has(name)));

  return {
    columns,
    readable,
    column(name) {
      if (fields.has(name) || (isSystemColumn(name) && !columns.hasField(name))) return columns.get(name);
      throw unknownField(name);
    },
    returnable(name) {
      if (fields.has(name) || tables.has(name)) return name;
      throw unknownField(name);
    },
    searchable: () => columns.searchable().filter((column) => fields.has(column.name)),
  };
}
