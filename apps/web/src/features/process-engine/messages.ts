import { PROCESS_ENGINE_MESSAGES } from '@formloop/contracts';
import { createMessageMatcher } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, useMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const PROCESS_ENGINE_NAMESPACE = 'processEngine';

const matchProcessEngine = createMessageMatcher(PROCESS_ENGINE_MESSAGES);

/**
 * A server message in the reader's language: the process engine's own through processEngine:errors.<key>
 * (an instance status named in it through statuses.<status>, a fault it quotes through the spec's
 * messages), the spec's through validation, anything else as it came.
 */
export function useProcessMessage(): (text: string) => string {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const mapParams = useCallback(
    (params: Record<string, string>) => ({
      ...params,
      ...(params.status !== undefined
        ? { status: t(`statuses.${params.status}`, { defaultValue: params.status }) }
        : {}),
      ...(params.message !== undefined ? { message: translateSpec(params.message) } : {}),
    }),
    [t, translateSpec],
  );
  return useAreaMessageTranslator(PROCESS_ENGINE_NAMESPACE, 'errors', matchProcessEngine, mapParams);
}

/**
 * The toast text of a failed call: the server's reason when it gave one, else the fallback. Null when
 * the user has already been told: a broken connection or a timeout (the HTTP client toasts those), or
 * a 401 (signed out).
 */
export function failureText(
  error: unknown,
  translate: (text: string) => string,
  fallback: string,
): string | null {
  if (!isApiError(error)) return fallback;
  if (error.status === 0 || error.status === 504 || error.status === 401) return null;
  if (error.status >= 500 || !error.message.trim()) return fallback;
  return translate(error.message);
}
