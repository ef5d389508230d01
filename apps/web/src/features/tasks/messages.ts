import { WORKFLOW_ENGINE_MESSAGES, WORKFLOW_LOOKUP_MESSAGES, WORKFLOW_MESSAGES } from '@formloop/contracts';
import { createMessageMatcher } from '@formloop/domain';
import { useCallback } from 'react';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';
import { useServerMessage } from '../item-editor/index.ts';

export const TASKS_NAMESPACE = 'tasks';

const matchWorkflow = createMessageMatcher({
  ...WORKFLOW_MESSAGES,
  ...WORKFLOW_LOOKUP_MESSAGES,
  ...WORKFLOW_ENGINE_MESSAGES,
});

/**
 * A server message in the reader's language: the workflow's texts through tasks:errors.<key>, the
 * records' (a save before acting) through the item editor's, the spec's through validation.
 */
export function useTaskMessage(): (text: string) => string {
  const workflow = useAreaMessageTranslator(TASKS_NAMESPACE, 'errors', matchWorkflow);
  const records = useServerMessage();
  return useCallback(
    (text: string) => (matchWorkflow(text) ? workflow(text) : records(text)),
    [workflow, records],
  );
}

/** The task was closed, taken away or is gone since the page loaded: its detail is worth reading again. */
export const isTaskGone = (error: unknown): boolean =>
  isApiError(error) && [403, 404, 409].includes(error.status);
