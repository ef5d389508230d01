import { CATEGORY_ICON_MAX_LENGTH } from '@formloop/contracts';
import { MESSAGES, codePointLength, isBlank, validateName } from '@formloop/domain';

// Client twins of the contract's checks (packages/contracts/src/module-categories.ts): the same
// rules and texts, so a message shows before the round trip and never contradicts the server's.

/** Group name: 'This field is required', then the spec §5 name rules (40 characters). */
export function categoryNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateName(value) ?? undefined;
}

export function categoryIconMessage(value: string): string | undefined {
  return codePointLength(value.trim()) > CATEGORY_ICON_MAX_LENGTH
    ? MESSAGES.cannotExceed(CATEGORY_ICON_MAX_LENGTH)
    : undefined;
}
