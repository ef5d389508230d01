import type { ModuleDefinitionDto } from '@formloop/contracts';
import { MESSAGES, isBlank, validateName } from '@formloop/domain';

/** How a record template's value of a field is typed in (plain inputs only). */
export type ValueInputKind = 'text' | 'textarea' | 'number' | 'boolean' | 'date' | 'time' | 'datetime';

// Field types whose value a plain input can hold; pickers, files, lookups and computed fields are
// left to the record editor.
const INPUT_KINDS: Readonly<Record<string, ValueInputKind>> = {
  text: 'text',
  email: 'text',
  dropdown: 'text',
  barcode: 'text',
  textarea: 'textarea',
  richtext: 'textarea',
  'richtext-html': 'textarea',
  number: 'number',
  slider: 'number',
  rating: 'number',
  switch: 'boolean',
  checkbox: 'boolean',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
};

export interface ValueField {
  name: string;
  label: string;
  kind: ValueInputKind;
}

/**
 * The fields a record template can set here: simple types, not in a table group, not computed (the
 * draft says which are which; a field the editor has not saved yet has no such facts and is offered).
 */
export function templateValueFields(
  fields: readonly { name: string; label: string; fieldType: string }[],
  draft: Pick<ModuleDefinitionDto, 'fieldGroups'> | null | undefined,
): ValueField[] {
  const excluded = new Set<string>();
  for (const group of draft?.fieldGroups ?? []) {
    for (const field of group.fields) {
      if (group.isTable || field.isComputedField) excluded.add(field.name);
    }
  }
  return fields.flatMap((field) => {
    const kind = INPUT_KINDS[field.fieldType];
    return kind && field.name && !excluded.has(field.name)
      ? [{ name: field.name, label: field.label || field.name, kind }]
      : [];
  });
}

/** The form's raw inputs → the template's data: blanks left out, numbers as numbers, booleans only when set. */
export function templateData(
  fields: readonly ValueField[],
  raw: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.kind === 'boolean') {
      if (value === true) data[field.name] = true;
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (field.kind === 'number') {
      const number = Number(value);
      // A number input gives '' for text it cannot read; keep it as typed so the server names the field.
      data[field.name] = Number.isFinite(number) ? number : value;
    } else {
      data[field.name] = value;
    }
  }
  return data;
}

/** Template name: 'This field is required', then the spec §5 name rules (40 characters). */
export function templateNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateName(value) ?? undefined;
}
