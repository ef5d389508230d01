import { MESSAGES, type MessageKey } from '../messages.ts';

/** Query parameter the login page shows as its status banner (spec §2). */
export const LOGIN_STATUS_PARAM = 'status';

/**
 * The only statuses the login page's banner shows, each by its message key (translated in the web
 * app's validation namespace): the reasons of a sign-out and the refusals of a single sign-on. An
 * arbitrary `?status=` text is never shown (it would let anyone put their words on our sign-in page):
 * anything else shows the generic sign-in failure text.
 */
export const LOGIN_STATUS_KEYS = [
  'loggedOut',
  'sessionExpired',
  'refreshFailed',
  'accountDisabled',
  'ssoNotConfigured',
  'ssoUnknownUser',
  'ssoBadSignature',
  'ssoExpired',
  'ssoReplayed',
  'ssoUnreachable',
  'ssoFailed',
  'ssoNoSeat',
] as const satisfies readonly MessageKey[];
export type LoginStatusKey = (typeof LOGIN_STATUS_KEYS)[number];

const isLoginStatusKey = (value: string): value is LoginStatusKey =>
  (LOGIN_STATUS_KEYS as readonly string[]).includes(value);

/**
 * The status key a value stands for: a key as it is, or the exact English text of one (the reasons
 * the web app keeps for a sign-out are texts); null for anything else, which is not ours.
 */
export function loginStatusKey(value: string | null | undefined): LoginStatusKey | null {
  if (!value) return null;
  if (isLoginStatusKey(value)) return value;
  return LOGIN_STATUS_KEYS.find((key) => MESSAGES[key] === value) ?? null;
}
