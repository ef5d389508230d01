import { RECORD_VALUE_MESSAGES, formatMessage } from '@formloop/domain';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const FORM_RENDERER_NAMESPACE = 'formRenderer';

/**
 * Value-check texts the spec does not quote (its own, such as 'This field is required', come from
 * MESSAGES). validateValues returns these English texts so the item editor and the server speak the
 * same words; the renderer shows them translated through formRenderer:messages.<key>.
 */
export const RENDERER_MESSAGES = {
  // The value checks shared with the server (packages/domain records/value-shapes.ts).
  ...RECORD_VALUE_MESSAGES,
  fileTooLarge: 'The file {name} is larger than {max} MB',
  fileType: 'The file {name} is not of an accepted type ({accept})',
} as const;
export type RendererMessageKey = keyof typeof RENDERER_MESSAGES;

export const rendererMessage = {
  range: (min: number, max: number) => formatMessage(RENDERER_MESSAGES.range, { min, max }),
  fileTooLarge: (name: string, max: number) => formatMessage(RENDERER_MESSAGES.fileTooLarge, { name, max }),
  fileType: (name: string, accept: string) => formatMessage(RENDERER_MESSAGES.fileType, { name, accept }),
};

/** A value-check message in the reader's language (ours via formRenderer, the spec's via validation). */
export function useRendererMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(FORM_RENDERER_NAMESPACE);
}
