import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import theme from 'antd/es/theme';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { a11y, type ControlProps } from './control-props.ts';

/**
 * A value the viewer may read but not change, shown as text rather than as a text box: no border, a
 * muted background (the theme's tertiary fill under the normal text colour: far above 4.5:1), the
 * default pointer and `aria-readonly`, so it never passes for a field that silently ignores typing.
 * It stays a read-only text box underneath (a <textarea> for several lines): it keeps its label,
 * focus (outlined while focused, as the border is gone) and copy-paste, where a disabled control
 * would drop out of the tab order and read as "unavailable".
 */
export function ReadOnlyValue(props: {
  control: ControlProps;
  text: string;
  suffix?: ReactNode;
  mono?: boolean;
  /** Several lines (text areas): the box grows with the text. */
  multiline?: boolean;
}) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const style: CSSProperties = {
    background: token.colorFillTertiary,
    color: token.colorText,
    cursor: 'default',
    fontFamily: props.mono ? 'monospace' : undefined,
    outline: focused ? `2px solid ${token.colorPrimary}` : undefined,
    outlineOffset: 1,
  };
  const common = {
    ...a11y(props.control),
    readOnly: true,
    'aria-readonly': true,
    'data-read-only': '',
    value: props.text,
    variant: 'borderless' as const,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
    style,
  };
  if (props.multiline) {
    return <TextArea {...common} autoSize={{ minRows: 1, maxRows: 12 }} />;
  }
  return <Input {...common} suffix={props.suffix} />;
}
