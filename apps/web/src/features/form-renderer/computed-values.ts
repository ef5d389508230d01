// Live values of calculation fields, from the same engine the server runs on save. Table groups
// hold rows (values[group] = row objects): a calculation column is computed per row, seeing the
// row's cells and the form's fields; a form-level formula sees a table column as a list
// ({table.column}).
import { fieldValueType, type PayloadGroup } from '@formloop/domain';
import { evaluateComputedFields, type ComputedField, type FormulaDiagnostic } from '@formloop/formula';
import {
  fieldTypeOf,
  inputKind,
  tableCellKey,
  tableColumns,
  tableRows,
  type FormValues,
  type RendererDefinition,
} from './renderer-model.ts';

export interface ComputedValues {
  /** The values with every calculation field (and calculation cell) filled in. */
  values: FormValues;
  /** Failures by field name, or 'group.rowIndex.field' for table cells. */
  errors: Record<string, FormulaDiagnostic>;
}

function computedFieldsOf(fields: PayloadGroup['fields']): ComputedField[] {
  return fields.flatMap((field) => {
    const type = fieldTypeOf(field);
    if (type === null || inputKind(type) !== 'computed') return [];
    return [{ name: field.name, formula: field.formula ?? '', valueType: fieldValueType(type) }];
  });
}

function computeTables(
  tables: readonly { group: PayloadGroup; fields: ComputedField[] }[],
  values: FormValues,
  now: Date,
  errors: Record<string, FormulaDiagnostic>,
): FormValues {
  if (tables.length === 0) return values;
  const next = { ...values };
  for (const { group, fields } of tables) {
    next[group.name] = tableRows(values, group).map((row, index) => {
      const result = evaluateComputedFields(fields, { ...values, ...row }, { now });
      for (const [name, error] of Object.entries(result.errors))
        errors[tableCellKey(group.name, index, name)] = error;
      return { ...row, ...result.values };
    });
  }
  return next;
}

export function computeValues(definition: RendererDefinition, values: FormValues, now: Date): ComputedValues {
  const formFields: ComputedField[] = [];
  const tables: { group: PayloadGroup; fields: ComputedField[] }[] = [];
  for (const group of definition.fieldGroups) {
    if (!group.isTable) {
      formFields.push(...computedFieldsOf(group.fields));
      continue;
    }
    const fields = computedFieldsOf(tableColumns(group).map(({ field }) => field));
    if (fields.length > 0) tables.push({ group, fields });
  }
  if (formFields.length === 0 && tables.length === 0) return { values, errors: {} };

  // Cells first (form formulas may total a calculation column), then the form's fields, then the
  // cells again when both exist, since a cell may use a form-level calculation.
  let errors: Record<string, FormulaDiagnostic> = {};
  let next = computeTables(tables, values, now, errors);
  if (formFields.length > 0) {
    const result = evaluateComputedFields(formFields, next, { now });
    next = { ...next, ...result.values };
    if (tables.length > 0) {
      errors = {};
      next = computeTables(tables, next, now, errors);
    }
    Object.assign(errors, result.errors);
  }
  return { values: next, errors };
}
