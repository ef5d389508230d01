import { MESSAGES, isBlank, validateDescription, validateName } from '@formloop/domain';

// Client twins of the contract's checks (packages/contracts/src/teams.ts): the same rules and
// texts, so a message shows before the round trip and never contradicts the server's.

/** Team name: 'This field is required', then the spec §5 name rules (40 characters). */
export function teamNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateName(value) ?? undefined;
}

/** Description: optional; no leading space, valid characters only, at most 250 characters. */
export function teamDescriptionMessage(value: string): string | undefined {
  return validateDescription(value) ?? undefined;
}
