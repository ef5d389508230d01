import { findMessageKey, MESSAGE_CATALOGUE, type CatalogueMatch, type MessageKey } from '@formloop/domain';
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

/**
 * A feature's own server messages (its `<AREA>_MESSAGES` in packages/contracts) in the reader's
 * language: a text `match` recognises goes through `{keyPrefix}.{key}` of the feature's namespace with
 * its placeholders (optionally rewritten by `mapParams`, e.g. to translate a licence name); the spec's
 * messages through the validation namespace; anything else as it came.
 */
export function useAreaMessageTranslator<K extends string>(
  namespace: string,
  keyPrefix: string,
  match: (text: string) => CatalogueMatch<K> | null,
  mapParams?: (params: Record<string, string>) => Record<string, string>,
): (text: string) => string {
  const { t } = useTranslation(namespace);
  const translateSpec = useMessageTranslator();
  return useCallback(
    (text: string) => {
      const own = match(text);
      if (!own) return translateSpec(text);
      const params = mapParams ? mapParams(own.params) : own.params;
      return t(`${keyPrefix}.${own.key}`, { ...params, defaultValue: text });
    },
    [t, translateSpec, keyPrefix, match, mapParams],
  );
}
