import type { FieldType, PayloadField } from '@formloop/domain';
import FormItem from 'antd/es/form/FormItem';
import { memo, useCallback } from 'react';
import { CONTROLS } from './controls/registry.ts';
import type { DiagnosticLike } from './formula-errors.ts';
import { useRendererMessage } from './messages.ts';
import { fieldLabel } from './renderer-model.ts';

export interface FieldItemProps {
  field: PayloadField;
  type: FieldType;
  /** Where the value lives: the field name, or 'group.rowIndex.field' for a table cell. */
  valueKey: string;
  id: string;
  value: unknown;
  readOnly: boolean;
  now: Date;
  /** English message of a broken rule (translated here), shown once the field was touched. */
  error?: string;
  formulaError?: DiagnosticLike;
  onValue: (valueKey: string, value: unknown) => void;
  /** Table cells: no label row (the column header names it), the accessible name says which row. */
  cellLabel?: string;
}

/**
 * One field: label (with the required mark), the control for its type, its help text and its
 * error. Memoised, so typing in one field of a long form re-renders that field only.
 */
export const FieldItem = memo(function FieldItem(props: FieldItemProps) {
  const translate = useRendererMessage();
  const { valueKey, onValue } = props;
  const onChange = useCallback((value: unknown) => onValue(valueKey, value), [onValue, valueKey]);
  const entry = CONTROLS[props.type];
  const label = fieldLabel(props.field);
  const helpId = props.field.helpText ? `${props.id}-help` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  const control = (
    <entry.Control
      field={props.field}
      id={props.id}
      label={props.cellLabel ?? label}
      value={props.value}
      onChange={onChange}
      readOnly={props.readOnly}
      now={props.now}
      invalid={Boolean(props.error)}
      describedBy={describedBy}
      formulaError={props.formulaError}
      compact={props.cellLabel !== undefined}
    />
  );
  const error = props.error ? (
    <span id={errorId} role="alert">
      {translate(props.error)}
    </span>
  ) : undefined;

  if (props.cellLabel !== undefined) {
    return (
      <div data-field-type={props.type} data-field-name={props.field.name} data-value-key={valueKey}>
        {control}
        {error ? <div style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 12 }}>{error}</div> : null}
      </div>
    );
  }
  return (
    <div data-field-type={props.type} data-field-name={props.field.name} data-value-key={valueKey}>
      <FormItem
        label={label}
        htmlFor={entry.labelable ? props.id : undefined}
        required={props.field.required && !props.readOnly}
        validateStatus={props.error ? 'error' : undefined}
        help={error}
        extra={helpId ? <span id={helpId}>{props.field.helpText}</span> : undefined}
        style={{ marginBottom: 16 }}
      >
        {control}
      </FormItem>
    </div>
  );
});
