// Small display rules of the shell: badge capping, relative times and notification targets.
import type { Notification } from '@formloop/contracts';

/** Spec §9: the Home badge shows the count capped at 9999, as '9999+' beyond it. */
export function formatCount(count: number, max: number): string {
  return count > max ? `${max}+` : String(count);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * Words a notification's time_since (seconds ago) relatively, in the UI language: '5 minutes ago',
 * 'vor 5 Minuten', '5 分钟前'. Intl knows every UI language, so no translation keys are needed.
 */
export function formatTimeSince(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const elapsed = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(-elapsed, 'second');
}

/**
 * Where a notification leads (spec §2): the record's item editor when it has a record (with the task
 * when there is one), otherwise its own page /notifications/{id}.
 */
export function notificationTarget(notification: Notification): string {
  const { module_id: moduleId, record_id: recordId, task_id: taskId } = notification;
  if (moduleId && recordId) {
    const parts = ['/item-editor', moduleId, recordId, ...(taskId ? [taskId] : [])];
    return parts.map((part, index) => (index === 0 ? part : encodeURIComponent(part))).join('/');
  }
  return `/notifications/${encodeURIComponent(notification.id)}`;
}

/** Spec §2: module links in the sidebar carry ?from=sidebar. */
export function withSidebarSource(href: string): string {
  if (!href.startsWith('/module/')) return href;
  const [path = href, hash] = href.split('#');
  const next = `${path}${path.includes('?') ? '&' : '?'}from=sidebar`;
  return hash === undefined ? next : `${next}#${hash}`;
}

/** A phone number as a tel: link (spaces and punctuation other than + dropped). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
