import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAreaMessageTranslator,
  useMessageTranslator,
  type Translatable,
} from '../../shared/i18n/translate-message.ts';

export const PROCESS_ENGINE_NAMESPACE = 'processEngine';

/**
 * A server message in the reader's language: the process engine's own through processEngine:errors.<key>
 * (an instance status named in it through statuses.<status>, a fault it quotes through the spec's
 * messages), the spec's through validation, anything else as it came.
 */
export function useProcessMessage(): (message: Translatable) => string {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const mapParams = useCallback(
    (params: Record<string, string | number>) => ({
      ...params,
      ...(params.status !== undefined
        ? { status: t(`statuses.${params.status}`, { defaultValue: String(params.status) }) }
        : {}),
      ...(params.message !== undefined ? { message: translateSpec(String(params.message)) } : {}),
    }),
    [t, translateSpec],
  );
  return useAreaMessageTranslator(PROCESS_ENGINE_NAMESPACE, mapParams);
}
