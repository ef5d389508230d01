import { API_PATHS } from '@formloop/contracts';
import { languageOrNull, type Language } from '@formloop/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http.ts';
import { authStore, useAuth } from '../auth/auth-store.ts';
import { isAppLanguage } from './languages.ts';

// The user's language lives on the user (issue 25 item 4), so their e-mails and exports are written
// in it and it follows them to another browser. Signed in, the web app:
// - right after a sign-in, shows the stored language when there is one;
// - stores the one it shows when none is stored yet: the browser's, or the one picked on the
//   sign-in page — the "first sign-in" detection;
// - stores every change the user makes (the user menu's language submenu).
// A reload keeps this browser's language without storing it: only a choice is stored.

/** The stored language of the signed-in user (session userInfo.config.language), or null. */
export function storedUserLanguage(): Language | null {
  const value = authStore.getState().config?.userInfo.config.language;
  return typeof value === 'string' ? languageOrNull(value) : null;
}

/**
 * Saves the language on the user. The signed-in user's info takes it at once, so nothing reverts the
 * choice while the call is on its way; if the call fails the server keeps the old one, which the next
 * sign-in shows.
 */
export async function saveUserLanguage(language: Language): Promise<void> {
  const info = authStore.getState().config?.userInfo;
  if (info) authStore.updateUserInfo({ ...info, config: { ...info.config, language } });
  await http.post(API_PATHS.userInfo, { language });
}

/** The sign-in whose stored language was applied: a shell mounted again after it applies nothing. */
let appliedSignIn: object | null = null;

export function useUserLanguageSync(): void {
  const { i18n } = useTranslation();
  const { config } = useAuth();
  const uid = config?.userInfo.uid;

  useEffect(() => {
    if (!uid) return;
    const stored = storedUserLanguage();
    const { signedInHere, config: signIn } = authStore.getState();
    const firstMount = signedInHere && signIn !== null && appliedSignIn !== signIn;
    if (firstMount) appliedSignIn = signIn;
    if (stored && stored !== i18n.language && firstMount) {
      void i18n.loadLanguages(stored).then(() => i18n.changeLanguage(stored));
    } else if (!stored && isAppLanguage(i18n.language)) {
      void saveUserLanguage(i18n.language).catch(() => undefined);
    }
    const onChange = (next: string) => {
      if (isAppLanguage(next) && next !== storedUserLanguage())
        void saveUserLanguage(next).catch(() => undefined);
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [uid, i18n]);
}
