import { PROCESS_ENGINE_MESSAGES } from '@formloop/contracts';
import { createMessageMatcher } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
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
