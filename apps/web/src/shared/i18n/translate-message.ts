import { MESSAGE_CATALOGUE, type MessageKey } from '@formloop/domain';
import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translationOf } from './message-locations.ts';
import { createTextIndex, type FoundText } from './text-index.ts';

/**
 * Messages are translated by key (ADR 0012). A server error carries its key and params (ApiError,
 * a 400's field errors). Only a text that comes without a key (a client rule's message, a success
 * answer's text) is read back to its key (keyOfUnkeyedText). The English text is the last resort:
 * for a key without a translation, or a text no catalogue holds.
 */
export const MESSAGE_NAMESPACE = 'validation';

/** A message: an English text, or an error naming its key and params (its `message` the English). */
export type Translatable =
  | string
  | {
      readonly message: string;
      readonly key?: string | undefined;
      readonly params?: Readonly<Record<string, string | number>> | undefined;
    };

type Params = Record<string, string | number>;

/** Keyless texts of the spec's own catalogue (client rules): in the main bundle, always there. */
const keyOfValidationText = createTextIndex({ validation: MESSAGE_CATALOGUE });
/** Every catalogue's texts (success answers of every area), once loadUnkeyedTexts has run. */
let keyOfAnyText: ((text: string) => FoundText | undefined) | null = null;

/**
 * Loads every area's catalogue for keyless texts beyond the spec's (success answers). The signed-in
 * shell starts it; the sign-in pages never need it. Until it has loaded such a text shows in English.
 */
export async function loadUnkeyedTexts(): Promise<void> {
  if (keyOfAnyText) return;
  keyOfAnyText = (await import('./unkeyed-texts.ts')).keyOfUnkeyedText;
}

/** The reader's words for a message; `mapParams` may put parameters into the reader's language too. */
export function translateMessage(
  t: TFunction,
  input: Translatable,
  mapParams?: (params: Params) => Params,
): string {
  const named = refOf(input);
  const where = named ? translationOf(named.key) : null;
  if (!named || !where) return typeof input === 'string' ? input : input.message;
  const params = mapParams ? mapParams({ ...named.params }) : { ...named.params };
  return t(`${where.namespace}:${where.path}`, { ...params, defaultValue: named.message });
}

/** The key, params and English of a message: an error's own, or those of a text without a key. */
function refOf(input: Translatable): { key: string; params: Params; message: string } | undefined {
  if (typeof input !== 'string' && input.key) {
    return { key: input.key, params: { ...(input.params ?? {}) }, message: input.message };
  }
  const message = typeof input === 'string' ? input : input.message;
  const found = keyOfAnyText?.(message) ?? keyOfValidationText(message);
  return found ? { ...found, message } : undefined;
}

/** Translates a message by key, for texts the web app shows on its own account. */
export function translateMessageKey(
  t: TFunction,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return t(`${MESSAGE_NAMESPACE}:${key}`, { ...params, defaultValue: MESSAGE_CATALOGUE[key] });
}

/**
 * Hook form of translateMessage. Loads the validation and errors namespaces and those named
 * (suspends until they are there); a key of another area (an item editor showing the records'
 * 'This app does not exist.') is shown in English while its namespace loads, which this starts,
 * and in the reader's language once it has: the component renders again then.
 */
export function useMessageTranslator(
  namespaces: readonly string[] = [],
  mapParams?: (params: Params) => Params,
): (input: Translatable) => string {
  const { t, i18n } = useTranslation([MESSAGE_NAMESPACE, 'errors', ...namespaces]);
  const [loads, setLoads] = useState(0);
  // Asked once per namespace: a namespace that cannot load must not start a render loop.
  const asked = useRef(new Set<string>());
  return useCallback(
    (input: Translatable) => {
      const named = refOf(input);
      const where = named ? translationOf(named.key) : null;
      if (where && !i18n.hasLoadedNamespace(where.namespace) && !asked.current.has(where.namespace)) {
        asked.current.add(where.namespace);
        void i18n.loadNamespaces(where.namespace).then(() => setLoads((count) => count + 1));
      }
      return translateMessage(t, input, mapParams);
    },
    // `loads` is read by no one: a new translator after a load makes memoised texts ask again.
    [t, i18n, mapParams, loads],
  );
}

/**
 * A feature's messages in the reader's language: loads the feature's namespace with the shared
 * ones and translates by key (see translateMessage); `mapParams` may reword parameters (e.g. a
 * licence's name).
 */
export function useAreaMessageTranslator(
  namespace: string,
  mapParams?: (params: Params) => Params,
): (input: Translatable) => string {
  return useMessageTranslator([namespace], mapParams);
}
