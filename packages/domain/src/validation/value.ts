// Value, digits-only, description and sidebar-search checks (spec §5). Each returns the message of
// the first broken rule, or null. Empty input passes: "required" is a separate rule.
import { DESCRIPTION_MAX_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isIsoDateOrTime, isJsonContainer } from './iso-date-time.ts';
import {
  DESCRIPTION_SPECIAL_CHARACTER,
  DIGITS_ONLY,
  LEADING_WHITESPACE,
  SEARCH_SPECIAL_CHARACTER,
  VALUE_SPECIAL_CHARACTER,
} from './patterns.ts';
import { codePointLength } from './text.ts';

/** 'The field should have digits only' unless the value is empty or only ASCII digits. */
export function validateDigitsOnly(value: string): string | null {
  if (value === '' || DIGITS_ONLY.test(value)) return null;
  return MESSAGES.digitsOnly;
}

/** True when a value is exempt from the value check: a JSON object/array or an ISO date or time. */
export function isExemptValue(value: string): boolean {
  return isJsonContainer(value) || isIsoDateOrTime(value);
}

/**
 * The value check: no leading space, no special characters. JSON objects/arrays and valid ISO
 * dates, times and date-times are exempt, since their syntax needs ':' '{' '"' and the like.
 */
export function validateValue(value: string): string | null {
  if (value === '' || isExemptValue(value)) return null;
  if (LEADING_WHITESPACE.test(value)) return MESSAGES.valueLeadingSpace;
  if (VALUE_SPECIAL_CHARACTER.test(value)) return MESSAGES.valueSpecialChars;
  return null;
}

/**
 * The Create App description: no leading space, valid characters only (line breaks allowed, it is
 * a text area), at most 250 characters. The JSON/date exemption does not apply: a description is
 * prose, never structured data.
 */
export function validateDescription(value: string): string | null {
  if (value === '') return null;
  if (LEADING_WHITESPACE.test(value)) return MESSAGES.valueLeadingSpace;
  if (DESCRIPTION_SPECIAL_CHARACTER.test(value)) return MESSAGES.valueSpecialChars;
  if (codePointLength(value) > DESCRIPTION_MAX_LENGTH) return MESSAGES.descriptionTooLong;
  return null;
}

/** Sidebar search: 'Search value cannot contain special characters'. Spaces anywhere are fine. */
export function validateSearch(value: string): string | null {
  return SEARCH_SPECIAL_CHARACTER.test(value) ? MESSAGES.searchSpecialChars : null;
}
