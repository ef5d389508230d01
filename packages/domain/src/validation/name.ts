// Name rules (spec §5) for app names, group names and similar, plus the 64-character user-name
// variant and the Create App name check. "Required" is a separate rule: these return null for ''
// so a form shows 'This field is required' from its own required rule, not a name-rule message.
import { NAME_MAX_LENGTH, USER_NAME_MAX_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { LEADING_DIGIT, LEADING_WHITESPACE } from './patterns.ts';
import { codePointLength, isBlank } from './text.ts';

export interface NameRuleOptions {
  /** Longest allowed name in code points; 40 unless stated. */
  maxLength?: number;
}

/**
 * Checks a name against the spec's rules in a fixed order — leading space, leading digit, double
 * hyphen, length — and returns the first broken rule's message, or null when the name is fine.
 * The too-long message names the actual limit ('Cannot exceed 64 characters' for user names).
 */
export function validateName(
  value: string,
  { maxLength = NAME_MAX_LENGTH }: NameRuleOptions = {},
): string | null {
  if (value === '') return null;
  if (LEADING_WHITESPACE.test(value)) return MESSAGES.leadingSpace;
  if (LEADING_DIGIT.test(value)) return MESSAGES.leadingDigit;
  if (value.includes('--')) return MESSAGES.noDoubleHyphen;
  if (codePointLength(value) > maxLength) return MESSAGES.cannotExceed(maxLength);
  return null;
}

/** The user-name variant: the same rules with a 64-character limit. */
export function validateUserName(value: string): string | null {
  return validateName(value, { maxLength: USER_NAME_MAX_LENGTH });
}

/**
 * Whether `name` equals one of the server's reserved system module names. Compared trimmed and
 * case-insensitively: a module called 'users' next to a system module 'Users' is as confusing to
 * people and as clashing in lookups as an exact copy.
 */
export function isReservedName(name: string, reservedNames: Iterable<string>): boolean {
  const wanted = name.trim().toLocaleLowerCase('en');
  for (const reserved of reservedNames) {
    if (reserved.trim().toLocaleLowerCase('en') === wanted) return true;
  }
  return false;
}

/**
 * The Create App name: required, then the name rules, then not a reserved system name. The
 * reserved names come from the server (ReservedModuleNames); when fetching them failed the caller
 * passes [] and the server's own check is the backstop.
 */
export function validateAppName(value: string, reservedNames: Iterable<string> = []): string | null {
  if (isBlank(value)) return MESSAGES.required;
  const ruleMessage = validateName(value);
  if (ruleMessage !== null) return ruleMessage;
  if (isReservedName(value, reservedNames)) return MESSAGES.reservedName(value);
  return null;
}
