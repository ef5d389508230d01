import { MENU_MESSAGES, type MenuMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { keyOfUnkeyedText } from '../../shared/i18n/unkeyed-texts.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const MENUS_NAMESPACE = 'menus';

/**
 * Texts in the reader's language: server(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through menus:server, the spec's through the validation namespace,
 * anything else as it came).
 */
export function useMenuMessages() {
  const { t } = useTranslation(MENUS_NAMESPACE);
  const translate = useAreaMessageTranslator(MENUS_NAMESPACE);
  const server = useCallback(
    (key: MenuMessageKey) => t(`server.${key}`, { defaultValue: MENU_MESSAGES[key] }),
    [t],
  );
  return { server, translate };
}

/**
 * The server's reason for refusing, when it is one we can show in the reader's language (a rule of
 * this area or a spec message); otherwise null and the caller's general failure text is clearer.
 */
export function knownReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const key = error.key ?? keyOfUnkeyedText(error.message.trim())?.key;
  return key && (key.startsWith('menus.') || key.startsWith('validation.')) ? error.message : null;
}
