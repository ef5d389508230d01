import { msg, type MessageRef } from '@formloop/contracts';
import {
  fromDisplay,
  isCalculationFieldType,
  parseLocaleNumber,
  payloadFields,
  type FieldType,
  type ModuleDefinition,
  type PayloadField,
} from '@formloop/domain';
import { badField } from '../../platform/http/errors.ts';

// Which CSV column fills which field, and how a cell's text becomes the value the field stores
// (the record value conventions of issue 6). A CSV row is one record, so only fields outside table
// groups whose value can be written as text are importable; the rest is refused before any work.

/** Field types whose value a CSV cell cannot carry (files, picks of other records, server-made values). */
const NOT_IMPORTABLE: ReadonlySet<FieldType> = new Set<FieldType>([
  'lookup',
  'pull-data',
  'image',
  'file',
  'multi-file',
  'signature',
  'button',
  'sequence-number',
]);

const NUMBER_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['number', 'slider', 'rating']);
const LIST_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'checklist',
  'multi-select-user',
  'multi-select-reference',
  'multi-select-external',
]);

/** One mapped column: where it is in the row and how its text becomes a value. */
export interface ColumnTarget {
  index: number;
  name: string;
  convert: (text: string) => unknown;
}

const invalid = (ref: MessageRef) => badField('mapping', ref);

/**
 * The cell's text as the field's value; text that does not fit is passed on for the shared value
 * rules to refuse. Numbers take either separator style; a percentage written with '%' is the shown
 * value (15% stores 0.15), without it the stored one (as the list export writes it). Booleans are
 * read by the shared rules (yes/no, true/false, 1/0).
 */
export function converterFor(field: PayloadField): (text: string) => unknown {
  const type = field.fieldType;
  if (NUMBER_TYPES.has(type)) {
    return (text) => {
      const n = parseLocaleNumber(text);
      if (n === null) return text;
      return text.includes('%') ? fromDisplay(n, field.format) : n;
    };
  }
  if (LIST_TYPES.has(type)) return listItems;
  return (text) => text;
}

/** A list cell: a JSON array, or items separated by ';' (or by ',' as the export joins them). */
function listItems(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON after all: read it as separated items.
    }
  }
  return trimmed
    .split(trimmed.includes(';') ? ';' : ',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The app's importable fields by name (fields outside table groups whose values are text). */
function importableFields(definition: ModuleDefinition): {
  fields: Map<string, PayloadField>;
  all: Set<string>;
} {
  const fields = new Map<string, PayloadField>();
  const all = new Set<string>();
  for (const { group, field } of payloadFields(definition)) {
    all.add(field.name);
    if (group.isTable || NOT_IMPORTABLE.has(field.fieldType) || isCalculationFieldType(field.fieldType)) {
      continue;
    }
    fields.set(field.name, field);
  }
  return { fields, all };
}

/** Checks the mapping against the app's fields: 400 before the file is read. */
export function checkMappingFields(
  definition: ModuleDefinition,
  mapping: Record<string, string>,
): Map<string, PayloadField> {
  const entries = Object.entries(mapping).filter(([, fieldName]) => fieldName.trim() !== '');
  if (entries.length === 0) throw invalid(msg('recordImport.badMapping'));
  const { fields, all } = importableFields(definition);
  const seen = new Set<string>();
  const chosen = new Map<string, PayloadField>();
  for (const [column, fieldName] of entries) {
    const name = fieldName.trim();
    if (!all.has(name)) throw invalid(msg('recordImport.unknownField', { field: name }));
    const field = fields.get(name);
    if (!field) throw invalid(msg('recordImport.notImportable', { field: name }));
    if (seen.has(name)) throw invalid(msg('recordImport.duplicateField', { field: name }));
    seen.add(name);
    chosen.set(column, field);
  }
  return chosen;
}

/** The mapped columns' places in the CSV header: 400 naming a column the file does not have. */
export function resolveColumns(header: readonly string[], fields: Map<string, PayloadField>): ColumnTarget[] {
  const position = new Map<string, number>();
  header.forEach((column, index) => {
    const key = column.trim();
    if (!position.has(key)) position.set(key, index);
  });
  const targets: ColumnTarget[] = [];
  for (const [column, field] of fields) {
    const index = position.get(column.trim());
    if (index === undefined) throw invalid(msg('recordImport.unknownColumn', { column: column.trim() }));
    targets.push({ index, name: field.name, convert: converterFor(field) });
  }
  return targets;
}

/** A CSV row as field values: empty cells are left out (empty = key absent). */
export function rowValues(
  cells: readonly string[],
  targets: readonly ColumnTarget[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const target of targets) {
    const text = cells[target.index];
    if (text === undefined || text.trim() === '') continue;
    values[target.name] = target.convert(text);
  }
  return values;
}
