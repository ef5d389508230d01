import type { UserInfo, UserProfile } from '@formloop/contracts';
import { authStore } from '../../shared/auth/auth-store.ts';

/** The session token's userInfo (spec §3) as it looks after a profile save. */
export function userInfoFromProfile(profile: UserProfile, previous?: UserInfo | null): UserInfo {
  return {
    uid: profile.uid,
    username: profile.username,
    email: profile.email,
    fullname: profile.fullname,
    date_format: profile.date_format,
    preference: profile.preference,
    config: { ...previous?.config, ...profile.config },
  };
}

/**
 * What the auth store would need to take the saved profile. The store owns its state and does not
 * offer such a method yet; once it does (same name and shape), saves reach the shell at once.
 * Until then the shell shows the new name after the next sign-in or token request.
 */
interface UserInfoWriter {
  updateUserInfo?: (userInfo: UserInfo, patch?: { is2faEnabled?: boolean }) => void;
}

export function syncAuthUserInfo(profile: UserProfile): void {
  const store = authStore as unknown as UserInfoWriter;
  const previous = authStore.getState().config?.userInfo;
  if (typeof store.updateUserInfo !== 'function' || previous?.uid !== profile.uid) return;
  store.updateUserInfo(userInfoFromProfile(profile, previous), { is2faEnabled: profile.is2faEnabled });
}
