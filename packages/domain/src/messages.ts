// The exact English texts of the spec's messages (§5 validation, §8 error catalogue, and the few
// screen texts §2 quotes), plus the server-side auth messages we own.
//
// KEYS ARE A CONTRACT. The web app keys its i18n resources off these camelCase keys and the
// server names them in every error as `validation.<key>` (ADR 0012), so:
//   - never rename or reuse a key; add a new one and retire the old one in a separate change;
//   - every static text is unique, so a client rule's text maps to exactly one key;
//   - templated messages keep their English text in MESSAGE_TEMPLATES with {placeholders}, and
//     MESSAGES exposes a function that fills them in.
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REMEMBER_MACHINE_DAYS,
  USER_NAME_MAX_LENGTH,
} from './constants.ts';

/** English templates of the parameterised messages; placeholders are `{name}`-style. */
export const MESSAGE_TEMPLATES = {
  /** Too-long text for any limit, e.g. the 64-character user-name variant. Param: max. */
  cannotExceed: 'Cannot exceed {max} characters',
  /** Create App name equals a reserved system module name. Param: name. */
  reservedName: 'Name: {name} is reserved system name, please use another name',
  /** No valid approver remains for a workflow activity. Param: name. */
  assigneeUnavailable: 'Assignee for {name} is no longer available',
  /** Tooltip on a licence-gated feature. Param: name. */
  botLicence: 'You need to add {name} Bot licence',
  /** Server: sign-in refused during lockout. Param: minutes. */
  accountLocked:
    'Your account is locked after too many failed sign-in attempts. Try again in {minutes} minutes.',
  /** Server / forgot password: no such user. Param: username. */
  userNotFound: 'User {username} was not found.',
} as const;
export type TemplatedMessageKey = keyof typeof MESSAGE_TEMPLATES;
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Fills `{placeholder}`s from params. Unknown placeholders are left as they are so a missing
 * parameter is visible in the UI instead of silently printing "undefined".
 */
export function formatMessage(template: string, params: MessageParams): string {
  // A replacer function (not a string) so '$&' or '$1' inside a user's name is inserted literally.
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** Static (parameterless) messages. */
const STATIC_MESSAGES = {
  // --- Field validation (§5) ---
  /** Generic required field; used for both login fields and the Create App name. */
  required: 'This field is required',
  minimum3: 'Minimum 3 characters',
  maximum50: 'Maximum 50 characters',
  /** Forgot-password username. */
  usernameRequired: 'Username is required',
  /** Tenant domain entry. */
  domainRequired: 'Please input your domain',
  /** Name containing '--'; also the text for a domain that is not a valid DNS label. */
  noDoubleHyphen: 'Cannot contain special characters',
  nameTooLong: `Cannot exceed ${NAME_MAX_LENGTH} characters`,
  userNameTooLong: `Cannot exceed ${USER_NAME_MAX_LENGTH} characters`,
  leadingSpace: 'Cannot start with a space',
  leadingDigit: 'Cannot start with a number',
  digitsOnly: 'The field should have digits only',
  valueLeadingSpace: 'Value cannot start with a space',
  valueSpecialChars: 'Value cannot contain special characters',
  descriptionTooLong: `Value can not exceed ${DESCRIPTION_MAX_LENGTH} characters`,
  searchSpecialChars: 'Search value cannot contain special characters',

  // --- Session (§4, §8) ---
  sessionExpiring: 'Your session is expiring soon',
  sessionExpired: 'Your session has expired',
  refreshFailed: 'Failed to refresh access token',
  loggedOut: 'You have logged out. please log in again',

  // --- Requests and actions (§8) ---
  requestTimeout: 'Request timeout',
  queryFailed: 'Failed to process query.',
  restartFailed: 'Error restarting process',
  deleteFailed: 'Error deleting entry',

  // --- App groups (§8) ---
  groupDeleted: 'Group has been deleted',
  groupDeleteFailed: 'Failed to delete group',
  groupSaved: 'Group has been saved',
  groupSaveFailed: 'Failed to save group',
  groupOrderSaved: 'App group order saved',
  groupOrderFailed: 'Failed to order App Group',

  // --- Pages and shell (§2) ---
  forbidden: 'You do not have permission to access this resource.',
  pageNotFound: 'Page Not Found',
  somethingWentWrong: 'Something went wrong.',
  offline: 'Your internet connection is offline.',
  rememberMachine: `Remember Machine for ${REMEMBER_MACHINE_DAYS} Days`,
  verifying: 'Verifying...',
  searchPlaceholder: 'Type here to Search',
  iconsNotFound: 'NOT FOUND',
  iconsLoading: 'LOADING',
  iconsLoadFailed: 'ICONS NOT LOAD',

  // --- Server-side auth messages we own ---
  invalidLogin: 'Invalid username or password.',
  invalidTwoFactorCode: 'Invalid authenticator code.',
  /** 403 on tenant info: shown on /403. */
  licenceExpired: 'Your licence has expired. Please contact accounts to renew it.',
  tenantNotFound: 'This domain does not exist.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  loginPayloadUnreadable: 'The sign-in request could not be read. Reload the page and try again.',
  accountDisabled: 'Your account is disabled. Please contact your administrator.',
  twoFactorSessionExpired: 'Your sign-in has expired. Please enter your username and password again.',
  invalidRecoveryCode: 'Invalid recovery code.',
  signedIn: 'Signed in.',
  passwordChanged: 'Your password has been changed. Please sign in with the new password.',
  resetMailSent: 'A password reset link has been sent to your e-mail address.',
  resetMailFailed: 'The password reset e-mail could not be sent. Please try again later.',
  authenticatorEnabled: 'Your authenticator app has been enabled.',
  authenticatorDisabled: 'Your authenticator app has been disabled.',
  authenticatorAlreadyEnabled: 'An authenticator app is already enabled for your account.',
  authenticatorNotStarted: 'Start by scanning the QR code, then enter the code your app shows.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  invalidJson: 'The request body is not valid JSON.',
  /** Forgot password: the same answer whether or not the name has an account (no enumeration). */
  resetMailMaybeSent:
    'If this username has an account, a password reset link has been sent to its e-mail address.',
  // --- Requests Node or Fastify refuse before any route runs ---
  headersTooLarge: 'The request headers are too large.',
  requestUnreadable: 'The request could not be read.',
  addressTooLong: 'A part of the request address is too long.',
  addressUnreadable: 'The request address is not valid.',

  // --- Single sign-on (SAML and a third-party OpenID Connect provider): shown on the login page ---
  ssoNotConfigured: 'This sign-in method is not set up for your organization.',
  ssoUnknownUser: 'No account here matches the one you signed in with. Please contact your administrator.',
  ssoBadSignature: 'The sign-in response was not signed by your identity provider and was refused.',
  ssoExpired: 'The sign-in response has expired. Please sign in again.',
  ssoReplayed: 'This sign-in response has already been used. Please sign in again.',
  ssoUnreachable: 'The sign-in provider could not be reached. Please try again later.',
  ssoFailed: 'Signing in with your provider did not succeed. Please try again.',
  ssoNoSeat: 'No licence is free for a new account. Please contact your administrator.',
} as const;
export type StaticMessageKey = keyof typeof STATIC_MESSAGES;

/**
 * Every message by key. Static messages are strings; templated ones are functions of their
 * parameters, returning the filled-in English text.
 */
export const MESSAGES = {
  ...STATIC_MESSAGES,
  cannotExceed: (max: number): string => formatMessage(MESSAGE_TEMPLATES.cannotExceed, { max }),
  reservedName: (name: string): string => formatMessage(MESSAGE_TEMPLATES.reservedName, { name }),
  assigneeUnavailable: (name: string): string =>
    formatMessage(MESSAGE_TEMPLATES.assigneeUnavailable, { name }),
  botLicence: (name: string): string => formatMessage(MESSAGE_TEMPLATES.botLicence, { name }),
  accountLocked: (minutes: number): string => formatMessage(MESSAGE_TEMPLATES.accountLocked, { minutes }),
  userNotFound: (username: string): string => formatMessage(MESSAGE_TEMPLATES.userNotFound, { username }),
} as const satisfies Record<StaticMessageKey, string> & Record<TemplatedMessageKey, (arg: never) => string>;
export type MessageKey = keyof typeof MESSAGES;

/**
 * Key → English text for every message, templates with their {placeholders}: the seed of the web
 * app's English i18n resources (which use {{placeholder}}; convert when generating).
 */
export const MESSAGE_CATALOGUE = {
  ...STATIC_MESSAGES,
  ...MESSAGE_TEMPLATES,
} as const satisfies Readonly<Record<MessageKey, string>>;
