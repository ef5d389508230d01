import { formatDate } from '../../shared/organization/use-organization-preference.ts';

/** An audit timestamp in the organization's time zone and datetime format (spec §3 preference). */
export const formatAuditTime = (iso: string): string => formatDate(iso, 'datetime') || iso;

/** A JSON value as one short line for the diff view; strings as they are, the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
