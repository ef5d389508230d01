import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const SCHEDULER_NAMESPACE = 'scheduler';

/**
 * A server or rule message in the reader's language: the scheduler's texts through
 * scheduler:messages.<key>; a failed run's workflow and record texts as the tasks and the item
 * editor translate them; the spec's through validation; anything else as it came.
 */
export function useSchedulerMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(SCHEDULER_NAMESPACE);
}

/** Where a field's server message goes: the schedule's own fields, or the record form's fields. */
export interface SplitErrors {
  schedule: Record<string, Translatable>;
  record: Record<string, Translatable>;
}

const RECORD_PREFIX = 'record_values.';

/** A 400's field messages split into the schedule's fields and the record values' (prefix dropped). */
export function splitFieldErrors(error: unknown): SplitErrors {
  const split: SplitErrors = { schedule: {}, record: {} };
  if (!isApiError(error) || error.status !== 400) return split;
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return split;
  for (const entry of errors as Array<{
    field?: unknown;
    message?: unknown;
    key?: unknown;
    params?: unknown;
  }>) {
    if (typeof entry?.field !== 'string' || typeof entry.message !== 'string') continue;
    // Kept with its key and params: translated by key where it is shown.
    const message: Translatable = {
      message: entry.message,
      key: typeof entry.key === 'string' ? entry.key : undefined,
      params: (entry.params ?? undefined) as Record<string, string | number> | undefined,
    };
    if (entry.field.startsWith(RECORD_PREFIX))
      split.record[entry.field.slice(RECORD_PREFIX.length)] = message;
    else split.schedule[entry.field] = message;
  }
  return split;
}
