// The value checks of a filled-in form (spec §5): required, the field's own pattern, e-mail and number
// shapes, slider and rating ranges and the value check of plain text. The rules themselves are the
// domain's (the server's save and the CSV import run the same ones, so every path words a problem
// alike). Only what the user can change at this activity is checked: hidden, read-only, computed and
// not-yet-wired fields cannot be fixed by them.
import {
  checkFieldValue as checkRecordValue,
  isEmptyValue,
  type FieldType,
  type PayloadField,
} from '@formloop/domain';
import {
  fieldAccess,
  fieldTypeOf,
  inputKind,
  tableCellKey,
  tableRows,
  type FormValues,
  type RendererDefinition,
} from './renderer-model.ts';

export { isEmptyValue };

/** The first broken rule of one value, as English text (translated when shown), or null. */
export function checkFieldValue(field: PayloadField, type: FieldType, value: unknown): string | null {
  if (inputKind(type) !== 'input') return null;
  return checkRecordValue(field, type, value);
}

/**
 * Every broken rule of a form at an activity: field name → message; table cells as
 * 'group.rowIndex.field' (see tableCellKey). Empty when the form can be saved.
 */
export function validateValues(
  definition: RendererDefinition,
  values: FormValues,
  activityId?: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const group of definition.fieldGroups) {
    const rows = group.isTable ? tableRows(values, group) : null;
    for (const field of group.fields) {
      const type = fieldTypeOf(field);
      if (type === null) continue;
      const access = fieldAccess(definition, activityId, group, field, type);
      if (!access.visible || !access.editable) continue;
      if (rows === null) {
        const message = checkFieldValue(field, type, values[field.name]);
        if (message) errors[field.name] = message;
        continue;
      }
      rows.forEach((row, index) => {
        const message = checkFieldValue(field, type, row[field.name]);
        if (message) errors[tableCellKey(group.name, index, field.name)] = message;
      });
    }
  }
  return errors;
}
