// The value checks of a filled-in form (spec §5): required, the field's own pattern, e-mail and number
// shapes, the slider range and the value check of plain text. Only what the user can change at this
// activity is checked: hidden, read-only, computed and not-yet-wired fields cannot be fixed by them.
import { MESSAGES, validateValue, type FieldType, type PayloadField } from '@formloop/domain';
import { RENDERER_MESSAGES, rendererMessage } from './messages.ts';
import {
  fieldAccess,
  fieldTypeOf,
  inputKind,
  tableCellKey,
  tableRows,
  type FormValues,
  type RendererDefinition,
} from './renderer-model.ts';

/** A deliberately loose address shape: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmptyValue(value: unknown, type: FieldType): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  // A required checkbox means "must be ticked"; a switch's off is an answer.
  if (type === 'checkbox') return value !== true;
  return false;
}

function matchesPattern(pattern: string, value: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    // The editor reports a broken pattern when the form is designed; a user cannot fix it here.
    return true;
  }
  return regex.test(value);
}

/** The first broken rule of one value, as English text (translated when shown), or null. */
export function checkFieldValue(field: PayloadField, type: FieldType, value: unknown): string | null {
  if (inputKind(type) !== 'input') return null;
  if (isEmptyValue(value, type)) return field.required ? MESSAGES.required : null;
  if (type === 'number' || type === 'slider' || type === 'rating') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return RENDERER_MESSAGES.number;
    if (type === 'slider') {
      const min = field.minValue ?? 0;
      const max = field.maxValue ?? 100;
      if (value < min || value > max) return rendererMessage.range(min, max);
    }
  }
  if (type === 'email' && (typeof value !== 'string' || !EMAIL.test(value.trim()))) {
    return RENDERER_MESSAGES.email;
  }
  // Spec §5 value check, on single-line text; prose (text areas, rich text) and secrets are free text.
  if (type === 'text' && typeof value === 'string') {
    const message = validateValue(value);
    if (message) return message;
  }
  if (field.regex && (typeof value === 'string' || typeof value === 'number')) {
    if (!matchesPattern(field.regex, String(value))) return RENDERER_MESSAGES.pattern;
  }
  return null;
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
