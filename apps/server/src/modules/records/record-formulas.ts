import {
  fieldValueType,
  isCalculationFieldType,
  payloadFieldType,
  type ModuleDefinition,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import { evaluateComputedFields, type ComputedField } from '@formloop/formula';

// The server's authoritative calculation of computed fields on every save: the same engine and the
// same order as the browser's live values (apps/web form-renderer computed-values.ts), so what a
// client sends for a calculation field never matters. Table calculation columns are computed per
// row (seeing the row's cells and the form's fields); a form-level formula sees a column as a list.

type Values = Record<string, unknown>;

function computedFieldsOf(fields: readonly PayloadField[]): ComputedField[] {
  return fields.flatMap((field) => {
    const type = payloadFieldType(field);
    if (type === null || !isCalculationFieldType(type)) return [];
    return [{ name: field.name, formula: field.formula ?? '', valueType: fieldValueType(type) }];
  });
}

/** A calculation that failed or yields nothing is stored as no value (empty = key absent). */
function assign(target: Values, computed: Values): void {
  for (const [name, value] of Object.entries(computed)) {
    if (value === null || value === undefined) delete target[name];
    else target[name] = value;
  }
}

const rowsOf = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((row): row is Values => typeof row === 'object' && row !== null) : [];

function computeTables(
  tables: readonly { group: PayloadGroup; fields: ComputedField[] }[],
  values: Values,
  now: Date,
): Values {
  if (tables.length === 0) return values;
  const next = { ...values };
  for (const { group, fields } of tables) {
    const rows = rowsOf(values[group.name]);
    if (rows.length === 0) continue;
    next[group.name] = rows.map((row) => {
      const result = evaluateComputedFields(fields, { ...values, ...row }, { now });
      const out = { ...row };
      assign(out, result.values);
      return out;
    });
  }
  return next;
}

/** The values with every calculation field and calculation cell recomputed from the others. */
export function recomputeRecordValues(
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
  values: Values,
  now: Date,
): Values {
  const formFields: ComputedField[] = [];
  const tables: { group: PayloadGroup; fields: ComputedField[] }[] = [];
  for (const group of definition.fieldGroups) {
    const fields = computedFieldsOf(group.fields);
    if (fields.length === 0) continue;
    if (group.isTable) tables.push({ group, fields });
    else formFields.push(...fields);
  }
  if (formFields.length === 0 && tables.length === 0) return values;
  // Cells first (form formulas may total a calculation column), then the form's fields, then the
  // cells again when both exist, since a cell may use a form-level calculation.
  let next = computeTables(tables, values, now);
  if (formFields.length > 0) {
    const result = evaluateComputedFields(formFields, next, { now });
    next = { ...next };
    assign(next, result.values);
    next = computeTables(tables, next, now);
  }
  return next;
}
