import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const FILES_NAMESPACE = 'files';

/** A file-storage message from the server in the reader's language (files:errors.<key>). */
export function useFilesMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(FILES_NAMESPACE);
}
