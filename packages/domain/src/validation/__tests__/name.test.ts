import { describe, expect, it } from 'vitest';
import { isReservedName, validateAppName, validateName, validateUserName } from '../name.ts';

describe('validateName', () => {
  it('accepts ordinary names, single hyphens and inner digits', () => {
    expect(validateName('Expense claims')).toBeNull();
    expect(validateName('cost-centre-2024')).toBeNull();
    expect(validateName('A1')).toBeNull();
    expect(validateName('Ärger')).toBeNull();
  });

  it('leaves the empty name to the required rule', () => {
    expect(validateName('')).toBeNull();
  });

  it("rejects a leading space, tab or no-break space with 'Cannot start with a space'", () => {
    expect(validateName(' name')).toBe('Cannot start with a space');
    expect(validateName('\tname')).toBe('Cannot start with a space');
    expect(validateName('\u00a0name')).toBe('Cannot start with a space');
    expect(validateName(' ')).toBe('Cannot start with a space');
  });

  it('allows inner and trailing spaces', () => {
    expect(validateName('my name ')).toBeNull();
  });

  it("rejects a leading digit of any script with 'Cannot start with a number'", () => {
    expect(validateName('1st app')).toBe('Cannot start with a number');
    expect(validateName('0')).toBe('Cannot start with a number');
    expect(validateName('１st')).toBe('Cannot start with a number');
    expect(validateName('٣apps')).toBe('Cannot start with a number');
  });

  it("rejects a double hyphen anywhere with 'Cannot contain special characters'", () => {
    expect(validateName('a--b')).toBe('Cannot contain special characters');
    expect(validateName('ab--')).toBe('Cannot contain special characters');
    expect(validateName('--ab')).toBe('Cannot contain special characters');
    expect(validateName('a---b')).toBe('Cannot contain special characters');
    expect(validateName('a-b-c')).toBeNull();
    // An en dash is not two hyphens.
    expect(validateName('a–b')).toBeNull();
  });

  it('allows exactly 40 characters and rejects 41', () => {
    expect(validateName('a'.repeat(40))).toBeNull();
    expect(validateName('a'.repeat(41))).toBe('Cannot exceed 40 characters');
  });

  it('counts code points, not UTF-16 units, for the length', () => {
    // 40 emoji are 80 UTF-16 units but 40 characters.
    expect(validateName('😀'.repeat(40))).toBeNull();
    expect(validateName('😀'.repeat(41))).toBe('Cannot exceed 40 characters');
    expect(validateName('𠀀'.repeat(40))).toBeNull();
  });

  it('checks in the spec order: leading space, leading digit, double hyphen, length', () => {
    expect(validateName(` 1--${'a'.repeat(50)}`)).toBe('Cannot start with a space');
    expect(validateName(`1--${'a'.repeat(50)}`)).toBe('Cannot start with a number');
    expect(validateName(`a--${'a'.repeat(50)}`)).toBe('Cannot contain special characters');
  });

  it('names the limit it was given in the too-long message', () => {
    expect(validateName('abcdef', { maxLength: 5 })).toBe('Cannot exceed 5 characters');
    expect(validateName('abcde', { maxLength: 5 })).toBeNull();
    expect(validateName('a'.repeat(41), {})).toBe('Cannot exceed 40 characters');
  });
});

describe('validateUserName', () => {
  it('allows 64 characters and names 64 in the message', () => {
    expect(validateUserName('a'.repeat(41))).toBeNull();
    expect(validateUserName('a'.repeat(64))).toBeNull();
    expect(validateUserName('a'.repeat(65))).toBe('Cannot exceed 64 characters');
  });

  it('applies the other name rules', () => {
    expect(validateUserName(' ada')).toBe('Cannot start with a space');
    expect(validateUserName('9ada')).toBe('Cannot start with a number');
    expect(validateUserName('ada--lovelace')).toBe('Cannot contain special characters');
  });
});

describe('isReservedName', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(isReservedName('users', ['Users'])).toBe(true);
    expect(isReservedName('Users ', [' USERS'])).toBe(true);
    expect(isReservedName('User', ['Users'])).toBe(false);
    expect(isReservedName('Users', [])).toBe(false);
  });

  it('accepts any iterable of names', () => {
    expect(isReservedName('teams', new Set(['Teams']))).toBe(true);
  });
});

describe('validateAppName', () => {
  it("requires a name: 'This field is required' for empty and blank names", () => {
    expect(validateAppName('')).toBe('This field is required');
    expect(validateAppName('   ')).toBe('This field is required');
  });

  it('applies the name rules before the reserved check', () => {
    expect(validateAppName(' Users', ['Users'])).toBe('Cannot start with a space');
    expect(validateAppName('a'.repeat(41), ['a'.repeat(41)])).toBe('Cannot exceed 40 characters');
  });

  it('rejects a reserved name with the name as typed', () => {
    expect(validateAppName('users', ['Users', 'Teams'])).toBe(
      'Name: users is reserved system name, please use another name',
    );
  });

  it('accepts a free name, also when no reserved names could be fetched', () => {
    expect(validateAppName('Expense claims', ['Users'])).toBeNull();
    expect(validateAppName('Users')).toBeNull();
  });
});
