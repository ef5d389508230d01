import TextArea from 'antd/es/input/TextArea';
import DOMPurify from 'dompurify';
import { a11y, asText, type ControlProps } from './control-props.ts';

/**
 * Rich text: edited as its HTML source in the preview; shown rendered when read-only, always through
 * DOMPurify, since the HTML comes from other people's input.
 */
export function RichTextControl(props: ControlProps) {
  const html = asText(props.value);
  if (props.readOnly) {
    return (
      <div
        id={props.id}
        role="document"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        tabIndex={0}
        style={{
          minHeight: 32,
          padding: '4px 11px',
          border: '1px solid var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          overflowWrap: 'anywhere',
        }}
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
      />
    );
  }
  return (
    <TextArea
      {...a11y(props)}
      autoSize={{ minRows: props.compact ? 1 : 4, maxRows: 16 }}
      value={html}
      placeholder={props.field.placeholder}
      status={props.invalid ? 'error' : undefined}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
