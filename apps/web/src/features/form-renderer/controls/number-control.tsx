import InputNumber from 'antd/es/input-number';
import {
  decimalsFor,
  formatShown,
  formatStored,
  fromDisplay,
  groupsThousands,
  parseLocaleNumber,
  toDisplay,
} from '@formloop/domain';
import { useTranslation } from 'react-i18next';
import { a11y, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

/**
 * A number in its field's format: decimal places, thousands grouping, percentages shown ×100 and
 * stored /100 (spec §5). Typed text is read with either separator style. What is typed is kept as
 * typed: the field's decimal places pad what is shown but never round it (no `precision`, which
 * would turn 42.5 into 43); more decimals than allowed get the value check's message at the field.
 */
export function NumberControl(props: ControlProps) {
  // Numbers are written and read in the reader's language (1,234.5 / 1.234,5 / 1 234,5).
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { format, decimalPlaces } = props.field;
  const decimals = decimalsFor(format, decimalPlaces);
  const stored = typeof props.value === 'number' && Number.isFinite(props.value) ? props.value : null;
  const grouping = groupsThousands(format) ? 'Thousands' : 'None';
  // Read-only: the number as the field's format shows it, as text (with the '%' of a percentage).
  if (props.readOnly) {
    return (
      <ReadOnlyValue control={props} text={formatStored(stored, format, decimalPlaces, true, language)} />
    );
  }
  return (
    <InputNumber<string | number>
      {...a11y(props)}
      style={{ width: '100%' }}
      value={stored === null ? null : toDisplay(stored, format)}
      placeholder={props.field.placeholder}
      status={props.invalid ? 'error' : undefined}
      suffix={format === 'Percentage' ? '%' : undefined}
      formatter={(value, info) => {
        if (info.userTyping) return info.input;
        if (value === undefined || value === '') return '';
        const n = Number(value);
        return Number.isFinite(n) ? formatShown(n, grouping, decimals, true, language) : String(value);
      }}
      // '' clears the value; 'NaN' tells the input the text is not a number (it keeps the last one).
      parser={(text) => {
        if ((text ?? '').trim() === '') return '';
        const n = parseLocaleNumber(text ?? '', language);
        return n === null ? 'NaN' : n;
      }}
      onChange={(next) => {
        const n = next === null || next === '' ? null : Number(next);
        props.onChange(n === null || !Number.isFinite(n) ? null : fromDisplay(n, format));
      }}
    />
  );
}
