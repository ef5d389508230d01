import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  storedOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { DATE_FORMAT, TIME_FORMAT } from '../renderer-model.ts';
import { a11y, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

dayjs.extend(customParseFormat);

// Stored as the records brief says: dates 'YYYY-MM-DD', date-times the instant as toISOString(),
// times 'HH:mm:ss' (text order = time order). Shown and typed in the organization's formats
// (spec §3 date_format, datetime_format, time_format); date-times in the organization's time zone.

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

const parse = (value: unknown, pattern?: string): Dayjs | null => {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = pattern ? dayjs(value, pattern, true) : dayjs(value);
  return parsed.isValid() ? parsed : null;
};

/**
 * The picker shows plain wall-clock times: an instant becomes the organization zone's clock reading,
 * and a picked reading is read back in that zone. A zone this browser does not know uses its own.
 */
export function instantToWallClock(value: unknown, zone: string): Dayjs | null {
  const instant = parse(value);
  if (!instant) return null;
  try {
    return dayjs(instant.tz(zone).format(WALL_CLOCK), WALL_CLOCK, true);
  } catch {
    return instant;
  }
}

/**
 * The instant a picked wall-clock reading names in the zone. A reading that happens twice (the hour
 * clocks go back) is the earlier one, unless `previous` (the stored value) already reads so: an
 * untouched time never moves. Readings the zone skips (clocks forward) move on by the gap.
 */
export function wallClockToInstant(shown: Dayjs, zone: string, previous?: unknown): string {
  const reading = shown.format(WALL_CLOCK);
  try {
    const before = parse(previous);
    if (before && before.tz(zone).format(WALL_CLOCK) === reading) return before.toISOString();
    const candidate = dayjs.tz(reading, zone);
    for (const minutes of [60, 30]) {
      const earlier = candidate.subtract(minutes, 'minute');
      if (earlier.tz(zone).format(WALL_CLOCK) === reading) return earlier.toISOString();
    }
    return candidate.toISOString();
  } catch {
    return shown.toISOString();
  }
}

export function DateControl(props: ControlProps) {
  const preference = storedOrganizationPreference();
  if (props.readOnly)
    return <ReadOnlyValue control={props} text={formatDate(props.value as string, 'date', preference)} />;
  return (
    <DatePicker
      {...a11y(props)}
      style={{ width: '100%' }}
      format={preference.date_format}
      value={parse(props.value, DATE_FORMAT)}
      placeholder={props.field.placeholder || preference.date_format}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) => props.onChange(next ? next.format(DATE_FORMAT) : null)}
    />
  );
}

export function DateTimeControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const preference = storedOrganizationPreference();
  if (props.readOnly) {
    return <ReadOnlyValue control={props} text={formatDate(props.value as string, 'datetime', preference)} />;
  }
  const zone = preference.time_zone;
  return (
    <DatePicker
      {...a11y(props)}
      showTime
      style={{ width: '100%' }}
      format={preference.datetime_format}
      value={instantToWallClock(props.value, zone)}
      // The picker's own 'Now' is the browser's clock, which would be read in the organization's zone.
      showNow={false}
      renderExtraFooter={() => (
        <Button size="small" type="link" onClick={() => props.onChange(new Date().toISOString())}>
          {t('date.now')}
        </Button>
      )}
      placeholder={props.field.placeholder || preference.datetime_format}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) =>
        props.onChange(next ? wallClockToInstant(next, zone, props.value) : null)
      }
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
      placeholder={props.field.placeholder || preference.time_format}
      status={props.invalid ? 'error' : undefined}
      onChange={(next: Dayjs | null) => props.onChange(next ? next.format(TIME_FORMAT) : null)}
    />
  );
}
