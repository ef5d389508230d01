import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

const status = (props: ControlProps) => (props.invalid ? ('error' as const) : undefined);

// A field the viewer may not change shows its value as text (ReadOnlyValue), never as a text box
// that looks editable and ignores what is typed.

export function TextControl(props: ControlProps) {
  if (props.readOnly) return <ReadOnlyValue control={props} text={asText(props.value)} />;
  return (
    <Input
      {...a11y(props)}
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}

export function EmailControl(props: ControlProps) {
  if (props.readOnly) return <ReadOnlyValue control={props} text={asText(props.value)} />;
  return (
    <Input
      {...a11y(props)}
      type="email"
      autoComplete="email"
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}

/** What a read-only password shows when one is set: never the password, nor its length. */
export const PASSWORD_MASK = '••••••••';

/** Masked, with a button (keyboard-usable, unlike an icon) that shows what was typed. */
export function PasswordControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [visible, setVisible] = useState(false);
  const value = asText(props.value);
  if (props.readOnly) return <ReadOnlyValue control={props} text={value ? PASSWORD_MASK : ''} />;
  return (
    <Input
      {...a11y(props)}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      spellCheck={false}
      value={value}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.field.placeholder}
      status={status(props)}
      suffix={
        <Button
          type="text"
          size="small"
          aria-label={t(visible ? 'password.hide' : 'password.show', { label: props.label })}
          aria-pressed={visible}
          aria-controls={props.id}
          icon={visible ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
          onClick={() => setVisible((shown) => !shown)}
          style={{ marginInlineEnd: -6 }}
        />
      }
    />
  );
}

export function TextAreaControl(props: ControlProps) {
  if (props.readOnly) return <ReadOnlyValue control={props} text={asText(props.value)} multiline />;
  return (
    <TextArea
      {...a11y(props)}
      autoSize={{ minRows: props.compact ? 1 : 3, maxRows: 12 }}
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}
