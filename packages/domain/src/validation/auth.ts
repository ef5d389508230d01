// Sign-in form checks (spec §5): login, forgot password and tenant domain entry.
import {
  DOMAIN_LABEL_MAX_LENGTH,
  FORGOT_USERNAME_MAX_LENGTH,
  FORGOT_USERNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { DNS_LABEL } from './patterns.ts';
import { codePointLength, isBlank } from './text.ts';

export interface LoginInput {
  username: string;
  password: string;
}

/** Messages by field; a field is absent when it is valid, so `{}` means the form may be sent. */
export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * Login: username required; password required, 3 to 50 characters. A whitespace-only username is
 * missing (usernames are trimmed before sending), but a password is taken exactly as typed: spaces
 * are legitimate password characters, so '   ' is a (weak) 3-character password, not an empty one.
 */
export function validateLogin({ username, password }: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  if (isBlank(username)) errors.username = MESSAGES.required;
  if (password === '') errors.password = MESSAGES.required;
  else if (codePointLength(password) < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.minimum3;
  else if (codePointLength(password) > PASSWORD_MAX_LENGTH) errors.password = MESSAGES.maximum50;
  return errors;
}

/** Forgot password: 'Username is required', then 3 to 50 characters, measured on the trimmed name. */
export function validateForgotPassword(username: string): string | null {
  const trimmed = username.trim();
  if (trimmed === '') return MESSAGES.usernameRequired;
  const length = codePointLength(trimmed);
  if (length < FORGOT_USERNAME_MIN_LENGTH) return MESSAGES.minimum3;
  if (length > FORGOT_USERNAME_MAX_LENGTH) return MESSAGES.maximum50;
  return null;
}

/**
 * The tenant label as it will be used in the redirect host: trimmed and lower-cased, because DNS
 * names are case-insensitive and people type 'Acme'. Validate and redirect with the same value.
 */
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase();
}

/**
 * Tenant domain entry: 'Please input your domain' when empty; then it must be a single DNS label
 * (a-z 0-9 '-', not starting or ending with '-'), else 'Cannot contain special characters'. A label
 * longer than 63 gets 'Cannot exceed 63 characters' instead: its characters may all be fine, and
 * telling someone they used special characters when they did not sends them looking for a typo.
 */
export function validateDomain(domain: string): string | null {
  const label = normaliseDomain(domain);
  if (label === '') return MESSAGES.domainRequired;
  if (DNS_LABEL.test(label)) return null;
  if (label.length > DOMAIN_LABEL_MAX_LENGTH && /^[a-z0-9-]+$/.test(label) && !/^-|-$/.test(label)) {
    return MESSAGES.cannotExceed(DOMAIN_LABEL_MAX_LENGTH);
  }
  return MESSAGES.noDoubleHyphen;
}
