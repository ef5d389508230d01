import type { ProcessInstanceRow } from '@formloop/contracts';
import { formatDate } from '../../shared/organization/use-organization-preference.ts';

/** An instant in the organization's time zone and datetime format; '—' when there is none. */
export const formatInstant = (iso: string | null): string => (iso ? formatDate(iso, 'datetime') || iso : '—');

/** A calendar day of the throughput chart ('2026-03-01') in the organization's date format. */
export const formatDay = (day: string): string => formatDate(day, 'date') || day;

/** Where a record opens: the item editor, at the record. */
export const recordHref = (row: Pick<ProcessInstanceRow, 'module_id' | 'record_id'>) =>
  `/item-editor/${encodeURIComponent(row.module_id)}/${encodeURIComponent(row.record_id)}`;
