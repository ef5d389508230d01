import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, isUniqueViolation } from '../sql-helpers.ts';

describe('sql helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(containsPattern('a%b')).toBe('%a\\%b%');
    expect(containsPattern('')).toBe('%%');
  });

  it('finds a unique violation in the error or a wrapped cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
