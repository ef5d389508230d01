// How a notification is worded in the reader's language (the header's list, the push notice).
export { factsOf, useNotificationWords } from './wording.ts';
