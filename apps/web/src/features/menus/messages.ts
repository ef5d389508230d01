import { MENU_MESSAGES, type FieldError, type MenuMessageKey } from '@formloop/contracts';
import { findMessageKey } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const MENUS_NAMESPACE = 'menus';

const OWN_BY_TEXT = new Map(
  (Object.keys(MENU_MESSAGES) as MenuMessageKey[]).map((key) => [MENU_MESSAGES[key] as string, key]),
);

/**
 * Texts in the reader's language: server(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through menus:server, the spec's through the validation namespace,
 * anything else as it came).
 */
export function useMenuMessages() {
  const { t } = useTranslation(MENUS_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const server = useCallback(
    (key: MenuMessageKey) => t(`server.${key}`, { defaultValue: MENU_MESSAGES[key] }),
    [t],
  );
  const translate = useCallback(
    (text: string) => {
      const own = OWN_BY_TEXT.get(text);
      return own ? server(own) : translateSpec(text);
    },
    [server, translateSpec],
  );
  return { server, translate };
}

/** A 400's field messages, for putting them under the form's fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * The server's reason for refusing, when it is one we can show in the reader's language (a rule of
 * this area or a spec message); otherwise null and the caller's general failure text is clearer.
 */
export function knownReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const text = error.message.trim();
  return OWN_BY_TEXT.has(text) || findMessageKey(text) ? text : null;
}
