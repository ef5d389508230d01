import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const TASKS_NAMESPACE = 'tasks';

/**
 * A server message in the reader's language: the workflow's texts through tasks:errors.<key>, the
 * records' (a save before acting) through the item editor's, the spec's through validation.
 */
export function useTaskMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(TASKS_NAMESPACE);
}

/** The task was closed, taken away or is gone since the page loaded: its detail is worth reading again. */
export const isTaskGone = (error: unknown): boolean =>
  isApiError(error) && [403, 404, 409].includes(error.status);
