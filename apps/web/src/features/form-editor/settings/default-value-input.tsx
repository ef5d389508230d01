import type { FormField } from '@formloop/domain';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';

const LONG_TEXT = new Set(['textarea', 'richtext', 'richtext-html']);
const NUMERIC = new Set(['number', 'slider']);
const BOOLEAN = new Set(['switch', 'checkbox']);

/** The default value box, shaped by the field's type; an empty box means no default (null). */
export function DefaultValueInput({
  id,
  field,
  onChange,
}: {
  id: string;
  field: FormField;
  onChange(value: unknown): void;
}) {
  if (BOOLEAN.has(field.fieldType)) {
    return (
      <Switch id={id} size="small" checked={field.value === true} onChange={(checked) => onChange(checked)} />
    );
  }
  if (NUMERIC.has(field.fieldType)) {
    return (
      <InputNumber
        id={id}
        style={{ width: '100%' }}
        value={typeof field.value === 'number' ? field.value : null}
        onChange={(value) => onChange(typeof value === 'number' ? value : null)}
      />
    );
  }
  const text = typeof field.value === 'string' ? field.value : '';
  const change = (value: string) => onChange(value === '' ? null : value);
  if (LONG_TEXT.has(field.fieldType)) {
    return (
      <Input.TextArea
        id={id}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return <Input id={id} value={text} onChange={(event) => change(event.target.value)} />;
}
