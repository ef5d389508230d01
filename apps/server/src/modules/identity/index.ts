// The public surface of modules/identity: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Sign-in, sessions, second factor, password reset; credentials and the user-account rows.

import {
  expireOpenResetTokens,
  findUserById,
  findUserByUsername,
  insertResetToken,
  lockUser,
  restampSession,
  updateUser,
} from './identity.repository.ts';
export { accountMail, mailLanguage } from './account-mails.ts';
export type { AccountMailKind, AccountMailParams } from './account-mails.ts';
export { registerIdentityModule } from './identity.module.ts';
export { hashPassword, newSecret, newSecurityStamp, sha256, verifyPassword } from './credentials.ts';
export {
  clearCookie,
  COOKIE,
  readCookie,
  setPending2faCookie,
  setSessionCookie,
} from './identity-cookies.ts';
export type { IdentityDeps } from './identity.context.ts';
export type { UserRow } from './identity.repository.ts';
export { createSessionOpening } from './session-opening.ts';
export type { SignInOutcome } from './session-opening.ts';
export { generateTotp, newTotpSecret } from './totp.ts';

/** The account rows other modules read and change through identity. */
export const identityRepo = {
  expireOpenResetTokens,
  findUserById,
  findUserByUsername,
  insertResetToken,
  lockUser,
  restampSession,
  updateUser,
};
