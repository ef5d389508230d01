import type { FieldValueType, FormField } from '@formloop/domain';
import Switch from 'antd/es/switch';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';

/** What every settings group gets: the field, a way to change it, and the rest of the form. */
export interface SettingsGroupProps {
  field: FormField;
  update(patch: Partial<FormField>): void;
  /** The other fields of the form (machine name → label), for pickers that name a field. */
  otherFields: { name: string; label: string }[];
  /** Machine name → value type of every field a formula here may reference. */
  formulaFields: Record<string, FieldValueType>;
}

/** A labelled setting with its help or error text underneath. */
export function SettingField({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'grid', gap: token.marginXXS }}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          {error}
        </div>
      ) : help ? (
        <div id={`${id}-help`} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {help}
        </div>
      ) : null}
    </div>
  );
}

/** An on/off setting: the switch with its label beside it. */
export function SettingSwitch({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS }}>
      <Switch id={id} size="small" checked={checked} onChange={onChange} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A titled block of settings. */
export function SettingGroup({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <fieldset
      data-testid={testId}
      style={{
        border: 'none',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        margin: 0,
        padding: `${token.paddingSM}px 0 0`,
        display: 'grid',
        gap: token.marginSM,
      }}
    >
      <legend style={{ padding: `0 ${token.paddingXXS}px 0 0`, margin: 0, float: 'left', width: '100%' }}>
        <Typography.Text strong>{title}</Typography.Text>
      </legend>
      {children}
    </fieldset>
  );
}
