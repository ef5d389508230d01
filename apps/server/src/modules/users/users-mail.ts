import type { Mailer } from '../../platform/mail/mailer.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { newSecret, sha256, identityRepo } from '../identity/index.ts';

// Set-password links for invitations and administrator-requested resets. They are the identity
// module's single-use password-reset tokens (same table, same /reset-password page and
// /api/email/resetpassword call), issued here because password-reset.service.ts offers issuing
// only as part of its own forgot-password flow (by user name, with its own audit row and 404s).

/** People open an invitation days later, not within the hour a forgotten-password link lasts. */
export const INVITE_TTL_MINUTES = 7 * 24 * 60;

/**
 * A fresh single-use token for the user; older unused links stop working. Only its hash is stored
 * (the token itself goes into the mail and nowhere else, never into the audit log).
 */
export async function issueSetPasswordToken(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  ttlMinutes: number,
): Promise<string> {
  const token = newSecret();
  await identityRepo.expireOpenResetTokens(tx, tenantId, userId);
  await identityRepo.insertResetToken(tx, {
    tenantId,
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
  });
  return token;
}

export const setPasswordLink = (origin: string, token: string) =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`;

const duration = (minutes: number) =>
  minutes % (24 * 60) === 0
    ? `${minutes / (24 * 60)} days`
    : minutes % 60 === 0
      ? `${minutes / 60} hours`
      : `${minutes} minutes`;

export interface MailRecipient {
  email: string;
  fullname: string;
  username: string;
}

export function sendInvitation(
  mailer: Mailer,
  user: MailRecipient,
  link: string,
  invitedBy: string,
): Promise<void> {
  return mailer.send({
    to: user.email,
    subject: 'You have been invited to Formloop',
    text: [
      `Hello ${user.fullname},`,
      '',
      `${invitedBy} has created a Formloop account for you. Your user name is: ${user.username}`,
      'Open this link to choose your password:',
      link,
      '',
      `The link works once and expires in ${duration(INVITE_TTL_MINUTES)}. If you did not expect this, ignore this e-mail.`,
    ].join('\n'),
  });
}

export function sendAdminReset(
  mailer: Mailer,
  user: MailRecipient,
  link: string,
  ttlMinutes: number,
): Promise<void> {
  return mailer.send({
    to: user.email,
    subject: 'Reset your Formloop password',
    text: [
      `Hello ${user.fullname},`,
      '',
      `An administrator asked for a new password for your Formloop account (user name: ${user.username}).`,
      'Open this link to choose it:',
      link,
      '',
      `The link works once and expires in ${duration(ttlMinutes)}. Your current password keeps working until you set a new one.`,
    ].join('\n'),
  });
}
