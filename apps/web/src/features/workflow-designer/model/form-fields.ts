// What the designer needs to know about the form it runs on: the fields a Decision condition or a
// SetField value may reference, the fields SetField may write, and the user fields an approver may be.
import {
  fieldValueType,
  isEmptyCell,
  type FieldType,
  type FieldValueType,
  type FormLayout,
} from '@formloop/domain';

export interface WorkflowFormField {
  name: string;
  label: string;
  fieldType: FieldType;
}

export interface WorkflowFormFields {
  /** Fields outside tables, in form order: what SetField may set. */
  fields: WorkflowFormField[];
  /** Fields of type user or multi-select-user: approvers taken from the record. */
  userFields: WorkflowFormField[];
  /** Machine name → value type for formulas; table columns as 'table.column' lists. */
  formulaFields: Record<string, FieldValueType>;
}

/** User pickers whose value names the people a task goes to. */
export const USER_FIELD_TYPES: readonly FieldType[] = ['user', 'multi-select-user'];

export function workflowFormFields(layout: FormLayout): WorkflowFormFields {
  const fields: WorkflowFormField[] = [];
  const formulaFields: Record<string, FieldValueType> = {};
  for (const section of layout.sections) {
    for (const row of section.rows) {
      for (const cell of row.cells) {
        if (isEmptyCell(cell)) continue;
        if (section.isTable) {
          formulaFields[`${section.name}.${cell.name}`] = 'list';
          continue;
        }
        formulaFields[cell.name] = fieldValueType(cell.fieldType);
        fields.push({ name: cell.name, label: cell.fieldName || cell.name, fieldType: cell.fieldType });
      }
    }
  }
  return {
    fields,
    userFields: fields.filter((field) => USER_FIELD_TYPES.includes(field.fieldType)),
    formulaFields,
  };
}

/** A field as label plus machine name: two fields may share a label, never a name. */
export const fieldLabel = (field: WorkflowFormField): string => `${field.label} (${field.name})`;
