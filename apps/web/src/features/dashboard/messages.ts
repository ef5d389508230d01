import { QUICK_LAUNCH_MESSAGES, type QuickLaunchMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const DASHBOARD_NAMESPACE = 'dashboard';

/**
 * Texts in the reader's language: text(key) for quick launch's own messages, and reason(error,
 * fallback) for what to tell the user after a failed write: the server's own words when they say why
 * (an app no longer offered, too many tiles), otherwise the fallback.
 */
export function useDashboardMessages() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const translate = useAreaMessageTranslator(DASHBOARD_NAMESPACE);
  const text = useCallback(
    (key: QuickLaunchMessageKey) => t(`messages.${key}`, { defaultValue: QUICK_LAUNCH_MESSAGES[key] }),
    [t],
  );
  const reason = useCallback(
    (error: unknown, fallback: string) => {
      if (!isApiError(error) || ![400, 404].includes(error.status)) return fallback;
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) return fields.map((entry) => translate(entry)).join(' ');
      return error.message.trim() ? translate(error) : fallback;
    },
    [translate],
  );
  return { text, reason, translate };
}
