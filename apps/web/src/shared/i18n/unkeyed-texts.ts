import { MESSAGE_CATALOGUES } from '@formloop/contracts';
import { createTextIndex } from './text-index.ts';

/**
 * The key and params of a text that came without a key, over every catalogue; undefined for a text
 * no catalogue holds. Its own module: it loads every area's catalogue, which the sign-in pages do
 * without (translate-message loads it for signed-in pages).
 */
export const keyOfUnkeyedText = createTextIndex(MESSAGE_CATALOGUES);
