import { menuActionUrlMessage } from '@formloop/contracts';
import { DESCRIPTION_MAX_LENGTH, MESSAGES, codePointLength, isBlank, validateName } from '@formloop/domain';

// Client twins of the contract's checks (packages/contracts/src/menus.ts): the same rules and texts,
// so a message shows before the round trip and never contradicts the server's.

/** Menu name: 'This field is required', then the spec §5 name rules (40 characters). */
export function menuNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateName(value) ?? undefined;
}

/** A link's address (the field shows only for links): required, an app path or an http(s) URL. */
export function actionUrlMessage(value: string): string | undefined {
  return menuActionUrlMessage(value.trim(), false) ?? undefined;
}

export function descriptionMessage(value: string): string | undefined {
  return codePointLength(value.trim()) > DESCRIPTION_MAX_LENGTH ? MESSAGES.descriptionTooLong : undefined;
}
