// The record list of spec §3: its data table request (filters; FILTER_OPERATORS is in constants), the
// workflow system columns and the default system fields. The server turns filters into parametrised
// SQL (apps/server/src/modules/records/record-query/); the web app builds them in the filter bar.

import { DEFAULT_SYSTEM_FIELDS, type DefaultSystemField, type FilterOperator } from '../constants.ts';
import type { FieldType, FormField } from '../forms/field-catalogue.ts';

/** Operators whose value is a list (isin: one of these; partof/notpartof on lists: see ADR 0006). */
export const LIST_OPERATORS: readonly FilterOperator[] = ['isin'];
/** Operators whose value is a whole number of characters. */
export const LENGTH_OPERATORS: readonly FilterOperator[] = ['minlength', 'maxlength'];
/** Operators that compare text and honour ignoreCase. */
export const TEXT_OPERATORS: readonly FilterOperator[] = [
  'startswith',
  'endswith',
  'contains',
  'doesnotcontain',
  'partof',
  'notpartof',
];

/**
 * One filter of a data table request (spec §3): field, value, operator, ignoreCase, matchesAll.
 * ignoreCase compares text case-insensitively. matchesAll applies to fields holding several values
 * (checklists, multi-selects, multi-user pickers): true means every given value must be present,
 * false that any one is enough.
 */
export interface RecordFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
  ignoreCase?: boolean;
  matchesAll?: boolean;
}

/** Spec §3 record list columns kept by the workflow, shown and filterable like fields. */
export const WORKFLOW_COLUMNS = [
  'workflow_status',
  'tasks',
  'workflow_activity_name',
  'workflow_started_on',
  'workflow_initiator_user',
  'workflow_initiator_email',
  'workflow_completed_on',
  'workflow_faulted_on',
  'workflow_instance_id',
] as const;
export type WorkflowColumn = (typeof WORKFLOW_COLUMNS)[number];

/** The column behind each default system field of spec §3 (DEFAULT_SYSTEM_FIELDS holds the labels). */
export const SYSTEM_FIELD_COLUMNS = {
  'Created By': 'created_by',
  'Modified By': 'modified_by',
  'Created At': 'created_on',
  'Modified At': 'modified_on',
  'Flow Name': 'flow_name',
  'Completed At': 'workflow_completed_on',
  'Submitted At': 'submitted_on',
  'Expire At': 'expire_at',
} as const satisfies Record<DefaultSystemField, string>;
export type SystemFieldColumn = (typeof SYSTEM_FIELD_COLUMNS)[DefaultSystemField];

/** Every system column a record list can show, filter and sort on, and the derived status. */
export const SYSTEM_COLUMNS: readonly SystemColumn[] = [
  'status',
  ...WORKFLOW_COLUMNS,
  ...DEFAULT_SYSTEM_FIELDS.map((label) => SYSTEM_FIELD_COLUMNS[label]).filter(
    (column) => column !== 'workflow_completed_on',
  ),
];
export type SystemColumn = WorkflowColumn | SystemFieldColumn | 'status';

const SYSTEM_COLUMN_SET: ReadonlySet<string> = new Set<string>(SYSTEM_COLUMNS);
export const isSystemColumn = (name: string): name is SystemColumn => SYSTEM_COLUMN_SET.has(name);

/** What kind of value a system column holds (decides casts and operators). */
export function systemColumnType(column: SystemColumn): 'text' | 'number' | 'datetime' | 'user' {
  if (column === 'tasks') return 'number';
  if (column === 'created_by' || column === 'modified_by' || column === 'workflow_initiator_user')
    return 'user';
  if (column.endsWith('_on') || column === 'expire_at') return 'datetime';
  return 'text';
}

/**
 * How a record list reads a field's stored value (records/value-shapes.ts): one value of a kind, or
 * an array (list of texts, users, files). The server builds its SQL from it, the web app its cells
 * and filters, so both agree on what a column holds.
 */
export type FieldListKind =
  | 'text'
  | 'number'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'user'
  | 'users'
  | 'lookup'
  | 'file'
  | 'files'
  | 'list';

const FIELD_LIST_KINDS: Partial<Record<FieldType, FieldListKind>> = {
  number: 'number',
  slider: 'number',
  rating: 'number',
  'calculation-number': 'number',
  'calculation-currency': 'number',
  date: 'date',
  'calculation-date': 'date',
  datetime: 'datetime',
  'calculation-date-time': 'datetime',
  time: 'time',
  'calculation-time': 'time',
  switch: 'boolean',
  checkbox: 'boolean',
  'calculation-switch': 'boolean',
  user: 'user',
  'calculation-user': 'user',
  'multi-select-user': 'users',
  checklist: 'list',
  'multi-select-reference': 'list',
  'multi-select-external': 'list',
  lookup: 'lookup',
  'pull-data': 'lookup',
  'calculation-lookup': 'lookup',
  image: 'file',
  file: 'file',
  signature: 'file',
  'multi-file': 'files',
};

/** Types a list never shows: a password never leaves the detail, a button stores nothing. */
const UNLISTED_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['password', 'button']);

/** The list kind of a field of this type; null for types a list never shows. */
export function fieldListKind(
  field: Pick<FormField, 'multiUserSelected'>,
  type: FieldType,
): FieldListKind | null {
  if (UNLISTED_TYPES.has(type)) return null;
  // A user picker set to several users stores a list of ids, like multi-select-user.
  if (type === 'user' && field.multiUserSelected) return 'users';
  return FIELD_LIST_KINDS[type] ?? 'text';
}

/**
 * List kinds whose fields can get an index of their own (record-indexes.ts, ADR 0013 "Index plan"):
 * a btree on the typed value; text and lookups also a trigram index. Lists, files and booleans gain
 * little from one.
 */
export const INDEXED_FIELD_KINDS: readonly FieldListKind[] = [
  'text',
  'number',
  'date',
  'datetime',
  'time',
  'user',
  'lookup',
];

/** At most this many btree and trigram indexes per app, however many fields it has. */
export const INDEX_CAP = { btree: 24, trigram: 8 } as const;
