import { USERS_MESSAGES } from '@formloop/contracts';
import {
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  codePointLength,
  isBlank,
  validateSearch,
  validateUserName,
} from '@formloop/domain';

// Client twins of the contract's checks (packages/contracts/src/users.ts): the same rules and texts,
// so a message shows before the round trip and never contradicts the server's.

/** User name and full name: 'This field is required', then the spec §5 user-name rules (64 characters). */
export function userNameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateUserName(value) ?? undefined;
}

// Deliberately loose (one @, something either side, a dot in the domain): the server's check decides.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailMessage(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return MESSAGES.required;
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) return USERS_MESSAGES.invalidEmail;
  return undefined;
}

/** Optional when inviting: empty means "send an invitation"; otherwise 3 to 50 characters. */
export function optionalPasswordMessage(value: string): string | undefined {
  if (value === '') return undefined;
  if (codePointLength(value) < PASSWORD_MIN_LENGTH) return MESSAGES.minimum3;
  if (codePointLength(value) > PASSWORD_MAX_LENGTH) return MESSAGES.maximum50;
  return undefined;
}

/** The list search: the sidebar-search character rule (spec §5). */
export const searchMessage = (value: string): string | undefined => validateSearch(value) ?? undefined;
