import type { OrganizationPreferenceData } from '@formloop/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A run as people read it in the schedule's own zone: the weekday in the reader's language, then
 * the date and time in the organization's date-time format ('Mon, 2026-03-09 09:00:00').
 */
export function formatRunInZone(
  instant: string,
  timeZone: string,
  preference: OrganizationPreferenceData,
  language: string,
): string {
  const at = dayjs(instant);
  if (!at.isValid()) return '';
  let weekday = '';
  let shown: string;
  try {
    weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone }).format(at.toDate());
    shown = at.tz(timeZone).format(preference.datetime_format);
  } catch {
    // A zone this browser does not know: the browser's own time rather than nothing.
    shown = at.format(preference.datetime_format);
  }
  return weekday ? `${weekday}, ${shown}` : shown;
}
