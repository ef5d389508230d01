import type { SessionToken } from '@formloop/contracts';
import { flagsForKind, type LaunchPageType, type UserKind } from '@formloop/domain';
import { adminSession } from '../../../test/fixtures.ts';

/** A session token answer for a user of `kind`, with a launch page and an expiry of our choosing. */
export function sessionFor(
  kind: UserKind,
  options: { launchPage?: LaunchPageType; expiresAt?: string; token?: string } = {},
): SessionToken {
  const info = adminSession.config.userInfo;
  return {
    ...adminSession,
    ...flagsForKind(kind),
    token: options.token ?? adminSession.token,
    expiresAt: options.expiresAt ?? adminSession.expiresAt,
    config: {
      ...adminSession.config,
      userInfo: { ...info, preference: { launch_page: { type: options.launchPage ?? 'home' } } },
    },
  };
}

/** An ISO expiry `ms` from now (by the clock the test runs on, fake or real). */
export const expiresIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
