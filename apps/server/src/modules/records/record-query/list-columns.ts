import { sql, type SQL } from 'drizzle-orm';
import { msg } from '@formloop/contracts';
import {
  SYSTEM_FIELD_COLUMNS,
  effectiveControl,
  fieldListKind,
  isSystemColumn,
  payloadFieldType,
  systemColumnType,
  type ActivityPermission,
  type FieldListKind,
  type FieldType,
  type ModuleDefinition,
  type SystemColumn,
} from '@formloop/domain';
import { badRequest, fieldError } from '../../../platform/http/errors.ts';

// The columns of an app's record list (spec §3): the app's top-level fields and the system columns,
// each with the SQL that reads it from `records r`. Field names reach SQL only as bound parameters
// (r.data->>$n); PostgreSQL folds them into constants when it plans an unnamed statement, so the
// expression indexes publishing creates on the app's partition (record-indexes.ts) still match.

/**
 * How a column's value is stored, which decides casts and operators:
 * text … file hold one value in `data`; list, users, files hold an array; stamp, sysuser, status are
 * system columns (timestamptz, a user's uuid, the derived status).
 */
export type ColumnKind = FieldListKind | 'stamp' | 'sysuser' | 'status';

export interface ListColumn {
  name: string;
  /** What people call it: the field's label, or the system column's name in words. */
  label: string;
  kind: ColumnKind;
  /** The field's type; null for system columns. */
  fieldType: FieldType | null;
  /** The typed scalar value (text, numeric, boolean, timestamptz); for arrays the jsonb array. */
  value: SQL;
  /** The value as text, for text operators and lengths (scalar kinds). */
  text: SQL;
  /** What the list sorts by (users by name). */
  sort: SQL;
  /** Never null (created_on, modified_on, tasks): its NULLS placement may follow the index. */
  notNull?: boolean;
}

/** Kinds holding human text: searched by the global search and given trigram indexes. */
export const TEXT_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>(['text', 'lookup']);

// JavaScript's String#trim whitespace (as a Unicode-escaped literal), so the SQL status trims
// exactly as deriveRecordStatus does.
const JS_WHITESPACE =
  "U&'\\0020\\0009\\000A\\000B\\000C\\000D\\00A0\\1680\\2000\\2001\\2002\\2003\\2004\\2005\\2006\\2007\\2008\\2009\\200A\\2028\\2029\\202F\\205F\\3000\\FEFF'";

/** Spec §4 status derivation in SQL (deriveRecordStatus; drafts are always Draft, as toRecordRow). */
export const STATUS_SQL: SQL = sql.raw(
  "(CASE WHEN r.is_draft THEN 'Draft'" +
    ` WHEN lower(btrim(coalesce(r.workflow_status, ''), ${JS_WHITESPACE})) = 'faulted' THEN 'Faulted'` +
    " WHEN r.workflow_completed_on IS NOT NULL THEN 'Completed'" +
    " WHEN r.workflow_started_on IS NOT NULL AND r.workflow_faulted_on IS NULL THEN 'In Progress'" +
    " ELSE 'Draft' END)",
);

/** A user's full name from an id column (uuid). */
const userName = (id: SQL): SQL => sql`(SELECT u.fullname FROM users u WHERE u.id = ${id})`;
const UUID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
/** A stored user id (text) as a uuid, or null when it is not one (so the cast never fails). */
const asUuid = (text: SQL): SQL =>
  sql`(CASE WHEN ${text} ~ ${sql.raw(`'${UUID_PATTERN}'`)} THEN (${text})::uuid END)`;

/** ISO instant text of a timestamptz, as Date#toISOString writes it. */
export const isoText = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A field's value and text read from `data` (r.data in lists, data in index definitions) under
 * `key` (a bound parameter in lists, a quoted literal in index definitions): both spellings plan to
 * the same expression, which is what lets the expression indexes serve the lists.
 */
export function fieldExpressions(kind: ColumnKind, data: SQL, key: SQL): { value: SQL; text: SQL } {
  const text = sql`(${data}->>${key})`;
  const typed = (type: string, cast: string) =>
    sql`(CASE WHEN jsonb_typeof(${data}->${key}) = ${sql.raw(`'${type}'`)} THEN (${data}->>${key})::${sql.raw(cast)} END)`;
  switch (kind) {
    case 'number':
      return { value: typed('number', 'numeric'), text };
    case 'boolean':
      return { value: typed('boolean', 'boolean'), text };
    case 'lookup': {
      const label = sql`(${data}->${key}->>'label')`;
      return { value: label, text: label };
    }
    case 'file': {
      // One StoredFile, or a typed name for a signature.
      const name = sql`(CASE WHEN jsonb_typeof(${data}->${key}) = 'object' THEN ${data}->${key}->>'name' ELSE ${data}->>${key} END)`;
      return { value: name, text: name };
    }
    case 'list':
    case 'users':
    case 'files':
      return { value: sql`(${data}->${key})`, text };
    default:
      return { value: text, text };
  }
}

const R_DATA = sql.raw('r.data');

function fieldColumn(name: string, label: string, type: FieldType, kind: ColumnKind): ListColumn {
  const { value, text } = fieldExpressions(kind, R_DATA, sql`${name}::text`);
  // Users sort by name; a stored id that is not a uuid sorts as no name.
  const sort = kind === 'user' ? userName(asUuid(text)) : value;
  return { name, label, kind, fieldType: type, value, text, sort };
}

const SYSTEM_LABELS: Partial<Record<SystemColumn, string>> = Object.fromEntries(
  Object.entries(SYSTEM_FIELD_COLUMNS).map(([label, column]) => [column, label]),
);

/** 'workflow_started_on' → 'Workflow Started On'; default system fields keep the spec's labels. */
const systemLabel = (name: SystemColumn): string =>
  SYSTEM_LABELS[name] ??
  name
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

function systemColumn(name: SystemColumn): ListColumn {
  const base = { name, label: systemLabel(name), fieldType: null };
  if (name === 'status')
    return { ...base, kind: 'status', value: STATUS_SQL, text: STATUS_SQL, sort: STATUS_SQL };
  const column = sql.raw(`r.${name}`);
  const notNull = name === 'created_on' || name === 'modified_on' || name === 'tasks';
  switch (systemColumnType(name)) {
    case 'number':
      return { ...base, kind: 'number', value: column, text: sql`(${column})::text`, sort: column, notNull };
    case 'datetime':
      return { ...base, kind: 'stamp', value: column, text: isoText(column), sort: column, notNull };
    case 'user':
      return {
        ...base,
        kind: 'sysuser',
        value: column,
        text: sql`(${column})::text`,
        sort: userName(column),
      };
    default: {
      // workflow_instance_id is a uuid column shown as text.
      const text = name === 'workflow_instance_id' ? sql`(${column})::text` : column;
      return { ...base, kind: 'text', value: text, text, sort: text };
    }
  }
}

/** The app's list columns by name: its top-level fields, then the system columns (they win a clash). */
export class ListColumns {
  private readonly byName = new Map<string, ListColumn>();

  /**
   * With an activity (fs-complete for submitted records, fs-start for drafts) fields hidden there
   * are left out: hidden values never reach the client, not even through a filter or a sort.
   */
  constructor(
    definition: Pick<ModuleDefinition, 'fieldGroups'> & { permission?: ActivityPermission[] },
    activityId?: string,
  ) {
    for (const group of definition.fieldGroups) {
      // Table groups hold arrays of rows under the group's name; their cells are not list columns.
      if (group.isTable) continue;
      for (const field of group.fields ?? []) {
        const type = payloadFieldType(field);
        const kind = type ? fieldListKind(field, type) : null;
        if (!type || !kind || typeof field.name !== 'string' || field.name === '') continue;
        if (
          activityId &&
          effectiveControl(definition.permission ?? [], activityId, group.name, field.name) === 'hidden'
        ) {
          continue;
        }
        const label = String(field.label || field.fieldName || field.name);
        if (!this.byName.has(field.name))
          this.byName.set(field.name, fieldColumn(field.name, label, type, kind));
      }
    }
  }

  /** The column with this name; 400 unknownField when the app has none. */
  get(name: string): ListColumn {
    if (isSystemColumn(name)) return systemColumn(name);
    const column = this.byName.get(name);
    if (!column)
      throw badRequest(msg('records.unknownField'), [fieldError(name, msg('records.unknownField'))]);
    return column;
  }

  /** Whether `name` is a system column (or the derived status). */
  isSystem(name: string): boolean {
    return isSystemColumn(name);
  }

  /** Whether `name` is a data field the list may show (not a system column). */
  hasField(name: string): boolean {
    return this.byName.has(name) && !isSystemColumn(name);
  }

  /** The data fields (system columns excluded), in form order. */
  fields(): ListColumn[] {
    return [...this.byName.values()].filter((column) => !isSystemColumn(column.name));
  }

  /** The fields the global search looks in. */
  searchable(): ListColumn[] {
    return this.fields().filter((column) => TEXT_KINDS.has(column.kind));
  }
}
