import type { PayloadField } from '@formloop/domain';
import type { ComponentType } from 'react';

/** What every field control receives from the renderer. */
export interface ControlProps {
  field: PayloadField;
  /** DOM id of the control's focusable element; a visible <label htmlFor> points at it. */
  id: string;
  /** The accessible name (the field's label; in table cells it also names the row). */
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The user may not change the value (permission, disabled field, read-only form). */
  readOnly: boolean;
  /** The moment the form opened: today/now defaults and sequence previews use it. */
  now: Date;
  /** The check failed: controls mark themselves invalid (aria-invalid, error status). */
  invalid: boolean;
  /** id of the element describing the control (help text, error), for aria-describedby. */
  describedBy?: string;
  /** The code of a formula failure of a computed field, if it failed. */
  formulaError?: { code: string; params: Record<string, string | number> };
  /** Compact rendering inside a table cell. */
  compact?: boolean;
}

/**
 * A registry entry: the control and whether its focusable element can carry a <label htmlFor>
 * (composite controls such as checklists name themselves with aria-label on a group instead).
 */
export interface ControlEntry {
  Control: ComponentType<ControlProps>;
  labelable: boolean;
}

export const labelled = (Control: ComponentType<ControlProps>): ControlEntry => ({
  Control,
  labelable: true,
});
export const grouped = (Control: ComponentType<ControlProps>): ControlEntry => ({
  Control,
  labelable: false,
});

/** Common accessibility props of a labelable control. */
export const a11y = (props: ControlProps) => ({
  id: props.id,
  'aria-label': props.label,
  'aria-invalid': props.invalid || undefined,
  'aria-describedby': props.describedBy,
});

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
