// What "special characters" means. The spec quotes the messages but not the patterns (§5), so the
// allowed set is ours and is defined once here for the web form rules, the server schemas and tests.
//
// Allowed in values, descriptions and sidebar search:
//   \p{L}   letters of any script (Latin with accents, Cyrillic, Greek, kana, CJK ideographs...),
//   \p{M}   combining marks, because many scripts cannot be written without them (Devanagari and
//           Thai vowel signs, and accents typed as e + U+0301 decompose into letter + mark),
//   \p{Nd}  decimal digits of any script,
//   ' '     the space character (tabs and line breaks are not "spaces"),
//   . , _ - @ ' & ( ) /   the punctuation people use in names of things: "R&D (EU)", "O'Brien",
//           "a.b@c.com", "2024/25", "cost-centre_1".
// Everything else — < > " ; : = % $ # * + ? ! { } [ ] \ | ^ ~ ` and symbols/emoji — is special.
// Patterns carry no /g flag, so .test() has no lastIndex state to leak between calls.

// The hyphen is escaped so that appending to the set can never turn it into a range.
const ALLOWED = String.raw`\p{L}\p{M}\p{Nd} .,_@'&()/\-`;

/** Matches the first special (disallowed) character of a value. */
export const VALUE_SPECIAL_CHARACTER = new RegExp(`[^${ALLOWED}]`, 'u');

/** Sidebar search uses the same allowed set as values. */
export const SEARCH_SPECIAL_CHARACTER = VALUE_SPECIAL_CHARACTER;

/**
 * Descriptions are typed in a multi-line text area, so line breaks are allowed there in addition
 * to the value set.
 */
export const DESCRIPTION_SPECIAL_CHARACTER = new RegExp(`[^${ALLOWED}${String.raw`\r\n`}]`, 'u');

/** Digits-only fields accept ASCII 0-9 only: the value is parsed as a number downstream. */
export const DIGITS_ONLY = /^[0-9]+$/;

/** A tenant domain is one lower-case DNS label: 1–63 of a-z 0-9 '-', not starting or ending with '-'. */
export const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Any whitespace at the start ("Cannot start with a space" covers tabs and no-break spaces too). */
export const LEADING_WHITESPACE = /^\s/u;

/** A digit of any script at the start (a full-width '１' is as much a number as '1'). */
export const LEADING_DIGIT = /^\p{Nd}/u;
