import { findMessageKey, MESSAGE_CATALOGUE, type MessageKey } from '@formloop/domain';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The spec's messages are English source texts owned by @formloop/domain (MESSAGES). Their
 * translations live in the 'validation' namespace under the same keys. These helpers turn a
 * message text (from a client rule or from the server) into the reader's language; a text we do
 * not own is shown as it came.
 */
export const MESSAGE_NAMESPACE = 'validation';

export function translateMessage(t: TFunction, text: string): string {
  const match = findMessageKey(text);
  if (!match) return text;
  return t(`${MESSAGE_NAMESPACE}:${match.key}`, { ...match.params, defaultValue: text });
}

/** Translates a message by key, for texts the web app shows on its own account. */
export function translateMessageKey(
  t: TFunction,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return t(`${MESSAGE_NAMESPACE}:${key}`, { ...params, defaultValue: MESSAGE_CATALOGUE[key] });
}

/** Hook form of translateMessage; loads the validation namespace (suspends until it is there). */
export function useMessageTranslator(): (text: string) => string {
  const { t } = useTranslation(MESSAGE_NAMESPACE);
  return useCallback((text: string) => translateMessage(t, text), [t]);
}
