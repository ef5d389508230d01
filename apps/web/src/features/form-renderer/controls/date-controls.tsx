import DatePicker from 'antd/es/date-picker';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { formatDate, storedOrganizationPreference } from '../../organization/use-organization-preference.ts';
import { DATE_FORMAT, TIME_FORMAT } from '../renderer-model.ts';
import { a11y, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

dayjs.extend(customParseFormat);

// Stored as FieldValueType says: 'YYYY-MM-DD', ISO instants, 'HH:mm:ss'; shown in the organization's formats.

const parse = (value: unknown, pattern?: string): Dayjs | null => {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = pattern ? dayjs(value, pattern, true) : dayjs(value);
  return parsed.isValid() ? parsed : null;
};

export function DateControl(props: ControlProps) {
  const preference = storedOrganizationPreference();
  if (props.readOnly)
    return <ReadOnlyValue control={props} text={formatDate(props.value as string, 'date')} />;
  return (
    <DatePicker
      {...a11y(props)}
      style={{ width: '100%' }}
      format={preference.date_format}
      value={parse(props.value, DATE_FORMAT)}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) => props.onChange(next ? next.format(DATE_FORMAT) : null)}
    />
  );
}

export function DateTimeControl(props: ControlProps) {
  const preference = storedOrganizationPreference();
  if (props.readOnly)
    return <ReadOnlyValue control={props} text={formatDate(props.value as string, 'datetime')} />;
  return (
    <DatePicker
      {...a11y(props)}
      showTime
      style={{ width: '100%' }}
      format={preference.datetime_format}
      value={parse(props.value)}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) => props.onChange(next ? next.toISOString() : null)}
    />
  );
}

export function TimeControl(props: ControlProps) {
  const preference = storedOrganizationPreference();
  const value = parse(props.value, TIME_FORMAT);
  if (props.readOnly) {
    return <ReadOnlyValue control={props} text={value ? value.format(preference.time_format) : ''} />;
  }
  return (
    <TimePicker
      {...a11y(props)}
      style={{ width: '100%' }}
      format={preference.time_format}
      value={value}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) => props.onChange(next ? next.format(TIME_FORMAT) : null)}
    />
  );
}
