import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';
import { a11y, type ControlProps } from './control-props.ts';

/**
 * A value the user may read but not change, as a read-only text box: it keeps the label, focus and
 * copy-paste (a disabled control would drop out of the tab order and read as "unavailable").
 */
export function ReadOnlyValue(props: {
  control: ControlProps;
  text: string;
  suffix?: ReactNode;
  mono?: boolean;
}) {
  return (
    <Input
      {...a11y(props.control)}
      readOnly
      value={props.text}
      suffix={props.suffix}
      variant="filled"
      style={props.mono ? { fontFamily: 'monospace' } : undefined}
    />
  );
}
