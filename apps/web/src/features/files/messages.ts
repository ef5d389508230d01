import { FILES_MESSAGES } from '@formloop/contracts';
import { createMessageMatcher } from '@formloop/domain';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const FILES_NAMESPACE = 'files';

const matchFiles = createMessageMatcher(FILES_MESSAGES);

/** A file-storage message from the server in the reader's language (files:errors.<key>). */
export function useFilesMessage(): (text: string) => string {
  return useAreaMessageTranslator(FILES_NAMESPACE, 'errors', matchFiles);
}
