import { PROFILE_MESSAGES } from '@formloop/contracts';
import { MESSAGES, isBlank, validateDigitsOnly, validateUserName } from '@formloop/domain';

// Client-side twins of the contract's checks (packages/contracts/src/profile.ts): same rules, same
// texts, so a message shows before the round trip and the server's answer never contradicts it.

export function fullnameMessage(value: string): string | undefined {
  if (isBlank(value)) return MESSAGES.required;
  return validateUserName(value) ?? undefined;
}

// The same shape zod's z.email() accepts for ordinary addresses: local@domain.tld, no spaces.
const EMAIL = /^(?!\.)(?!.*\.\.)([\w'+\-.]*)[\w+-]@([\da-z][\da-z-]*\.)+[a-z]{2,}$/i;

export function emailMessage(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return MESSAGES.required;
  return EMAIL.test(trimmed) && trimmed.length <= 254 ? undefined : PROFILE_MESSAGES.invalidEmail;
}

export function requiredMessage(value: string): string | undefined {
  return isBlank(value) ? MESSAGES.required : undefined;
}

/** Spaces are password characters (see validateLogin), so only an empty current password is missing. */
export function currentPasswordMessage(value: string): string | undefined {
  return value === '' ? MESSAGES.required : undefined;
}

/** Authenticator codes are six digits. */
export const TOTP_CODE_LENGTH = 6;

/** Required, digits only ('The field should have digits only'); the length is checked separately. */
export function totpCodeMessage(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.required;
  return validateDigitsOnly(value) ?? undefined;
}
