import type { Mailer } from '../../platform/mail/mailer.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { accountMail, identityRepo, mailLanguage, newSecret, sha256 } from '../identity/index.ts';

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

/** An invitation's link says so (`&invite=1`): the page then asks to choose a password, not to reset one. */
export const setPasswordLink = (origin: string, token: string, purpose: 'invite' | 'reset' = 'reset') =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}${purpose === 'invite' ? '&invite=1' : ''}`;

export interface MailRecipient {
  email: string;
  fullname: string;
  username: string;
  /** The recipient's stored language; null when they never chose one. */
  language: string | null;
}

/** The invitation, in the new user's language (else the inviting administrator's). */
export function sendInvitation(
  mailer: Mailer,
  user: MailRecipient,
  link: string,
  inviter: { fullname: string; language: string | null } | null,
): Promise<void> {
  const language = mailLanguage(user.language, inviter?.language);
  return mailer.send({
    to: user.email,
    ...accountMail('invitation', language, {
      ...user,
      link,
      ttlMinutes: INVITE_TTL_MINUTES,
      invitedBy: inviter?.fullname,
    }),
  });
}

/** The set-password link an administrator asked for, in the user's language. */
export function sendAdminReset(
  mailer: Mailer,
  user: MailRecipient,
  link: string,
  ttlMinutes: number,
): Promise<void> {
  return mailer.send({
    to: user.email,
    ...accountMail('adminReset', mailLanguage(user.language), { ...user, link, ttlMinutes }),
  });
}
