import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE, MESSAGE_TEMPLATES, MESSAGES, formatMessage } from '../messages.ts';

describe('MESSAGES static texts', () => {
  it('has the exact validation texts of spec §5', () => {
    expect(MESSAGES.required).toBe('This field is required');
    expect(MESSAGES.minimum3).toBe('Minimum 3 characters');
    expect(MESSAGES.maximum50).toBe('Maximum 50 characters');
    expect(MESSAGES.usernameRequired).toBe('Username is required');
    expect(MESSAGES.domainRequired).toBe('Please input your domain');
    expect(MESSAGES.noDoubleHyphen).toBe('Cannot contain special characters');
    expect(MESSAGES.nameTooLong).toBe('Cannot exceed 40 characters');
    expect(MESSAGES.userNameTooLong).toBe('Cannot exceed 64 characters');
    expect(MESSAGES.leadingSpace).toBe('Cannot start with a space');
    expect(MESSAGES.leadingDigit).toBe('Cannot start with a number');
    expect(MESSAGES.digitsOnly).toBe('The field should have digits only');
    expect(MESSAGES.valueLeadingSpace).toBe('Value cannot start with a space');
    expect(MESSAGES.valueSpecialChars).toBe('Value cannot contain special characters');
    expect(MESSAGES.descriptionTooLong).toBe('Value can not exceed 250 characters');
    expect(MESSAGES.searchSpecialChars).toBe('Search value cannot contain special characters');
  });

  it('has the exact session and error texts of spec §4 and §8', () => {
    expect(MESSAGES.sessionExpiring).toBe('Your session is expiring soon');
    expect(MESSAGES.sessionExpired).toBe('Your session has expired');
    expect(MESSAGES.refreshFailed).toBe('Failed to refresh access token');
    expect(MESSAGES.loggedOut).toBe('You have logged out. please log in again');
    expect(MESSAGES.requestTimeout).toBe('Request timeout');
    expect(MESSAGES.queryFailed).toBe('Failed to process query.');
    expect(MESSAGES.restartFailed).toBe('Error restarting process');
    expect(MESSAGES.deleteFailed).toBe('Error deleting entry');
    expect(MESSAGES.groupDeleted).toBe('Group has been deleted');
    expect(MESSAGES.groupDeleteFailed).toBe('Failed to delete group');
    expect(MESSAGES.groupSaved).toBe('Group has been saved');
    expect(MESSAGES.groupSaveFailed).toBe('Failed to save group');
    expect(MESSAGES.groupOrderSaved).toBe('App group order saved');
    expect(MESSAGES.groupOrderFailed).toBe('Failed to order App Group');
  });

  it('has the exact page and shell texts of spec §2', () => {
    expect(MESSAGES.forbidden).toBe('You do not have permission to access this resource.');
    expect(MESSAGES.pageNotFound).toBe('Page Not Found');
    expect(MESSAGES.somethingWentWrong).toBe('Something went wrong.');
    expect(MESSAGES.offline).toBe('Your internet connection is offline.');
    expect(MESSAGES.rememberMachine).toBe('Remember Machine for 25 Days');
    expect(MESSAGES.verifying).toBe('Verifying...');
    expect(MESSAGES.searchPlaceholder).toBe('Type here to Search');
    expect([MESSAGES.iconsNotFound, MESSAGES.iconsLoading, MESSAGES.iconsLoadFailed]).toEqual([
      'NOT FOUND',
      'LOADING',
      'ICONS NOT LOAD',
    ]);
  });

  it('has the server-side auth texts', () => {
    expect(MESSAGES.invalidLogin).toBe('Invalid username or password.');
    expect(MESSAGES.invalidTwoFactorCode).toBe('Invalid authenticator code.');
    expect(MESSAGES.licenceExpired).toBe('Your licence has expired. Please contact accounts to renew it.');
    expect(MESSAGES.tenantNotFound).toBe('This domain does not exist.');
    expect(MESSAGES.resetTokenInvalid).toBe('This password reset link is invalid or has expired.');
  });

  it('never uses one text for two static keys, so texts map back to one key', () => {
    const texts = Object.values(MESSAGES as Record<string, unknown>).filter(
      (value): value is string => typeof value === 'string',
    );
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('uses camelCase keys only', () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });
});

describe('templated MESSAGES', () => {
  it('fill in their parameters exactly', () => {
    expect(MESSAGES.reservedName('Users')).toBe(
      'Name: Users is reserved system name, please use another name',
    );
    expect(MESSAGES.assigneeUnavailable('Manager approval')).toBe(
      'Assignee for Manager approval is no longer available',
    );
    expect(MESSAGES.botLicence('OCR')).toBe('You need to add OCR Bot licence');
    expect(MESSAGES.accountLocked(15)).toBe(
      'Your account is locked after too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect(MESSAGES.userNotFound('ada')).toBe('User ada was not found.');
    expect(MESSAGES.cannotExceed(64)).toBe('Cannot exceed 64 characters');
  });

  it('agrees with the static too-long texts', () => {
    expect(MESSAGES.cannotExceed(40)).toBe(MESSAGES.nameTooLong);
    expect(MESSAGES.cannotExceed(64)).toBe(MESSAGES.userNameTooLong);
  });

  it('insert replacement-pattern characters literally', () => {
    expect(MESSAGES.reservedName("$&$1$'")).toBe(
      "Name: $&$1$' is reserved system name, please use another name",
    );
    expect(MESSAGES.userNotFound('{username}')).toBe('User {username} was not found.');
  });
});

describe('formatMessage', () => {
  it('replaces every occurrence and leaves unknown placeholders visible', () => {
    expect(formatMessage('{a} and {a} but {b}', { a: 1 })).toBe('1 and 1 but {b}');
  });

  it('does not read inherited properties as parameters', () => {
    expect(formatMessage('{toString}', {})).toBe('{toString}');
  });
});

describe('MESSAGE_CATALOGUE', () => {
  it('has one entry per message key, templates with placeholders', () => {
    expect(Object.keys(MESSAGE_CATALOGUE).sort()).toEqual(Object.keys(MESSAGES).sort());
    expect(MESSAGE_CATALOGUE.reservedName).toBe(MESSAGE_TEMPLATES.reservedName);
    expect(MESSAGE_CATALOGUE.required).toBe('This field is required');
    for (const text of Object.values(MESSAGE_CATALOGUE)) expect(typeof text).toBe('string');
  });
});
