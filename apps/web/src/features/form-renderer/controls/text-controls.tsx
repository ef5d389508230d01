import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import TextArea from 'antd/es/input/TextArea';
import { a11y, asText, type ControlProps } from './control-props.ts';

const status = (props: ControlProps) => (props.invalid ? ('error' as const) : undefined);

export function TextControl(props: ControlProps) {
  return (
    <Input
      {...a11y(props)}
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      readOnly={props.readOnly}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}

export function EmailControl(props: ControlProps) {
  return (
    <Input
      {...a11y(props)}
      type="email"
      autoComplete="email"
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      readOnly={props.readOnly}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}

export function PasswordControl(props: ControlProps) {
  return (
    <Password
      {...a11y(props)}
      autoComplete="new-password"
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      readOnly={props.readOnly}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}

export function TextAreaControl(props: ControlProps) {
  return (
    <TextArea
      {...a11y(props)}
      autoSize={{ minRows: props.compact ? 1 : 3, maxRows: 12 }}
      value={asText(props.value)}
      onChange={(event) => props.onChange(event.target.value)}
      readOnly={props.readOnly}
      placeholder={props.field.placeholder}
      status={status(props)}
    />
  );
}
