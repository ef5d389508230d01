import { ROLE_MESSAGES, type RoleMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const ROLES_NAMESPACE = 'roles';

const OWN_BY_TEXT = new Map(
  (Object.keys(ROLE_MESSAGES) as RoleMessageKey[]).map((key) => [ROLE_MESSAGES[key] as string, key]),
);

/**
 * Texts in the reader's language: message(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through roles:messages, the spec's through the validation namespace,
 * anything else as it came).
 */
export function useRoleMessages() {
  const { t } = useTranslation(ROLES_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const message = useCallback(
    (key: RoleMessageKey) => t(`messages.${key}`, { defaultValue: ROLE_MESSAGES[key] }),
    [t],
  );
  const translate = useCallback(
    (text: string) => {
      const own = OWN_BY_TEXT.get(text);
      return own ? message(own) : translateSpec(text);
    },
    [message, translateSpec],
  );
  /** What to tell the user when a call failed: the server's reason when it gave one, else the fallback. */
  const failure = useCallback(
    (error: unknown, fallback: string) => {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) return fallback;
      return error.message.trim() ? translate(error.message) : fallback;
    },
    [translate],
  );
  return { message, translate, failure };
}
