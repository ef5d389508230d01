import { ROLE_MESSAGES, type RoleMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const ROLES_NAMESPACE = 'roles';

/**
 * Texts in the reader's language: message(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through roles:messages, the spec's through the validation namespace,
 * anything else as it came).
 */
export function useRoleMessages() {
  const { t } = useTranslation(ROLES_NAMESPACE);
  const translate = useAreaMessageTranslator(ROLES_NAMESPACE);
  const message = useCallback(
    (key: RoleMessageKey) => t(`messages.${key}`, { defaultValue: ROLE_MESSAGES[key] }),
    [t],
  );
  /** What to tell the user when a call failed: the server's reason when it gave one, else the fallback. */
  const failure = useCallback(
    (error: unknown, fallback: string) => {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) return fallback;
      return error.message.trim() ? translate(error) : fallback;
    },
    [translate],
  );
  return { message, translate, failure };
}
