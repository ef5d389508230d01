import { MESSAGES, isBlank, validateDescription, validateName } from '@formloop/domain';

// Client twins of the contract's checks (packages/contracts/src/reference-data.ts): the same rules and
// texts, so a message shows before the round trip and never contradicts the server's.

/** key_name: 'This field is required', then the spec §5 name rules (40 characters). */
export function keyNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateName(value) ?? undefined;
}

/** Description: optional; no leading space, no special characters, at most 250 characters. */
export const descriptionMessage = (value: string): string | undefined =>
  validateDescription(value) ?? undefined;

/** A category name follows the name rules too. */
export const categoryNameMessage = (value: string): string | undefined =>
  isBlank(value) ? MESSAGES.required : (validateName(value.trim()) ?? undefined);
