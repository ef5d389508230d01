// Text helpers shared by the validators.

/**
 * Length in Unicode code points. Limits are counted this way because PostgreSQL's varchar(n)
 * counts characters, not UTF-16 code units: an emoji or a rare CJK ideograph is one character to
 * the database but two to String.prototype.length, and the two sides must agree on what fits.
 */
export function codePointLength(value: string): number {
  let length = 0;
  // Iterating a string yields code points (a lone surrogate counts as one).
  for (const _ of value) length += 1;
  return length;
}

/** True for '' and whitespace-only strings: what a "required" rule treats as missing. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}
